package syntax

import (
	"iter"
	"unsafe"

	"heat-ls/analysis/source"
)

// Kind says what a Node is.
type Kind uint8

const (
	ScalarNode Kind = iota + 1
	MappingNode
	SequenceNode
	// AliasNode is a "*name" reference. Its Target is the anchored node,
	// shared and never copied, so an alias bomb costs nothing; an alias may
	// point at an ancestor (a cycle), so never follow Target recursively
	// without a bound (use Resolve).
	AliasNode
)

// Style records how a node was written.
type Style uint8

const (
	Plain Style = iota
	SingleQuoted
	DoubleQuoted
	Literal // "|" block scalar
	Folded  // ">" block scalar
	Flow    // "[...]" or "{...}" collection
	Block   // indented collection
)

// Node is one YAML node with its exact extent in the source.
type Node struct {
	Kind  Kind
	Style Style
	// Anchored is true when an "&name" stands on this node. The name is
	// not kept (an alias's Value has it): a field for it would make every
	// node 16 bytes bigger, and nodes are most of heat-ls's memory.
	Anchored bool
	// tag is the node's tag as a code (node_tag.go): one byte for the
	// short tags yaml.v3 resolves to, which nearly every node has, instead
	// of a 16-byte string header. Its top bit says what more points to.
	// Read it with Tag.
	tag tagCode
	// start and end are the node's extent (see Span) as 32-bit offsets:
	// Parse refuses texts of 4 GiB or more, and nodes are most of the
	// memory of open documents, so the two ints of a source.Span would
	// cost 8 bytes a node for nothing.
	start, end uint32
	// nkids is the length of the child list (see kids). A child takes at
	// least a byte of the text (a key with no value: its key's), and a
	// text is shorter than MaxTextSize, so the length fits.
	nkids uint32
	// Value is the scalar's text after unquoting and folding, or the alias
	// name for an AliasNode.
	Value string
	// more is the child list's first element (a **Node) or, on the few
	// nodes with a custom tag or an alias target, their rareFields, which
	// then hold the child list too (node_tag.go). One pointer and a
	// 32-bit length, in what would be padding, take 12 bytes where a slice
	// header and a pointer for the rare fields took 32; no list grows once
	// built, so it needs no capacity.
	more unsafe.Pointer
}

// Span covers the node's content: for scalars the text including quotes
// or the block header; for flow collections the brackets; for block
// collections from the first key or "-" to the end of the last value. An
// empty value ("key:" with nothing after it) is a "!!null" scalar with an
// empty Span right after the colon (after the "-" in a sequence, after the
// anchor or tag if it has one). Anchor and tag properties in front of the
// content are not part of Span. A literal or folded scalar ends at the end
// of its last non-blank line; an alias covers "*name".
func (n *Node) Span() source.Span {
	return source.Span{Start: int(n.start), End: int(n.end)}
}

// SetSpan sets the node's extent. Offsets are below MaxTextSize (Parse
// refuses larger texts); negative offsets, which no parse produces, are
// clamped to zero.
func (n *Node) SetSpan(sp source.Span) {
	n.start, n.end = offset32(sp.Start), offset32(sp.End)
}

// WithSpan sets n's span and returns n, for nodes built outside a parse
// (a stand-in value, a test tree).
func WithSpan(n *Node, sp source.Span) *Node {
	n.SetSpan(sp)
	return n
}

// MaxTextSize is the largest text Parse accepts: node offsets are 32-bit.
const MaxTextSize = 1<<32 - 1

func offset32(off int) uint32 {
	return uint32(min(max(off, 0), MaxTextSize))
}

// kids is the node's one child list: for a mapping its entries flattened
// in source order, duplicates included (key, value, key, value...); for a
// sequence its items. One list instead of a list of separately allocated
// key/value pairs beside a list of items saves room in every node and an
// allocation per entry. Outside this package it is read through Pairs,
// Pair, NumPairs, Items and Children. The list has no room after it (its
// capacity is its length), so an append to it copies it.
func (n *Node) kids() []*Node {
	if r := n.rareOf(); r != nil {
		return r.kids
	}
	return unsafe.Slice((**Node)(n.more), n.nkids)
}

// setKids makes kids n's child list (n keeps the list's memory, not a
// copy). An empty list is kept as none: no reader tells the two apart.
// A node's rare fields may be shared with the node it was copied from,
// so they are copied before the list is set in them.
func (n *Node) setKids(kids []*Node) {
	if len(kids) == 0 {
		kids = nil
	}
	n.nkids = uint32(len(kids))
	if r := n.rareOf(); r != nil {
		c := *r
		c.kids = kids[:len(kids):len(kids)]
		n.more = unsafe.Pointer(&c)
		return
	}
	n.more = unsafe.Pointer(unsafe.SliceData(kids))
}

