package source

import (
	"testing"
	"unicode/utf8"
)

// TestPositionAfter: from any character start, PositionAfter answers what
// Position answers for every later offset (and earlier ones fall back),
// across line break kinds and characters of every width.
func TestPositionAfter(t *testing.T) {
	texts := []string{
		"",
		"a: b\nc: d\n",
		"key: é€😀 x\r\nnext: 😀\rlone: cr\n\n\nlast",
		"\ufeffbom: yes\nx:\n  - é\n",
		"l0\nl1\nl2\nl3\nl4\nl5\nl6\nl7\nl8\nl9\nl10\nl11\nl12\n" + "x\u2028y\n",
		"bad \xff\xfe bytes\n",
	}
	for _, text := range texts {
		m := NewMapper([]byte(text))
		for _, enc := range []Encoding{UTF16, UTF8, UTF32} {
			for from := 0; from <= len(text); from++ {
				if from < len(text) && !utf8.RuneStart(text[from]) {
					continue
				}
				at := m.Position(from, enc)
				for off := -1; off <= len(text)+1; off++ {
					if got, want := m.LineAfter(at.Line, off), m.LineOf(off); got != want {
						t.Fatalf("%q: line of %d after line %d: %d, want %d", text, off, at.Line, got, want)
					}
				}
				for off := 0; off <= len(text)+1; off++ {
					if got, want := m.PositionAfter(at, from, off, enc), m.Position(off, enc); got != want {
						t.Fatalf("%q enc %v: from %d (%v) to %d: %v, want %v", text, enc, from, at, off, got, want)
					}
				}
			}
		}
	}
}
