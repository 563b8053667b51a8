package source

import (
	"bytes"
	"testing"
)

// TestCopyForKeepsTheTablesBuilt: a mapper's copy has line tables only
// when the original built them, in memory of its own, and maps every
// offset as the original does, for every kind of line break.
func TestCopyForKeepsTheTablesBuilt(t *testing.T) {
	for _, text := range []string{"a\nb\r\nc\rd", "x\u2028y\u0085z\n", "plain\nlines\n", ""} {
		src := []byte(text)
		m := NewMapper(src)
		if c := m.CopyFor(bytes.Clone(src)); c.indexed.Load() {
			t.Errorf("%q: the copy of a mapper never asked has tables", text)
		}
		for off := 0; off <= len(src); off++ {
			m.Position(off, UTF16)
		}
		c := m.CopyFor(bytes.Clone(src))
		if !c.indexed.Load() || len(src) > 0 && &c.lineStarts[0] == &m.lineStarts[0] {
			t.Errorf("%q: the copy's tables are missing or shared", text)
		}
		for off := 0; off <= len(src); off++ {
			if got, want := c.Position(off, UTF16), m.Position(off, UTF16); got != want {
				t.Errorf("%q offset %d: copy at %v, original at %v", text, off, got, want)
			}
			gl, gc := c.LineCol(off)
			wl, wc := m.LineCol(off)
			if gl != wl || gc != wc {
				t.Errorf("%q offset %d: copy's line/column %d:%d, original's %d:%d", text, off, gl, gc, wl, wc)
			}
		}
	}
}
