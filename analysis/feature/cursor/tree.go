package cursor

import (
	"bytes"
	"slices"
	"sort"

	"heat-ls/analysis/hot"
	"heat-ls/analysis/source"
	"heat-ls/analysis/syntax"
)

// contextTree is the text a cursor context is read from with its tolerant
// parse: the tree says where every parsed line belongs, and the regions
// the parse read as blank (syntax.File.Recovered) are left to the text.
type contextTree struct {
	src  []byte
	root *syntax.Node // nil: no tree, the whole text is read as text
	// blanked are the recovered regions, sorted and disjoint.
	blanked []source.Span
}

// newContextTree takes doc's parse when it has a tree of doc's own text.
func newContextTree(doc *hot.Document) contextTree {
	t := contextTree{src: doc.Src}
	f := doc.Syntax
	if f == nil || !f.HasTree() || !bytes.Equal(f.Src, doc.Src) || f.Root() == nil {
		return t
	}
	t.root, t.blanked = f.Root(), f.Recovered
	return t
}

// textLine reports whether the line starting at ls is read as text: it has
// no content (blank or a comment), touches a blanked region, or there is
// no tree at all.
func (t contextTree) textLine(lines lineIndex, ls int) bool {
	if t.root == nil || !lines.hasContent(ls) {
		return true
	}
	le := lines.end(ls)
	i := sort.Search(len(t.blanked), func(i int) bool { return t.blanked[i].End > ls })
	return i < len(t.blanked) && t.blanked[i].Start < max(le, ls+1)
}

// isBlanked reports whether sp touches a blanked region.
func (t contextTree) isBlanked(sp source.Span) bool {
	i := sort.Search(len(t.blanked), func(i int) bool { return t.blanked[i].End >= sp.Start })
	return i < len(t.blanked) && t.blanked[i].Start <= sp.End
}

// textTop returns where the text read as text above line (line included)
// begins: the start of the line below the nearest line above it that the
// tree holds, or 0.
func (t contextTree) textTop(lines lineIndex, line int) int {
	if t.root == nil {
		return 0
	}
	for n := 0; line > 0 && n < maxContextLines; n++ {
		prev := lines.lineAt(line - 1)
		if !t.textLine(lines, prev) {
			return line
		}
		line = prev
	}
	return line
}

// textBottom returns where the text read as text below line ends: the
// start of the nearest line below it that the tree holds, or len(src).
func (t contextTree) textBottom(lines lineIndex, line int) int {
	if t.root == nil {
		return len(t.src)
	}
	for n := 0; n < maxContextLines; n++ {
		e := bytes.IndexByte(t.src[line:], '\n')
		if e < 0 {
			return len(t.src)
		}
		line += e + 1
		if !t.textLine(lines, line) {
			return line
		}
	}
	return line
}

// flowStart returns the start of the line where the outermost flow
// collection of the tree that holds offset at begins (at inside it, not at
// its bracket), or false when at is in no flow collection.
func (t contextTree) flowStart(lines lineIndex, at int) (int, bool) {
	n := t.root
	for depth := 0; n != nil && depth < maxPathDepth; depth++ {
		if n.Style == syntax.Flow && n.Span().Start < at && at < n.Span().End {
			return lines.lineAt(n.Span().Start), true
		}
		n = childHolding(n, at)
	}
	return 0, false
}

// childHolding is the child of a collection whose span holds at, found
// by binary search (children are in source order).
func childHolding(n *syntax.Node, at int) *syntax.Node {
	if n.Kind != syntax.MappingNode && n.Kind != syntax.SequenceNode {
		return nil
	}
	kids := n.Children()
	i := sort.Search(len(kids), func(i int) bool { return kids[i].Span().End > at })
	if i < len(kids) && kids[i].Span().Start <= at {
		return kids[i]
	}
	return nil
}

// openEntry is a member of a block collection of the tree that is still
// open at a position: the last key of a mapping, or the last item of a
// sequence, that starts before it.
type openEntry struct {
	lineEntry
	coll  *syntax.Node // the mapping or sequence it is a member of
	index int          // its index among the pairs or items of coll
}

// openEntries lists the members open at offset at, outermost first: where
// the block collections of the tree stand for a line starting at at. It
// also returns the node below the last one (the last member's value or
// item, or the first collection with no member before at), which may be a
// collection starting below at that a line there joins.
func (t contextTree) openEntries(at int) ([]openEntry, *syntax.Node) {
	var out []openEntry
	n := t.root
	for len(out) < maxPathDepth && n != nil && n.Style == syntax.Block {
		e, next, ok := t.openMember(n, at)
		if !ok {
			break
		}
		out = append(out, e)
		n = next
	}
	return out, n
}

