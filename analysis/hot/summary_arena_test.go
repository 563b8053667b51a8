package hot

import (
	"bytes"
	"testing"

	"heat-ls/analysis/source"
)

// TestSummarizeInMatchesSummarize: summaries kept in one arena, one after
// another (as a scan worker makes them), tell what Summarize's do, and
// none writes over another's text or nodes.
func TestSummarizeInMatchesSummarize(t *testing.T) {
	texts := summaryTexts(t)
	var a SummaryArena
	type kept struct {
		name string
		src  []byte
		sum  *Document
		want string
	}
	var all []kept
	for name, src := range texts {
		full := Parse(src)
		sum := SummarizeIn(full, &a)
		all = append(all, kept{name, src, sum, tells(Summarize(Parse(src)), false)})
	}
	for _, k := range all {
		if got := tells(k.sum, false); got != k.want {
			t.Errorf("%s: summary in the arena tells\n%s\nSummarize\n%s", k.name, got, k.want)
		}
		if !bytes.Equal(k.sum.Src, k.src) {
			t.Errorf("%s: text changed in the arena", k.name)
		}
		if k.sum.Mapper != nil && len(k.src) > 0 {
			end := len(k.src)
			if got, want := k.sum.Mapper.Position(end, source.UTF16), Parse(k.src).Mapper.Position(end, source.UTF16); got != want {
				t.Errorf("%s: end of text at %v, want %v", k.name, got, want)
			}
		}
	}
}

// TestSummaryArenaGrowsWithItsTexts: the blocks an arena takes stay
// within twice the texts kept in it plus the first block, for a few
// small files (a scan of a small folder, whose summaries may keep their
// blocks alive for the whole session) as for many.
func TestSummaryArenaGrowsWithItsTexts(t *testing.T) {
	text := bytes.Repeat([]byte("x"), 1500)
	for _, n := range []int{1, 5, 40, 400} {
		var a SummaryArena
		kept, blocks := 0, 0
		for range n {
			before := cap(a.text)
			had := a.text[:cap(a.text)]
			a.keepText(text)
			if cap(a.text) != before || len(had) == 0 || &a.text[:1][0] != &had[0] {
				blocks += cap(a.text)
			}
			kept += len(text)
		}
		if limit := 2*kept + arenaFirstBlock; blocks > limit {
			t.Errorf("%d texts of %d bytes took %d bytes of blocks, want at most %d", n, len(text), blocks, limit)
		}
	}
}
