package hot

import (
	"bytes"
	"testing"

	"heat-ls/analysis/source"
	"heat-ls/analysis/syntax/synthtest"
)

// TestSummarizeCompactMatchesSummarize: a compact summary tells what
// Summarize's does, with a text of its own, exactly as long.
func TestSummarizeCompactMatchesSummarize(t *testing.T) {
	for name, src := range summaryTexts(t) {
		full := Parse(src)
		sum := SummarizeCompact(full)
		if got, want := tells(sum, false), tells(Summarize(Parse(src)), false); got != want {
			t.Errorf("%s: compact summary tells\n%s\nSummarize\n%s", name, got, want)
		}
		if !bytes.Equal(sum.Src, src) || cap(sum.Src) != len(sum.Src) {
			t.Errorf("%s: text of %d bytes with room for %d, equal: %v", name, len(sum.Src), cap(sum.Src), bytes.Equal(sum.Src, src))
		}
		if len(src) > 0 && &sum.Src[0] == &full.Src[0] {
			t.Errorf("%s: the summary shares the parse's text", name)
		}
		if sum.Mapper != nil && len(src) > 0 {
			if got, want := sum.Mapper.Position(len(src), source.UTF16), full.Mapper.Position(len(src), source.UTF16); got != want {
				t.Errorf("%s: end of text at %v, want %v", name, got, want)
			}
		}
	}
}

// TestCompactOutlineFewAllocations: a compact outline takes the same few
// allocations however many resources a template has (each kind of entry
// in one slice), so it fills no heap pages with small pieces beside its
// parse's garbage.
func TestCompactOutlineFewAllocations(t *testing.T) {
	for _, n := range []int{200, 20000} {
		o := Summarize(Parse(synthtest.GenerateTemplate(n))).Outline()
		if o == nil || len(o.Resources) == 0 {
			t.Fatalf("template of size %d: no resources in the outline", n)
		}
		allocs := testing.AllocsPerRun(5, func() { compactOutline(o) })
		// the outline, four slices of entries, one of definitions, one
		// of properties
		if allocs > 7 {
			t.Errorf("%d resources: %v allocations, want at most 7", len(o.Resources), allocs)
		}
	}
}