// openMember is the member of the block collection n open at at, with the
// node it leads to; ok is false when no member starts before at.
func (t contextTree) openMember(n *syntax.Node, at int) (openEntry, *syntax.Node, bool) {
	switch n.Kind {
	case syntax.MappingNode:
		i := sort.Search(n.NumPairs(), func(i int) bool { return n.Pair(i).Key.Span().Start >= at }) - 1
		if i < 0 {
			return openEntry{}, nil, false
		}
		p := n.Pair(i)
		e := openEntry{lineEntry: lineEntry{at: p.Key.Span().Start, col: t.column(p.Key.Span().Start), key: p.Key.Value}, coll: n, index: i}
		e.blockScalar = p.Value != nil && (p.Value.Style == syntax.Literal || p.Value.Style == syntax.Folded)
		return e, p.Value, true
	case syntax.SequenceNode:
		items := n.Items()
		i := sort.Search(len(items), func(i int) bool { return items[i].Span().Start >= at }) - 1
		if i < 0 {
			return openEntry{}, nil, false
		}
		e := openEntry{lineEntry: lineEntry{at: items[i].Span().Start, col: t.column(n.Span().Start), item: true}, coll: n, index: i}
		return e, items[i], true
	}
	return openEntry{}, nil, false
}

// column is the display column of offset at.
func (t contextTree) column(at int) int {
	return displayColumn(t.src, bytes.LastIndexByte(t.src[:at], '\n')+1, at)
}

// itemScalars are the values of the items of seq before index end that
// are plain or quoted scalars, "" for the others.
func itemScalars(seq *syntax.Node, end int) []string {
	if end == 0 {
		return nil
	}
	items := seq.Items()[:end]
	out := make([]string, len(items))
	for i, it := range items {
		if it.Kind == syntax.ScalarNode && it.Style <= syntax.DoubleQuoted && it.Tag() != "!!null" {
			out[i] = it.Value
		}
	}
	return out
}

// siblingMapping is the block mapping a key at the start of a line joins,
// with the range [lo, hi) of the lines its keys can stand on: from below
// the line of the member that holds it to its end (the end of the text for
// the root).
type siblingMapping struct {
	m      *syntax.Node
	lo, hi int
}

// mappingAt returns the block mapping whose keys sit at column col that a
// key starting a line at offset at joins: the deepest such mapping open
// there, or the one that starts below it as the value of the last open
// member. ok is false when there is none.
func (t contextTree) mappingAt(lines lineIndex, at, col int) (siblingMapping, bool) {
	ents, below := t.openEntries(at)
	var sm siblingMapping
	for i, e := range ents {
		if !e.item && e.col == col {
			sm = siblingMapping{m: e.coll, hi: e.coll.Span().End}
			if i > 0 {
				sm.lo = lines.nextLine(ents[i-1].at)
			}
		}
	}
	if below != nil && below.Kind == syntax.MappingNode && below.Style == syntax.Block && below.NumPairs() > 0 &&
		t.column(below.Pair(0).Key.Span().Start) == col {
		sm = siblingMapping{m: below, hi: below.Span().End}
		if n := len(ents); n > 0 {
			sm.lo = lines.nextLine(ents[n-1].at)
		}
	}
	if sm.m == t.root {
		sm.hi = len(t.src)
	}
	return sm, sm.m != nil
}

// keysAbove lists the keys of sm before offset top, nearest first: the
// tree's, and those written on the lines of sm the parse blanked.
func (t contextTree) keysAbove(lines lineIndex, sm siblingMapping, top, col int) []string {
	var keys []offsetKey
	for _, p := range sm.m.Pairs() {
		if k := p.Key; k.Span().Start < top && !t.isBlanked(k.Span()) {
			keys = append(keys, offsetKey{k.Span().Start, k.Value})
		}
	}
	keys = append(keys, t.blankedKeys(lines, sm.lo, top, col)...)
	slices.SortFunc(keys, func(a, b offsetKey) int { return b.at - a.at })
	return keyNames(keys)
}

// keysBelow lists the keys of sm from offset bottom on, nearest first.
func (t contextTree) keysBelow(lines lineIndex, sm siblingMapping, bottom, col int) []string {
	var keys []offsetKey
	for _, p := range sm.m.Pairs() {
		if k := p.Key; k.Span().Start >= bottom && !t.isBlanked(k.Span()) {
			keys = append(keys, offsetKey{k.Span().Start, k.Value})
		}
	}
	keys = append(keys, t.blankedKeys(lines, bottom, sm.hi, col)...)
	slices.SortFunc(keys, func(a, b offsetKey) int { return a.at - b.at })
	return keyNames(keys)
}

// offsetKey is a key and where it starts.
type offsetKey struct {
	at  int
	key string
}

func keyNames(keys []offsetKey) []string {
	var out []string
	for _, k := range keys {
		out = append(out, k.key)
	}
	return out
}

// blankedKeys reads the keys in column col that start in a blanked region
// on the lines starting in [from, to): the keys the tree lacks.
func (t contextTree) blankedKeys(lines lineIndex, from, to, col int) []offsetKey {
	var out []offsetKey
	for _, r := range t.blanked {
		if r.End < from || r.Start >= to {
			continue
		}
		for ls := lines.lineAt(max(r.Start, from)); ls < min(r.End, to) && ls < len(t.src); ls = lines.nextLine(ls) {
			for _, e := range lineEntries(t.src, ls, lines.end(ls)) {
				if !e.item && e.col == col && r.Start <= e.at && e.at < r.End && len(out) < maxContextLines {
					out = append(out, offsetKey{e.at, e.key})
				}
			}
		}
	}
	return out
}
