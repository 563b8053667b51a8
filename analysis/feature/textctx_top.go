package feature

import (
	"bytes"
	"sort"

	"heat-ls/analysis/hot"
	"heat-ls/analysis/syntax"
)

// topLines lists where the top-level keys of a text start, as far as its
// (tolerant) parse tells. Finding a parent section then costs a binary search instead of a walk
// over every line of a long section.
type topLines struct {
	// starts are line starts of top-level keys in the current text,
	// sorted. They are complete in [0, lo) and in [hi, len(text)).
	starts []int
	lo, hi int
	// depth is the smallest indentation of the content nested under a
	// top-level key: a line indented less than that, in the known parts,
	// is a top-level key.
	depth int
}

// covers reports whether a search for lines indented at most limit
// columns can use the index.
func (t *topLines) covers(limit int) bool { return t != nil && limit < t.depth }

// before returns the last top-level key line starting before line, or -1.
func (t *topLines) before(line int) int {
	i := sort.SearchInts(t.starts, line)
	if i == 0 {
		return -1
	}
	return t.starts[i-1]
}

// after returns the first top-level key line starting after line, or -1.
func (t *topLines) after(line int) int {
	i := sort.SearchInts(t.starts, line+1)
	if i == len(t.starts) {
		return -1
	}
	return t.starts[i]
}

// newTopLines builds the index for src from parse, the parse of src (the
// tolerant one while src is broken: the regions it read as blank are left
// to the walk). It returns nil when parse is of another text or has no
// top-level mapping.
func newTopLines(src []byte, parse *hot.Document) *topLines {
	if parse == nil || parse.Syntax == nil || !parse.Syntax.HasTree() || !bytes.Equal(parse.Src, src) {
		return nil
	}
	root := parse.Syntax.Root().Resolve()
	if root == nil || !root.IsMapping() {
		return nil
	}
	lo, hi := len(src), len(src)
	if rec := parse.Syntax.Recovered; len(rec) > 0 {
		lo = bytes.LastIndexByte(src[:rec[0].Start], '\n') + 1
		if i := bytes.IndexByte(src[rec[len(rec)-1].End:], '\n'); i >= 0 {
			hi = rec[len(rec)-1].End + i + 1
		}
	}
	t := &topLines{lo: lo, hi: hi, depth: 1 << 30}
	for _, p := range root.Pairs() {
		if v := p.Value.Resolve(); v != nil && (v.Style == syntax.Block) && v.Span().Start <= len(src) {
			ls := bytes.LastIndexByte(src[:v.Span().Start], '\n') + 1
			t.depth = min(t.depth, v.Span().Start-ls)
		}
	}
	if t.depth < 1 {
		t.depth = 1
	}
	for _, p := range root.Pairs() {
		s := p.Key.Span().Start
		if s < 0 || s > len(src) || (s > 0 && src[s-1] != '\n') {
			continue // not at the start of a line
		}
		if s < lo || s >= hi {
			t.starts = append(t.starts, s)
		}
	}
	sort.Ints(t.starts)
	return t
}
