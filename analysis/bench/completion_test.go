package bench

import (
	"runtime"
	"testing"
	"time"

	"heat-ls/analysis/feature/completion"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/syntax/synthtest"
)

// BenchmarkCompletion12k measures one completion on the 12,000-line
// template at spread-out positions; the target is p99 under 5 ms.
func BenchmarkCompletion12k(b *testing.B) {
	sc := loadSchema(b)
	src := synthtest.GenerateTemplate(12000)
	doc := hot.Parse(src)
	at := offsets(len(src), 4096)
	lat := make(Latencies, 0, b.N)
	// The floor is measured before the loop: its garbage would otherwise
	// make the collector run during the calls being timed.
	floor := NewFloor(src)
	for range 3 {
		floor.Measure(b)
	}
	runtime.GC()
	b.ResetTimer()
	i := 0
	for b.Loop() {
		start := time.Now()
		completion.Complete(completion.Request{Doc: doc, LastGood: doc, Offset: at[i%len(at)], Schema: sc, Snippets: true})
		lat = append(lat, time.Since(start))
		i++
	}
	lat.Report(b)
	b.ReportMetric(float64(sum(lat))/float64(len(lat))/float64(max(1, floor.avg())), "x-parse")
}

// BenchmarkCompletionWhileTyping measures completion in a broken text (a
// half-typed function name in the middle of the 12,000-line template),
// on the tree recovered from the broken text.
func BenchmarkCompletionWhileTyping(b *testing.B) {
	sc := loadSchema(b)
	good := synthtest.GenerateTemplate(12000)
	last := hot.Parse(good)
	mid := len(good) / 2
	for mid < len(good) && good[mid] != '\n' {
		mid++
	}
	typed := append(append(append([]byte{}, good[:mid+1]...), "      name: {get_pa\n  x: ["...), good[mid+1:]...)
	doc := hot.ParseAfter(typed, last)
	offset := mid + 1 + len("      name: {get_pa")
	lat := make(Latencies, 0, b.N)
	for b.Loop() {
		start := time.Now()
		completion.Complete(completion.Request{Doc: doc, LastGood: last, Offset: offset, Schema: sc, Snippets: true})
		lat = append(lat, time.Since(start))
	}
	lat.Report(b)
}