// Pair is one mapping entry, a value handed out by Pairs and Pair (the
// mapping holds its keys and values in one child list, not pairs). Value
// is never nil. The zero Pair (Key nil) stands for an entry not found.
type Pair struct {
	Key   *Node
	Value *Node
}

// Span of the whole entry, from the key's start to the value's end.
func (p Pair) Span() source.Span {
	ks, vs := p.Key.Span(), p.Value.Span()
	return source.Span{Start: ks.Start, End: max(ks.End, vs.End)}
}

// Pairs yields a mapping's entries with their indexes, in source order,
// duplicates included; nothing for other nodes (and for nil).
func (n *Node) Pairs() iter.Seq2[int, Pair] {
	return func(yield func(int, Pair) bool) {
		if n == nil || n.Kind != MappingNode {
			return
		}
		kids := n.kids()
		for i := 0; i+1 < len(kids); i += 2 {
			if !yield(i/2, Pair{Key: kids[i], Value: kids[i+1]}) {
				return
			}
		}
	}
}

// NumPairs is the number of a mapping's entries (0 for other nodes).
func (n *Node) NumPairs() int {
	if n == nil || n.Kind != MappingNode {
		return 0
	}
	return int(n.nkids) / 2
}

// Pair returns a mapping's i-th entry; it panics when i is out of range,
// as indexing a slice would.
func (n *Node) Pair(i int) Pair {
	if n.Kind != MappingNode {
		panic("syntax: Pair on a node that is not a mapping")
	}
	kids := n.kids()
	return Pair{Key: kids[2*i], Value: kids[2*i+1]}
}

// Items returns a sequence's items (nil for other nodes and for nil). The
// slice is the node's own: read it, never change it.
func (n *Node) Items() []*Node {
	if n == nil || n.Kind != SequenceNode {
		return nil
	}
	return n.kids()
}

// Children returns the node's child list as stored: for a mapping its keys
// and values alternating, for a sequence its items, nil for scalars and
// aliases. It serves walks that treat every child alike. Read it, never
// change it.
func (n *Node) Children() []*Node {
	if n == nil {
		return nil
	}
	return n.kids()
}

// SetChildren sets the child list of a node built outside a parse (a copy,
// a test tree), laid out as Children returns it.
func (n *Node) SetChildren(kids []*Node) {
	n.setKids(kids)
}

// File is the result of parsing one text.
type File struct {
	Src []byte
	// Docs are the roots of the documents in the stream, in order. An
	// empty text or a document holding only comments has no root.
	Docs []*Node
	// Problems are syntax errors (with line and column derived from the
	// source), duplicate mapping keys, extra documents, alias trouble and
	// recovered parser panics. Rule ids are declared in analysis/rules.
	Problems []source.Diagnostic
	// Broken is true when the text is not valid YAML. Docs then holds the
	// tree recovered from the rest of the text (see Recovered), or nothing
	// when no recovery worked.
	Broken bool
	// Recovered lists the regions that were neutralised (read as blanks)
	// so the rest of a broken text could be parsed, in source order; every
	// span outside them is exact. Empty when the text parsed as it is.
	Recovered []source.Span
	// Hidden holds the words of the recovered regions, in this text and in
	// the last good text at the same place: names that may be defined or
	// used there, so nothing is reported about them while the region is
	// being edited.
	Hidden map[string]bool
	// PythonRead is set when Heat's first YAML reader (libyaml) refuses
	// the text, because a byte order mark starting a line shifted it one
	// column, and the tree is what PyYAML's own reader makes of it, which
	// Heat falls back on (bom.go). That reader turns a plain value written
	// as a date into a date, no longer text.
	PythonRead bool
}

// InRecovered reports whether sp touches a recovered region.
func (f *File) InRecovered(sp source.Span) bool {
	for _, r := range f.Recovered {
		if sp.Start <= r.End && r.Start <= sp.End {
			return true
		}
	}
	return false
}

// HasTree reports whether the file has a tree to work on: it parsed, or
// it was recovered.
func (f *File) HasTree() bool {
	return f != nil && (!f.Broken || len(f.Recovered) > 0) && len(f.Docs) > 0
}

// Root is the first document's root node, or nil.
func (f *File) Root() *Node {
	if len(f.Docs) == 0 {
		return nil
	}
	return f.Docs[0]
}
