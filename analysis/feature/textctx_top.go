package feature

import (
	"bytes"
	"sort"

	"heat-ls/analysis/hot"
	"heat-ls/analysis/syntax"
)

// topLines lists where the top-level keys of a text start, as far as a
// parse tells: the parse of this very text, or the last good parse of an
// earlier text for the lines both texts share at their start and end.
// Finding a parent section then costs a binary search instead of a walk
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

// newTopLines builds the index for src from parse, a parse of old (which
// is src itself when the current text parsed). It returns nil when the
// parse has no top-level mapping.
func newTopLines(src []byte, parse *hot.Document) *topLines {
	if parse == nil || parse.Syntax == nil || !parse.Syntax.HasTree() {
		return nil
	}
	root := parse.Syntax.Root().Resolve()
	if root == nil || !root.IsMapping() {
		return nil
	}
	old := parse.Src
	lo, hi := len(src), len(src)
	shift := 0
	if rec := parse.Syntax.Recovered; len(rec) > 0 {
		// A tree recovered from src itself: the regions read as blank
		// are unknown to it.
		if !bytes.Equal(old, src) {
			return nil
		}
		lo = bytes.LastIndexByte(src[:rec[0].Start], '\n') + 1
		hi = len(src)
		if i := bytes.IndexByte(src[rec[len(rec)-1].End:], '\n'); i >= 0 {
			hi = rec[len(rec)-1].End + i + 1
		}
	} else if !bytes.Equal(old, src) {
		lo = sharedPrefixLines(src, old)
		suffix := sharedSuffixLines(src, old, lo)
		hi = len(src) - suffix
		shift = len(src) - len(old)
	}
	t := &topLines{lo: lo, hi: hi, depth: 1 << 30}
	for _, p := range root.Pairs {
		if v := p.Value.Resolve(); v != nil && (v.Style == syntax.Block) && v.Span.Start <= len(old) {
			ls := bytes.LastIndexByte(old[:v.Span.Start], '\n') + 1
			t.depth = min(t.depth, v.Span.Start-ls)
		}
	}
	if t.depth < 1 {
		t.depth = 1
	}
	for _, p := range root.Pairs {
		s := p.Key.Span.Start
		if s < 0 || s > len(old) || (s > 0 && old[s-1] != '\n') {
			continue // not at the start of a line
		}
		switch {
		case s < lo:
			t.starts = append(t.starts, s)
		case s >= len(old)-(len(src)-hi):
			t.starts = append(t.starts, s+shift)
		}
	}
	sort.Ints(t.starts)
	return t
}

// sharedPrefixLines is the length of the whole lines a and b start with.
func sharedPrefixLines(a, b []byte) int {
	n := commonPrefix(a, b)
	if n == len(a) && n == len(b) {
		return n
	}
	// Keep whole lines only: the line holding the first difference may
	// have changed.
	return bytes.LastIndexByte(a[:n], '\n') + 1
}

// sharedSuffixLines is the length of the whole lines a and b end with,
// not reaching into the first lo bytes of either.
func sharedSuffixLines(a, b []byte, lo int) int {
	limit := min(len(a), len(b)) - lo
	n := 0
	for n < limit && a[len(a)-1-n] == b[len(b)-1-n] {
		n++
	}
	// Start at a line start in both (the shared bytes right after a
	// newline of a).
	for n > 0 && a[len(a)-n-1] != '\n' {
		n--
	}
	return n
}

// commonPrefix is the length of the common prefix of a and b, compared in
// chunks so long equal texts cost little.
func commonPrefix(a, b []byte) int {
	n := 0
	for chunk := 4096; ; {
		m := min(len(a), len(b)) - n
		if m <= 0 {
			return n
		}
		c := min(chunk, m)
		if bytes.Equal(a[n:n+c], b[n:n+c]) {
			n += c
			continue
		}
		for i := 0; i < c; i++ {
			if a[n+i] != b[n+i] {
				return n + i
			}
		}
		return n + c
	}
}
