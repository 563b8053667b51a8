package syntax

import (
	"bytes"

	"heat-ls/analysis/source"
)

// Splice returns the parse of next, a new version of prev's text, without
// parsing all of it: when the text changed inside one entry of a top-level
// section (a resource, a parameter, an output, a registry entry), below
// the entry's key line, only that entry's lines are parsed again (or,
// when it can be told, only those of the smallest block member inside
// the entry that holds the change: splice_nested.go) and the result is
// put in place of the old one, with the spans of everything after it
// moved by the change in length. The parts before the change are
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
	e := SplicedEntry{Section: loc.sectionIndex, Entry: loc.entryIndex, From: loc.from, OldTo: loc.to, NewTo: loc.to + delta}
	if m, ok := findNested(root, old, loc, start, oldEnd); ok {
		if top, ok := spliceNested(next, m, delta); ok {
			e.Nested, e.MemberFrom, e.MemberOldTo, e.MemberNewTo = true, m.from, m.to, m.to+delta
			for _, st := range m.path {
				e.MemberPath = append(e.MemberPath, st.idx)
			}
			return &File{Src: next, Docs: []*Node{top}}, e, true
		}
	}
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
	if wrap.Kind != MappingNode || wrap.Style != Block || wrap.NumPairs() != 1 {
		return nil, none, false
	}
	entry := wrap.Pair(0).Value
	if entry.Kind != MappingNode || entry.Style != Block || entry.NumPairs() != 1 || hasAnchors(entry) {
		return nil, none, false
	}
	pair := entry.Pair(0)
	shiftInPlace(pair.Key, loc.from-len(sectionStandIn))
	shiftInPlace(pair.Value, loc.from-len(sectionStandIn))
	if !sameKey(pair.Key, loc.pair.Key) {
		return nil, none, false
	}

	section := *loc.section.Value
	section.setKids(splicePairs(section.kids(), loc.entryIndex, pair, delta))
	section.end = offset32(newEndOf(int(section.end), loc, pair, delta))

	top := *root
	top.setKids(splicePairs(top.kids(), loc.sectionIndex, Pair{Key: loc.section.Key, Value: &section}, delta))
	top.end = offset32(newEndOf(int(top.end), loc, pair, delta))
	return &File{Src: next, Docs: []*Node{&top}}, e, true
}

// sectionStandIn is the section key line an entry is parsed under.
const sectionStandIn = "s:\n"

// hasUnsureBytes reports text whose positions may be counted
// differently by yaml.v3 and the line index when cut out of its document:
// a byte-order mark (anywhere: one after the start can change how the
// whole document is read, bom.go), carriage returns. Seeing one only costs
// a full parse.
func hasUnsureBytes(text []byte) bool {
	return bytes.Contains(text, []byte(utf8BOM)) || bytes.IndexByte(text, '\r') >= 0
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
	for _, c := range n.kids() {
		if hasAnchors(c) {
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
	section, pair            Pair
	sectionIndex, entryIndex int
	from, to                 int
}

// locateEntry finds the entry whose lines strictly contain the changed
// bytes [start, end) of src, below its key line.
func locateEntry(root *Node, src []byte, start, end int) (entryLocation, bool) {
	for i, sp := range root.Pairs() {
		secTo, ok := len(src), true
		if i+1 < root.NumPairs() {
			if secTo, ok = keyLineStart(src, root.Pair(i+1).Key); !ok {
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
		for j, ep := range sec.Pairs() {
			from, ok := keyLineStart(src, ep.Key)
			if !ok {
				return entryLocation{}, false
			}
			to := secTo
			if j+1 < sec.NumPairs() {
				if to, ok = keyLineStart(src, sec.Pair(j+1).Key); !ok {
					return entryLocation{}, false
				}
			}
			if start < from || start >= to {
				continue
			}
			keyStart := int(ep.Key.start)
			keyLineEnd := bytes.IndexByte(src[keyStart:], '\n')
			if keyLineEnd < 0 || start <= keyStart+keyLineEnd || end >= to {
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
	at := int(key.start)
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
	return a.Kind == b.Kind && a.Style == b.Style && a.Tag() == b.Tag() && a.Value == b.Value &&
		a.start == b.start && a.end == b.end && len(a.kids()) == 0 && len(b.kids()) == 0
}

// splicePairs returns a mapping's child list kids with entry at replaced
// by p and the entries after it copied with their spans moved by delta.
func splicePairs(kids []*Node, at int, p Pair, delta int) []*Node {
	var size treeCount
	for _, q := range kids[2*at+2:] {
		size.add(q)
	}
	a := size.arena()
	out := make([]*Node, len(kids))
	copy(out, kids[:2*at])
	out[2*at], out[2*at+1] = p.Key, p.Value
	for k := 2*at + 2; k < len(kids); k++ {
		out[k] = a.shiftCopy(kids[k], delta)
	}
	return out
}

// newEndOf is the new end of a collection that contains the entry: the
// entry's new end when the collection ended inside the entry's lines (it
// was the last one; when the text ends without a line break, its end is
// the end of those lines), else the old end moved by delta.
func newEndOf(end int, loc entryLocation, p Pair, delta int) int {
	if end <= loc.to {
		return int(p.Value.end)
	}
	return end + delta
}

// shiftInPlace moves the spans of a freshly parsed tree by delta.
func shiftInPlace(n *Node, delta int) {
	n.SetSpan(source.Span{Start: int(n.start) + delta, End: int(n.end) + delta})
	for _, c := range n.kids() {
		shiftInPlace(c, delta)
	}
}

// treeCount counts what copying trees takes, so the copies come from a
// few large allocations instead of one per node.
type treeCount struct{ nodes, ptrs int }

func (t *treeCount) add(n *Node) {
	t.nodes++
	t.ptrs += len(n.kids())
	for _, c := range n.kids() {
		t.add(c)
	}
}

func (t *treeCount) arena() *copyArena {
	return &copyArena{nodes: make([]Node, 0, t.nodes), ptrs: make([]*Node, 0, t.ptrs)}
}

// copyArena hands out the nodes and child lists of copied trees from
// chunks; a chunk that is full is replaced by a new one (never grown,
// which would move what was handed out), so a miscount costs an
// allocation, never correctness.
type copyArena struct {
	nodes []Node
	ptrs  []*Node
}

// slot hands out the next zeroed node of the arena.
func (a *copyArena) slot() *Node {
	if len(a.nodes) == cap(a.nodes) {
		a.nodes = make([]Node, 0, 256)
	}
	a.nodes = a.nodes[:len(a.nodes)+1]
	return &a.nodes[len(a.nodes)-1]
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
	// Field by field, not *c = *n: while the collector marks, copying a
	// whole node goes through the bulk write barrier, which reads the heap
	// bitmap for every copy, and a splice copies thousands of nodes; the
	// fields' own barriers cost less. copiedNodeFields (test) keeps this
	// list in step with Node.
	c := a.slot()
	c.Kind, c.Style, c.Anchored = n.Kind, n.Style, n.Anchored
	c.tag, c.Value, c.more = n.tag, n.Value, n.more
	c.SetSpan(source.Span{Start: int(n.start) + delta, End: int(n.end) + delta})
	if n.nkids > 0 { // setKids replaces more (and copies rare fields)
		kids := slots(&a.ptrs, int(n.nkids))
		for i, k := range n.kids() {
			kids[i] = a.shiftCopy(k, delta)
		}
		c.setKids(kids)
	}
	return c
}
