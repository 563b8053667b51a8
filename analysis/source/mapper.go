package source

import (
	"bytes"
	"sync"
	"sync/atomic"
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
	src []byte
	// The line tables are built on first use: the workspace index holds
	// a mapper for every file it read, and most are never asked.
	once       sync.Once
	lineStarts []int // byte offset of the first byte of each line
	// yamlStarts are the line starts as yaml.v3 counts lines, which also
	// breaks at NEL, LS and PS (U+0085, U+2028, U+2029); nil when the text
	// has none of those, so it equals lineStarts.
	yamlStarts []int
	// bom is 3 when the text starts with a UTF-8 byte order mark, which
	// yaml.v3 does not count as a column but LSP clients do.
	bom int
	// plain is true, once indexed, when "\n" is the text's only line
	// break (no "\r", no NEL, LS or PS), so a new version's index can be
	// derived from this one (NewMapperAfter).
	plain bool
	// indexed is set once the line tables are built, so that CopyFor can
	// tell, without building them, whether there are tables to copy.
	indexed atomic.Bool
}

// NewMapper returns the mapper of src; the line starts are indexed on
// first use. It keeps a reference to src, which the caller must not
// modify afterwards.
func NewMapper(src []byte) *Mapper {
	m := &Mapper{src: src}
	if len(src) >= 3 && src[0] == 0xEF && src[1] == 0xBB && src[2] == 0xBF {
		m.bom = 3
	}
	return m
}

// newIndexedMapper is the mapper of src with its line starts already
// known (a "\n"-only text, as NewMapperAfter derives them).
func newIndexedMapper(src []byte, starts []int) *Mapper {
	m := NewMapper(src)
	m.once.Do(func() {
		m.lineStarts = starts
		m.plain = true
		m.indexed.Store(true)
	})
	return m
}

// lines returns the line starts, indexing them on the first call.
func (m *Mapper) lines() []int {
	m.once.Do(m.index)
	return m.lineStarts
}

// index fills the line tables.
func (m *Mapper) index() {
	defer m.indexed.Store(true)
	src := m.src
	// Sized by a count of "\n" (vectorised, cheap): no room is left spare.
	starts := make([]int, 1, bytes.Count(src, []byte{'\n'})+2)
	if bytes.IndexByte(src, '\r') < 0 && !hasUnicodeBreak(src) {
		// The common case, "\n" as the only break: IndexByte's vectorised
		// search finds them several times faster than a byte loop.
		for i := 0; ; {
			j := bytes.IndexByte(src[i:], '\n')
			if j < 0 {
				break
			}
			i += j + 1
			starts = append(starts, i)
		}
		m.lineStarts = starts
		m.plain = true
		return
	}
	unicodeBreaks := false
	for i := 0; i < len(src); i++ {
		switch src[i] {
		case '\n':
			starts = append(starts, i+1)
		case '\r':
			if i+1 < len(src) && src[i+1] == '\n' {
				i++
			}
			starts = append(starts, i+1)
		case 0xC2, 0xE2:
			if _, ok := unicodeBreak(src, i); ok {
				unicodeBreaks = true
			}
		}
	}
	m.lineStarts = starts
	if unicodeBreaks {
		m.yamlStarts = yamlLineStarts(src)
	}
}

// hasUnicodeBreak reports whether src holds a NEL, LS or PS line break.
func hasUnicodeBreak(src []byte) bool {
	return bytes.Contains(src, []byte{0xC2, 0x85}) ||
		bytes.Contains(src, []byte{0xE2, 0x80, 0xA8}) ||
		bytes.Contains(src, []byte{0xE2, 0x80, 0xA9})
}

// unicodeBreak reports whether a NEL, LS or PS line break starts at i and
// how many bytes it has.
func unicodeBreak(src []byte, i int) (int, bool) {
	if src[i] == 0xC2 && i+1 < len(src) && src[i+1] == 0x85 {
		return 2, true
	}
	if src[i] == 0xE2 && i+2 < len(src) && src[i+1] == 0x80 && (src[i+2] == 0xA8 || src[i+2] == 0xA9) {
		return 3, true
	}
	return 0, false
}

// yamlLineStarts indexes lines the way yaml.v3 counts them.
func yamlLineStarts(src []byte) []int {
	starts := []int{0}
	for i := 0; i < len(src); i++ {
		switch src[i] {
		case '\n':
			starts = append(starts, i+1)
		case '\r':
			if i+1 < len(src) && src[i+1] == '\n' {
				i++
			}
			starts = append(starts, i+1)
		default:
			if n, ok := unicodeBreak(src, i); ok {
				i += n - 1
				starts = append(starts, i+1)
			}
		}
	}
	return starts
}

