// Package syntax turns YAML text into nodes with exact byte spans. It wraps
// gopkg.in/yaml.v3 and adds what yaml.v3 does not give: end positions,
// duplicate-key reports, columns for syntax errors, safe alias handling and
// recovery from parser panics. Everything above this package works on these
// nodes and never on decoded interface{} values, because decoding changes
// meaning (2018-08-31 becomes a timestamp, "on" a boolean in YAML 1.1).
package syntax

import (
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
	// Tag is yaml.v3's resolved short tag ("!!str", "!!int", "!!float",
	// "!!bool", "!!null", "!!timestamp", "!!map", "!!seq", "!!binary") or
	// a custom tag as written. yaml.v3 resolves YAML 1.2 style: "on",
	// "yes" and "no" are "!!str" here although Heat reads them as booleans.
	Tag string
	// Value is the scalar's text after unquoting and folding, or the alias
	// name for an AliasNode.
	Value string
	// Span covers the node's content: for scalars the text including
	// quotes or the block header; for flow collections the brackets; for
	// block collections from the first key or "-" to the end of the last
	// value. An empty value ("key:" with nothing after it) is a "!!null"
	// scalar with an empty Span right after the colon (after the "-" in a
	// sequence, after the anchor or tag if it has one). Anchor and tag
	// properties in front of the content are not part of Span. A literal
	// or folded scalar ends at the end of its last non-blank line; an
	// alias covers "*name".
	Span source.Span
	// Pairs holds a mapping's entries in source order, duplicates included.
	Pairs []*Pair
	// Items holds a sequence's entries.
	Items []*Node
	// Target is the anchored node an AliasNode refers to (nil if the
	// anchor is unknown).
	Target *Node
}

// Pair is one mapping entry. Value is never nil.
type Pair struct {
	Key   *Node
	Value *Node
}

// Span of the whole entry, from the key's start to the value's end.
func (p *Pair) Span() source.Span {
	end := p.Value.Span.End
	if end < p.Key.Span.End {
		end = p.Key.Span.End
	}
	return source.Span{Start: p.Key.Span.Start, End: end}
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
