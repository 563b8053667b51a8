package syntax

import (
	"bytes"
	"encoding/binary"
	"unicode/utf8"
)

// lineIndex converts yaml.v3's 1-based line/column marks into byte offsets.
// It cannot reuse source.Mapper because yaml.v3 also breaks lines at NEL,
// LS and PS (U+0085, U+2028, U+2029), which LSP does not. It remembers the
// last answer so that marks arriving in source order cost amortised O(1)
// even on a single very long line (minified JSON templates).
type lineIndex struct {
	src    []byte
	starts []int
	// ascii is set when "\n" is the only line break and every byte is
	// ASCII, as in nearly every template: a column is then a byte count,
	// and offset adds it to the line's start instead of walking the line.
	ascii bool
	// cursor: the last converted mark.
	curLine, curCol, curOff int
}

func newLineIndex(src []byte) *lineIndex {
	starts := make([]int, 1, len(src)/24+1)
	if onlyNewlines(src) {
		// The common case: "\n" is the only break, so let IndexByte's
		// vectorised search find them.
		for i := 0; ; {
			j := bytes.IndexByte(src[i:], '\n')
			if j < 0 {
				break
			}
			i += j + 1
			starts = append(starts, i)
		}
		return &lineIndex{src: src, starts: starts, curLine: 1, curCol: 1, ascii: isASCII(src)}
	}
	for i := 0; i < len(src); i++ {
		switch c := src[i]; {
		case c == '\n':
			starts = append(starts, i+1)
		case c == '\r':
			if i+1 < len(src) && src[i+1] == '\n' {
				i++
			}
			starts = append(starts, i+1)
		case c == 0xC2 && i+1 < len(src) && src[i+1] == 0x85:
			i++
			starts = append(starts, i+1)
		case c == 0xE2 && i+2 < len(src) && src[i+1] == 0x80 && (src[i+2] == 0xA8 || src[i+2] == 0xA9):
			i += 2
			starts = append(starts, i+1)
		}
	}
	return &lineIndex{src: src, starts: starts, curLine: 1, curCol: 1}
}

// offset converts a 1-based line and character column to a byte offset,
// clamped into the text.
func (x *lineIndex) offset(line, col int) int {
	if line < 1 {
		return 0
	}
	if line > len(x.starts) {
		return len(x.src)
	}
	if x.ascii {
		end := len(x.src) // where the line's text ends: its "\n" or the end
		if line < len(x.starts) {
			end = x.starts[line] - 1
		}
		return min(x.starts[line-1]+max(col-1, 0), end)
	}
	off, c := x.starts[line-1], 1
	if line == x.curLine && col >= x.curCol {
		off, c = x.curOff, x.curCol
	}
	for c < col && off < len(x.src) {
		b := x.src[off]
		if b == '\n' || b == '\r' {
			break
		}
		if b < utf8.RuneSelf {
			off++
		} else {
			_, size := utf8.DecodeRune(x.src[off:])
			off += size
		}
		c++
	}
	x.curLine, x.curCol, x.curOff = line, c, off
	return off
}

// lineStart is the offset of the first byte of the 1-based line (clamped).
func (x *lineIndex) lineStart(line int) int {
	if line < 1 {
		return 0
	}
	if line > len(x.starts) {
		return len(x.src)
	}
	return x.starts[line-1]
}

// isASCII reports whether every byte of src is below 0x80, eight at a time.
func isASCII(src []byte) bool {
	i := 0
	for ; i+8 <= len(src); i += 8 {
		if binary.LittleEndian.Uint64(src[i:])&0x8080808080808080 != 0 {
			return false
		}
	}
	for ; i < len(src); i++ {
		if src[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// onlyNewlines reports whether "\n" is the only line break in src (no CR,
// NEL, LS or PS).
func onlyNewlines(src []byte) bool {
	return bytes.IndexByte(src, '\r') < 0 &&
		!bytes.Contains(src, []byte{0xC2, 0x85}) &&
		!bytes.Contains(src, []byte{0xE2, 0x80, 0xA8}) &&
		!bytes.Contains(src, []byte{0xE2, 0x80, 0xA9})
}

// lineOf returns the zero-based line holding offset.
func (x *lineIndex) lineOf(offset int) int {
	lo, hi := 0, len(x.starts)-1
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if x.starts[mid] <= offset {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return lo
}
