package syntax

import (
	"bytes"

	"heat-ls/analysis/source"
)

// Splice returns the parse of next, a new version of prev's text, without
// parsing all of it: when the text changed inside one entry of a top-level
// section (a resource, a parameter, an output, a registry entry), below
// the entry's key line, only that entry's lines are parsed again and the
// result is put in place of the old entry, with the spans of everything
// after it moved by the change in length. The parts before the change are
// shared with prev (trees are never modified); the parts after it are
// copied.
//
// ok is false whenever the result could differ from Parse(next): the
// change touches a key line or crosses an entry, either version has
// problems or is broken, the document uses anchors or aliases, byte-order
// marks, carriage returns or document markers, or the entry no longer
// parses as that one entry. The caller then parses next in full.
func Splice(prev *File, next []byte) (f *File, ok bool) {
	f, _, ok = SpliceEntry(prev, next)
	return f, ok
}

// SpliceEntry is Splice that also tells which entry it replaced and where
// its lines lie, so answers kept with the previous version (semantic
// tokens, folding ranges) need be redone only for that entry.
func SpliceEntry(prev *File, next []byte) (*File, SplicedEntry, bool) {
	var none SplicedEntry
	if prev == nil || prev.Broken || len(prev.Problems) > 0 || len(prev.Docs) != 1 {
		return nil, none, false
	}
	old := prev.Src
	start, oldEnd, newEnd := source.ChangedRange(old, next)
	if start == oldEnd && start == newEnd {
		return nil, none, false // same text: nothing to gain, and nothing to get wrong
	}
	if hasUnsureBytes(old) || hasUnsureBytes(next[start:newEnd]) {
		return nil, none, false
	}
	root := prev.Docs[0]
	if root.Kind != MappingNode || root.Style == Flow || mayHaveAnchors(root, old) {
		return nil, none, false
	}
	loc, found := locateEntry(root, old, start, oldEnd)
	if !found {
		return nil, none, false
	}
	delta := newEnd - oldEnd
	region := next[loc.from : loc.to+delta]
	if containsDocumentMarker(region) {
		return nil, none, false
	}
	// The entry is parsed under a stand-in section key at the left margin,
	// so the parser sees the same indentation around it as in the whole
	// document (a mapping at the top of a stream is judged more leniently
	// than one nested in a section).
	text := make([]byte, 0, len(sectionStandIn)+len(region))
	text = append(append(text, sectionStandIn...), region...)
	sub := Parse(text)
	if sub.Broken || len(sub.Problems) > 0 || len(sub.Docs) != 1 {
		return nil, none, false
	}
	wrap := sub.Docs[0]
	if wrap.Kind != MappingNode || wrap.Style != Block || len(wrap.Pairs) != 1 {
		return nil, none, false
	}
	entry := wrap.Pairs[0].Value
	if entry.Kind != MappingNode || entry.Style != Block || len(entry.Pairs) != 1 || hasAnchors(entry) {
		return nil, none, false
	}
	pair := entry.Pairs[0]
	shiftInPlace(pair.Key, loc.from-len(sectionStandIn))
	shiftInPlace(pair.Value, loc.from-len(sectionStandIn))
	if !sameKey(pair.Key, loc.pair.Key) {
		return nil, none, false
	}

	section := *loc.section.Value
	section.Pairs = splicePairs(section.Pairs, loc.entryIndex, pair, delta)
	section.Span.End = newEndOf(section.Span.End, loc, pair, delta)
	sectionPair := &Pair{Key: loc.section.Key, Value: &section}

	top := *root
	top.Pairs = splicePairs(top.Pairs, loc.sectionIndex, sectionPair, delta)
	top.Span.End = newEndOf(top.Span.End, loc, pair, delta)
	e := SplicedEntry{Section: loc.sectionIndex, Entry: loc.entryIndex, From: loc.from, OldTo: loc.to, NewTo: loc.to + delta}
	return &File{Src: next, Docs: []*Node{&top}}, e, true
}

// sectionStandIn is the section key line an entry is parsed under.
const sectionStandIn = "s:\n"

// hasUnsureBytes reports text whose positions may be counted
// differently by yaml.v3 and the line index when cut out of its document:
// a byte-order mark, carriage returns. Seeing one only costs a full parse.
func hasUnsureBytes(text []byte) bool {
	return bytes.HasPrefix(text, []byte(utf8BOM)) || bytes.IndexByte(text, '\r') >= 0
}

