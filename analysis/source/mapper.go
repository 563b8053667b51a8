package source

import (
	"unicode/utf8"
)

// Encoding is the unit in which a Position's Character counts.
type Encoding int

const (
	// UTF16 counts UTF-16 code units: the LSP default.
	UTF16 Encoding = iota
	// UTF8 counts bytes: used when the client offers it.
	UTF8
	// UTF32 counts Unicode code points (characters).
	UTF32
)

// Position is a zero-based line and character in some Encoding, as LSP
// clients send them.
type Position struct {
	Line      int
	Character int
}

// Mapper is the one place that converts between byte offsets, LSP
// positions in any Encoding, and yaml.v3's 1-based line/column (which count
// characters). Lines end at "\n", "\r\n" or a lone "\r", as LSP specifies.
// A Mapper is immutable and safe for concurrent use.
type Mapper struct {
	src        []byte
	lineStarts []int // byte offset of the first byte of each line
}

// NewMapper indexes the line starts of src. It keeps a reference to src,
// which the caller must not modify afterwards.
func NewMapper(src []byte) *Mapper {
	starts := make([]int, 1, len(src)/32+1)
	for i := 0; i < len(src); i++ {
		switch src[i] {
		case '\n':
			starts = append(starts, i+1)
		case '\r':
			if i+1 < len(src) && src[i+1] == '\n' {
				i++
			}
			starts = append(starts, i+1)
		}
	}
	return &Mapper{src: src, lineStarts: starts}
}

// LineCount is the number of lines; an empty text has one (empty) line.
func (m *Mapper) LineCount() int { return len(m.lineStarts) }

// Len is the length of the text in bytes.
func (m *Mapper) Len() int { return len(m.src) }

// lineEnd is the offset of the line break ending line (or len(src)).
func (m *Mapper) lineEnd(line int) int {
	if line+1 < len(m.lineStarts) {
		end := m.lineStarts[line+1] - 1
		if end > m.lineStarts[line] && m.src[end] == '\n' && m.src[end-1] == '\r' {
			end--
		}
		return end
	}
	return len(m.src)
}

// LineSpan is the byte span of line's content, without its line break.
// Out-of-range lines are clamped.
func (m *Mapper) LineSpan(line int) Span {
	line = clamp(line, 0, len(m.lineStarts)-1)
	return Span{m.lineStarts[line], m.lineEnd(line)}
}

// LineOf returns the zero-based line holding offset (clamped into the text).
func (m *Mapper) LineOf(offset int) int {
	offset = clamp(offset, 0, len(m.src))
	lo, hi := 0, len(m.lineStarts)-1
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if m.lineStarts[mid] <= offset {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return lo
}

// Position converts a byte offset to a Position in enc. Offsets outside
// the text are clamped; an offset inside a multi-byte character or a
// "\r\n" pair is moved back to the character's start.
func (m *Mapper) Position(offset int, enc Encoding) Position {
	offset = clamp(offset, 0, len(m.src))
	line := m.LineOf(offset)
	start := m.lineStarts[line]
	if end := m.lineEnd(line); offset > end {
		offset = end
	}
	return Position{Line: line, Character: count(m.src[start:offset], enc)}
}

// Offset converts a Position in enc to a byte offset. A line past the end
// maps to the end of the text; a character past the end of its line maps to
// the end of that line; a character inside a surrogate pair maps to the
// start of that character. The second result reports whether p was inside
// the text as given (no clamping was needed).
func (m *Mapper) Offset(p Position, enc Encoding) (int, bool) {
	if p.Line < 0 {
		return 0, false
	}
	if p.Line >= len(m.lineStarts) {
		return len(m.src), false
	}
	if p.Character < 0 {
		return m.lineStarts[p.Line], false
	}
	start, end := m.lineStarts[p.Line], m.lineEnd(p.Line)
	units := 0
	for i := start; i < end; {
		if units >= p.Character {
			return i, units == p.Character
		}
		r, size := utf8.DecodeRune(m.src[i:end])
		next := units + width(r, size, enc)
		if next > p.Character { // inside a character's units
			return i, false
		}
		units = next
		i += size
	}
	return end, units == p.Character
}

// LineCol converts a byte offset to yaml.v3's 1-based line and column,
// where the column counts characters (code points).
func (m *Mapper) LineCol(offset int) (line, col int) {
	p := m.Position(offset, UTF32)
	return p.Line + 1, p.Character + 1
}

// OffsetOfLineCol converts yaml.v3's 1-based line and column to a byte
// offset, clamping like Offset.
func (m *Mapper) OffsetOfLineCol(line, col int) int {
	off, _ := m.Offset(Position{Line: line - 1, Character: col - 1}, UTF32)
	return off
}

// count measures b in the units of enc.
func count(b []byte, enc Encoding) int {
	switch enc {
	case UTF8:
		return len(b)
	case UTF32:
		return utf8.RuneCount(b)
	}
	n := 0
	for i := 0; i < len(b); {
		r, size := utf8.DecodeRune(b[i:])
		n += width(r, size, UTF16)
		i += size
	}
	return n
}

// width is how many units of enc one decoded character occupies. Invalid
// UTF-8 bytes count as one unit each (they decode as U+FFFD, size 1).
func width(r rune, size int, enc Encoding) int {
	switch enc {
	case UTF8:
		return size
	case UTF32:
		return 1
	}
	if r >= 0x10000 {
		return 2
	}
	return 1
}

func clamp(v, lo, hi int) int {
	if v < lo {
		return lo
	}
	if v > hi {
		return hi
	}
	return v
}
