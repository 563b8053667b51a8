package feature_test

import (
	"sort"
	"testing"
	"time"

	"heat-ls/analysis/feature"
	"heat-ls/analysis/feature/hover"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/syntax/synthtest"
	"heat-ls/schema/schematest"
)

// hoverOffsets picks interesting cursor positions spread over src: the
// starts of intrinsic function names, their arguments and resource types.
func hoverOffsets(doc *hot.Document) []int {
	var offs []int
	for i, c := range doc.Template.Calls {
		if i%7 == 0 {
			offs = append(offs, c.Key.Span().Start+1, c.Args.Span().Start+1)
		}
	}
	for _, r := range doc.Template.Resources {
		if r.TypeNode != nil {
			offs = append(offs, r.TypeNode.Span().Start+2)
		}
	}
	return offs
}

// BenchmarkHover measures one hover on a 12,000-line template, reporting
// the 99th percentile latency (target: under 5 ms).
func BenchmarkHover(b *testing.B) {
	sch := schematest.Load(b)
	doc := hot.Parse(synthtest.GenerateTemplate(12000))
	offs := hoverOffsets(doc)
	if len(offs) == 0 {
		b.Fatal("no offsets")
	}
	lat := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		start := time.Now()
		hover.Hover(doc, sch, offs[i%len(offs)], true)
		lat = append(lat, time.Since(start))
	}
	b.StopTimer()
	reportP99(b, lat)
}

// BenchmarkReferences measures finding every use of a name on the same
// template (what references, highlight and rename do).
func BenchmarkReferences(b *testing.B) {
	doc := hot.Parse(synthtest.GenerateTemplate(12000))
	offs := hoverOffsets(doc)
	lat := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		start := time.Now()
		feature.FindReferences(doc, offs[i%len(offs)], true)
		lat = append(lat, time.Since(start))
	}
	b.StopTimer()
	reportP99(b, lat)
}

func reportP99(b *testing.B, lat []time.Duration) {
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	p99 := lat[min(len(lat)-1, len(lat)*99/100)]
	b.ReportMetric(float64(p99.Microseconds())/1000, "p99-ms")
}