// mayHaveAnchors reports whether the tree under root may hold anchors or
// aliases, which tie entries together; the walk is skipped when the text
// has neither '&' nor '*'.
func mayHaveAnchors(root *Node, src []byte) bool {
	return (bytes.IndexByte(src, '&') >= 0 || bytes.IndexByte(src, '*') >= 0) && hasAnchors(root)
}

// containsDocumentMarker reports a "---" or "..." at the start of a line.
func containsDocumentMarker(text []byte) bool {
	for line := range bytes.Lines(text) {
		if bytes.HasPrefix(line, []byte("---")) || bytes.HasPrefix(line, []byte("...")) {
			return true
		}
	}
	return false
}

// hasAnchors reports an anchored or alias node under n.
func hasAnchors(n *Node) bool {
	if n == nil {
		return false
	}
	if n.Anchored || n.Kind == AliasNode {
		return true
	}
	for _, p := range n.Pairs {
		if hasAnchors(p.Key) || hasAnchors(p.Value) {
			return true
		}
	}
	for _, it := range n.Items {
		if hasAnchors(it) {
			return true
		}
	}
	return false
}

// entryLocation is where a change falls: the section pair (its index in
// the root), the entry pair (its index in the section), and the lines the
// entry owns, [from, to): from the start of its key's line to the start
// of the next key's line (the next entry's, the next section's), or the
// end of the text.
type entryLocation struct {
	section, pair            *Pair
	sectionIndex, entryIndex int
	from, to                 int
}

// locateEntry finds the entry whose lines strictly contain the changed
// bytes [start, end) of src, below its key line.
func locateEntry(root *Node, src []byte, start, end int) (entryLocation, bool) {
	for i, sp := range root.Pairs {
		secTo, ok := len(src), true
		if i+1 < len(root.Pairs) {
			if secTo, ok = keyLineStart(src, root.Pairs[i+1].Key); !ok {
				return entryLocation{}, false
			}
		}
		if start >= secTo {
			continue
		}
		sec := sp.Value
		if sec.Kind != MappingNode || sec.Style != Block {
			return entryLocation{}, false
		}
		for j, ep := range sec.Pairs {
			from, ok := keyLineStart(src, ep.Key)
			if !ok {
				return entryLocation{}, false
			}
			to := secTo
			if j+1 < len(sec.Pairs) {
				if to, ok = keyLineStart(src, sec.Pairs[j+1].Key); !ok {
					return entryLocation{}, false
				}
			}
			if start < from || start >= to {
				continue
			}
			keyLineEnd := bytes.IndexByte(src[ep.Key.Span.Start:], '\n')
			if keyLineEnd < 0 || start <= ep.Key.Span.Start+keyLineEnd || end >= to {
				return entryLocation{}, false
			}
			return entryLocation{section: sp, pair: ep, sectionIndex: i, entryIndex: j, from: from, to: to}, true
		}
		return entryLocation{}, false
	}
	return entryLocation{}, false
}

// keyLineStart is the start of the line a block key begins, when only
// spaces come before the key on that line.
func keyLineStart(src []byte, key *Node) (int, bool) {
	at := key.Span.Start
	lineStart := bytes.LastIndexByte(src[:at], '\n') + 1
	for _, c := range src[lineStart:at] {
		if c != ' ' {
			return 0, false
		}
	}
	return lineStart, true
}

// sameKey reports whether the reparsed entry has the old entry's key,
// written the same way at the same place.
func sameKey(a, b *Node) bool {
	return a.Kind == b.Kind && a.Style == b.Style && a.Tag == b.Tag && a.Value == b.Value && a.Span == b.Span && len(a.Pairs) == 0 && len(a.Items) == 0
}

// splicePairs returns pairs with pairs[at] replaced by p and the pairs
// after it copied with their spans moved by delta.
func splicePairs(pairs []*Pair, at int, p *Pair, delta int) []*Pair {
	var size treeCount
	for _, q := range pairs[at+1:] {
		size.add(q.Key)
		size.add(q.Value)
	}
	a := size.arena()
	out := make([]*Pair, len(pairs))
	copy(out, pairs[:at])
	out[at] = p
	for k := at + 1; k < len(pairs); k++ {
		out[k] = a.pair(a.shiftCopy(pairs[k].Key, delta), a.shiftCopy(pairs[k].Value, delta))
	}
	return out
}

