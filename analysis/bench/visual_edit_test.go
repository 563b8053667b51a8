package bench

import (
	"testing"
	"time"

	"heat-ls/analysis/feature/folding"
	"heat-ls/analysis/feature/semantic"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/source"
)

// The first whole-document semantic tokens and folding ranges after a
// typical edit: a character typed into a line in the middle of a resource
// of the 12,000-line template (then deleted again, alternately), with the
// previous version's answers kept, as the editor's requests before the
// edit left them. The reparse is outside the timed part. The target is
// the completion target, p99 under 5 ms; the ...First12k benchmarks in
// visual_test.go time the answer with nothing to reuse (a document just
// opened, or an edit that is not inside one entry).

// runEditLatency times op on each new version after an edit, the
// previous version being prev.
func runEditLatency(b *testing.B, op func(doc *hot.Document, sp *hot.Splice)) {
	src, edit := oneLineEdits(b)
	prev := hot.Parse(src)
	op(prev, nil)
	lat := make(Latencies, 0, b.N)
	i := 0
	for b.Loop() {
		b.StopTimer()
		doc, sp := hot.ReparseSplice(prev, edit(i), prev)
		b.StartTimer()
		start := time.Now()
		op(doc, sp)
		lat = append(lat, time.Since(start))
		prev = doc
		i++
	}
	lat.Report(b)
}

func BenchmarkSemanticTokensFullEdit12k(b *testing.B) {
	sc := loadSchema(b)
	runEditLatency(b, func(doc *hot.Document, sp *hot.Splice) {
		semantic.TokensAfter(doc, sp, sc, source.Span{End: -1}, nil)
	})
}

func BenchmarkFoldingRangesEdit12k(b *testing.B) {
	runEditLatency(b, func(doc *hot.Document, sp *hot.Splice) { folding.RangesAfter(doc, sp) })
}