// LineCount is the number of lines; an empty text has one (empty) line.
func (m *Mapper) LineCount() int { return len(m.lines()) }

// Len is the length of the text in bytes.
func (m *Mapper) Len() int { return len(m.src) }

// lineEnd is the offset of the line break ending line (or len(src)).
func (m *Mapper) lineEnd(line int) int {
	starts := m.lines()
	if line+1 < len(starts) {
		end := starts[line+1] - 1
		if end > starts[line] && m.src[end] == '\n' && m.src[end-1] == '\r' {
			end--
		}
		return end
	}
	return len(m.src)
}

// LineSpan is the byte span of line's content, without its line break.
// Out-of-range lines are clamped.
func (m *Mapper) LineSpan(line int) Span {
	line = clamp(line, 0, len(m.lines())-1)
	return Span{m.lines()[line], m.lineEnd(line)}
}

// LineOf returns the zero-based line holding offset (clamped into the text).
func (m *Mapper) LineOf(offset int) int {
	return lineOf(m.lines(), clamp(offset, 0, len(m.src)))
}

// Position converts a byte offset to a Position in enc. Offsets outside
// the text are clamped; an offset inside a multi-byte character or a
// "\r\n" pair is moved back to the character's start.
func (m *Mapper) Position(offset int, enc Encoding) Position {
	line, start, offset := m.locate(offset)
	return Position{Line: line, Character: m.units(start, offset, m.lineEnd(line), enc)}
}

// units counts the units of enc from start to offset on a line ending at
// end, stopping before a character offset falls inside. ASCII bytes are
// one unit in every encoding and need no decoding.
func (m *Mapper) units(start, offset, end int, enc Encoding) int {
	units := 0
	for i := start; i < offset; {
		if m.src[i] < utf8.RuneSelf {
			units++
			i++
			continue
		}
		r, size := utf8.DecodeRune(m.src[i:end])
		if i+size > offset {
			break
		}
		units += width(r, size, enc)
		i += size
	}
	return units
}

// CharStart clamps offset into the text and moves it back to the start of
// the character holding it (or to the line end if it is inside a line
// break), which is where Position and Offset round-trip.
func (m *Mapper) CharStart(offset int) int {
	line, start, offset := m.locate(offset)
	end := m.lineEnd(line)
	i := start
	for i < offset {
		_, size := utf8.DecodeRune(m.src[i:end])
		if i+size > offset {
			break
		}
		i += size
	}
	return i
}

// locate clamps offset into the text and into its line's content.
func (m *Mapper) locate(offset int) (line, start, clamped int) {
	offset = clamp(offset, 0, len(m.src))
	line = m.LineOf(offset)
	if end := m.lineEnd(line); offset > end {
		offset = end
	}
	return line, m.lines()[line], offset
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
	if p.Line >= len(m.lines()) {
		return len(m.src), false
	}
	if p.Character < 0 {
		return m.lines()[p.Line], false
	}
	start, end := m.lines()[p.Line], m.lineEnd(p.Line)
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

// LineCol converts a byte offset to yaml.v3's 1-based line and column.
// Like yaml.v3 it counts columns in characters (code points), does not
// count a leading byte order mark, and also breaks lines at NEL, LS and PS.
func (m *Mapper) LineCol(offset int) (line, col int) {
	offset = m.CharStart(offset)
	starts := m.yamlLines()
	l := lineOf(starts, offset)
	start := starts[l]
	if l == 0 {
		start = min(m.bom, offset)
	}
	return l + 1, utf8.RuneCount(m.src[start:offset]) + 1
}

// OffsetOfLineCol converts yaml.v3's 1-based line and column to a byte
// offset. A line past the end maps to the end of the text and a column
// past the end of its line to the end of that line.
func (m *Mapper) OffsetOfLineCol(line, col int) int {
	starts := m.yamlLines()
	if line < 1 {
		return 0
	}
	if line > len(starts) {
		return len(m.src)
	}
	i := starts[line-1]
	if line == 1 {
		i = m.bom
	}
	for c := 1; c < col && i < len(m.src); c++ {
		if m.src[i] == '\n' || m.src[i] == '\r' {
			break
		}
		if _, ok := unicodeBreak(m.src, i); ok {
			break
		}
		_, size := utf8.DecodeRune(m.src[i:])
		i += size
	}
	return i
}

func (m *Mapper) yamlLines() []int {
	starts := m.lines()
	if m.yamlStarts != nil {
		return m.yamlStarts
	}
	return starts
}

// lineOf is the index of the last line start at or before offset.
func lineOf(starts []int, offset int) int {
	lo, hi := 0, len(starts)-1
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if starts[mid] <= offset {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return lo
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