// newEndOf is the new end of a collection that contains the entry: the
// entry's new end when the collection ended inside the entry's lines (it
// was the last one), else the old end moved by delta.
func newEndOf(end int, loc entryLocation, p *Pair, delta int) int {
	if end < loc.to {
		return p.Value.Span.End
	}
	return end + delta
}

// shiftInPlace moves the spans of a freshly parsed tree by delta. An empty
// collection gets an empty child list rather than none, as in the parse
// of a whole document (the converter hands out child lists from arenas
// that a small text may never allocate); no reader tells the two apart.
func shiftInPlace(n *Node, delta int) {
	n.Span = source.Span{Start: n.Span.Start + delta, End: n.Span.End + delta}
	switch {
	case n.Kind == MappingNode && n.Pairs == nil:
		n.Pairs = []*Pair{}
	case n.Kind == SequenceNode && n.Items == nil:
		n.Items = []*Node{}
	}
	for _, p := range n.Pairs {
		shiftInPlace(p.Key, delta)
		shiftInPlace(p.Value, delta)
	}
	for _, it := range n.Items {
		shiftInPlace(it, delta)
	}
}

// treeCount counts what copying trees takes, so the copies come from a
// few large allocations instead of one per node.
type treeCount struct{ nodes, pairs, items int }

func (t *treeCount) add(n *Node) {
	t.nodes++
	t.pairs += len(n.Pairs)
	t.items += len(n.Items)
	for _, p := range n.Pairs {
		t.add(p.Key)
		t.add(p.Value)
	}
	for _, it := range n.Items {
		t.add(it)
	}
}

func (t *treeCount) arena() *copyArena {
	return &copyArena{
		nodes: make([]Node, 0, t.nodes), pairs: make([]Pair, 0, t.pairs+1),
		nodePtrs: make([]*Node, 0, t.items), pairPtrs: make([]*Pair, 0, t.pairs),
	}
}

// copyArena hands out the nodes, pairs and child lists of copied trees
// from chunks; a chunk that is full is replaced by a new one (never grown,
// which would move what was handed out), so a miscount costs an
// allocation, never correctness.
type copyArena struct {
	nodes    []Node
	pairs    []Pair
	nodePtrs []*Node
	pairPtrs []*Pair
}

func (a *copyArena) node(n Node) *Node {
	if len(a.nodes) == cap(a.nodes) {
		a.nodes = make([]Node, 0, 256)
	}
	a.nodes = append(a.nodes, n)
	return &a.nodes[len(a.nodes)-1]
}

func (a *copyArena) pair(k, v *Node) *Pair {
	if len(a.pairs) == cap(a.pairs) {
		a.pairs = make([]Pair, 0, 256)
	}
	a.pairs = append(a.pairs, Pair{Key: k, Value: v})
	return &a.pairs[len(a.pairs)-1]
}

// slots returns n consecutive slots of *chunk, replacing the chunk when
// it has too few left.
func slots[T any](chunk *[]T, n int) []T {
	if cap(*chunk)-len(*chunk) < n {
		*chunk = make([]T, 0, max(n, 256))
	}
	l := len(*chunk)
	*chunk = (*chunk)[:l+n]
	return (*chunk)[l : l+n : l+n]
}

// shiftCopy copies the tree under n with its spans moved by delta. The
// trees it copies hold no aliases (Splice refuses documents with any).
func (a *copyArena) shiftCopy(n *Node, delta int) *Node {
	c := a.node(*n)
	c.Span = source.Span{Start: n.Span.Start + delta, End: n.Span.End + delta}
	if n.Pairs != nil {
		c.Pairs = slots(&a.pairPtrs, len(n.Pairs))
		for i, p := range n.Pairs {
			c.Pairs[i] = a.pair(a.shiftCopy(p.Key, delta), a.shiftCopy(p.Value, delta))
		}
	}
	if n.Items != nil {
		c.Items = slots(&a.nodePtrs, len(n.Items))
		for i, it := range n.Items {
			c.Items[i] = a.shiftCopy(it, delta)
		}
	}
	return c
}
