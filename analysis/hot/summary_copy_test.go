package hot

import (
	"bytes"
	"testing"
	"unsafe"

	"heat-ls/analysis/source"
)

// TestCopySummaryTellsTheSame: a copied summary tells what the summary
// does, over a text, line tables and outline strings of its own (none of
// its bytes in the summary's memory), and a non-summary is returned as is.
func TestCopySummaryTellsTheSame(t *testing.T) {
	for name, src := range summaryTexts(t) {
		for _, asked := range []bool{false, true} {
			sum := SummarizeCompact(Parse(src))
			if asked && sum.Mapper != nil {
				sum.Mapper.Position(len(src), source.UTF16) // builds its line tables
			}
			cp := CopySummary(sum)
			if got, want := tells(cp, false), tells(sum, false); got != want {
				t.Errorf("%s: copy tells\n%s\nsummary\n%s", name, got, want)
			}
			if !bytes.Equal(cp.Src, src) || cap(cp.Src) != len(cp.Src) || len(src) > 0 && &cp.Src[0] == &sum.Src[0] {
				t.Errorf("%s: copy's text not an exact copy of its own", name)
			}
			if cp.Mapper == sum.Mapper || cp.Mapper.Position(len(src), source.UTF16) != sum.Mapper.Position(len(src), source.UTF16) {
				t.Errorf("%s: copy's mapper shared or maps the end elsewhere", name)
			}
			if o, c := sum.Outline(), cp.Outline(); o != nil && sharesString(o, c) {
				t.Errorf("%s: copy's outline shares a string with the summary's", name)
			}
		}
	}
	full := Parse([]byte(summarySample))
	if CopySummary(full) != full {
		t.Error("a full parse was copied")
	}
}

// sharesString reports whether some string of c points into memory of a
// string of o at the same place of the outline.
func sharesString(o, c *Outline) bool {
	same := func(a, b string) bool { return a != "" && unsafe.StringData(a) == unsafe.StringData(b) }
	for i := range o.Parameters {
		if same(o.Parameters[i].Name, c.Parameters[i].Name) || same(o.Parameters[i].Type, c.Parameters[i].Type) {
			return true
		}
	}
	for i := range o.Resources {
		if same(o.Resources[i].Name, c.Resources[i].Name) || same(o.Resources[i].Type, c.Resources[i].Type) {
			return true
		}
	}
	return same(o.Description, c.Description)
}
