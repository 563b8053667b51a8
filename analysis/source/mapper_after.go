package source

// PositionAfter is Position(offset, enc) for an offset at or after from,
// where at is Position(from, enc): it reads only the text between the two
// when they share a line, and looks the line up from at.Line forward
// otherwise. Converting many sorted offsets (the semantic tokens of a
// whole document) this way reads each line about once instead of
// searching the line index and decoding the line's start per offset. Any
// other from (before offset's line start, or after offset) falls back to
// Position.
func (m *Mapper) PositionAfter(at Position, from, offset int, enc Encoding) Position {
	starts := m.lines()
	if offset < from || from < 0 || at.Line < 0 || at.Line >= len(starts) || from < starts[at.Line] || offset > len(m.src) {
		return m.Position(offset, enc)
	}
	line := m.LineAfter(at.Line, offset)
	start, units := from, at.Character
	if line != at.Line {
		start, units = starts[line], 0
	}
	end := m.lineEnd(line)
	if offset > end {
		offset = end
	}
	return Position{Line: line, Character: units + m.units(start, offset, end, enc)}
}

// LineAfter is LineOf(offset) for an offset on line or after it: it steps
// over the next few lines before searching the rest, so a walk over sorted
// offsets finds each line in a step or two. An offset before line's start
// gets LineOf.
func (m *Mapper) LineAfter(line, offset int) int {
	offset = clamp(offset, 0, len(m.src))
	starts := m.lines()
	if line < 0 || line >= len(starts) || offset < starts[line] {
		return m.LineOf(offset)
	}
	for n := 0; line+1 < len(starts) && starts[line+1] <= offset; n++ {
		if n == 8 {
			return line + lineOf(starts[line:], offset)
		}
		line++
	}
	return line
}
