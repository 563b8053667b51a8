package difftest

import (
	"bytes"
	"sort"
)

// edit replaces src[start:end] with text.
type edit struct {
	start, end int
	text       string
}

// apply returns src with the edits made. Edits must not overlap; they are
// applied from the end so earlier offsets stay valid.
func apply(src []byte, edits []edit) []byte {
	es := append([]edit(nil), edits...)
	sort.Slice(es, func(i, j int) bool { return es[i].start > es[j].start })
	out := append([]byte(nil), src...)
	for _, e := range es {
		if e.start < 0 || e.end > len(out) || e.start > e.end {
			return nil
		}
		out = append(out[:e.start:e.start], append([]byte(e.text), out[e.end:]...)...)
	}
	return out
}

// lineStart is the offset of the first byte of the line holding off.
func lineStart(src []byte, off int) int {
	return bytes.LastIndexByte(src[:off], '\n') + 1
}

// lineEnd is the offset just past the newline ending the line holding off
// (or the end of the text).
func lineEnd(src []byte, off int) int {
	if i := bytes.IndexByte(src[off:], '\n'); i >= 0 {
		return off + i + 1
	}
	return len(src)
}

// onlySpacesBefore reports whether nothing but spaces precedes off on its
// line, i.e. off starts the line's content.
func onlySpacesBefore(src []byte, off int) bool {
	for _, c := range src[lineStart(src, off):off] {
		if c != ' ' {
			return false
		}
	}
	return true
}

// indentOf is the leading spaces of the line holding off.
func indentOf(src []byte, off int) string {
	s := lineStart(src, off)
	e := s
	for e < len(src) && src[e] == ' ' {
		e++
	}
	return string(src[s:e])
}
