package bench

import (
	"runtime"
	"testing"
	"time"

	"heat-ls/analysis/feature/hover"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/syntax/synthtest"
)

// offsets returns n offsets spread evenly over a text of size bytes, so a
// latency benchmark samples every kind of position (keys, values, function
// names, references, block scalars).
func offsets(size, n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = int(int64(i) * int64(size) / int64(n))
	}
	return out
}

// BenchmarkHover12k measures one hover on the 12,000-line template at
// spread-out positions; the target is p99 under 5 ms. "x-parse" compares a
// hover with parsing the whole text.
func BenchmarkHover12k(b *testing.B) {
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
		hover.Hover(doc, sc, at[i%len(at)], true)
		lat = append(lat, time.Since(start))
		i++
	}
	lat.Report(b)
	b.ReportMetric(float64(sum(lat))/float64(len(lat))/float64(max(1, floor.avg())), "x-parse")
}

func sum(l Latencies) time.Duration {
	var t time.Duration
	for _, d := range l {
		t += d
	}
	return t
}
