package source

import "unicode/utf8"

// PositionAfter is Position(offset, enc) for an offset at or after from,
// where at is Position(from, enc): it reads only the text between the two
// when they share a line, and looks the line up from at.Line forward
// otherwise. Converting many sorted offsets (the semantic tokens of a
// whole document) this way reads each line about once instead of
// searching the line index and decoding the line's start per offset. Any
// other from (before offset's line start, or after offset) falls back to
// Position.
func (m *Mapper) PositionAfter(at Position, from, offset int, enc Encoding) Position {
	if offset < from || from < 0 || at.Line < 0 || at.Line >= len(m.lineStarts) || from < m.lineStarts[at.Line] || offset > len(m.src) {
		return m.Position(offset, enc)
	}
	line := at.Line
	// The next few lines by a step each, then a search of the rest.
	for n := 0; line+1 < len(m.lineStarts) && m.lineStarts[line+1] <= offset; n++ {
		if n == 8 {
			line += lineOf(m.lineStarts[line:], offset)
			break
		}
		line++
	}
	start, units := from, at.Character
	if line != at.Line {
		start, units = m.lineStarts[line], 0
	}
	end := m.lineEnd(line)
	if offset > end {
		offset = end
	}
	for i := start; i < offset; {
		if c := m.src[i]; c < utf8.RuneSelf {
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
	return Position{Line: line, Character: units}
}
