package bench

import (
	"slices"
	"testing"
	"time"

	"gopkg.in/yaml.v3"
)

// Floor measures the bare yaml.v3 parse of a text interleaved with the
// benchmark's own operations, so both see the same machine load: call
// Measure once per iteration (it stops b's timer around the parse) and
// Report after the loop.
type Floor struct {
	src     []byte
	floor   time.Duration
	runs    int
	started time.Time
}

// NewFloor prepares the floor of src; call it just before the timed loop.
func NewFloor(src []byte) *Floor { return &Floor{src: src, started: time.Now()} }

// Measure parses the text once with yaml.v3, outside b's timer.
func (f *Floor) Measure(b *testing.B) {
	b.StopTimer()
	start := time.Now()
	var node yaml.Node
	if err := yaml.Unmarshal(f.src, &node); err != nil {
		b.Fatalf("yaml.v3 rejects the benchmark text: %v", err)
	}
	f.floor += time.Since(start)
	f.runs++
	b.StartTimer()
}

// Report adds "x-parse", the benchmark's time per operation as a multiple
// of the parse, and "parse-ns" (the floor itself) to b's metrics. ops is
// the number of operations in the loop (b.N).
func (f *Floor) Report(b *testing.B, ops int) {
	if f.runs == 0 || ops == 0 {
		return
	}
	wall := time.Since(f.started) - f.floor
	per := float64(wall) / float64(ops)
	floor := float64(f.floor) / float64(f.runs)
	b.ReportMetric(per/floor, "x-parse")
	b.ReportMetric(floor, "parse-ns")
}

// Latencies collects the durations of single operations and reports
// percentiles, for targets stated as "p99 under N ms".
type Latencies []time.Duration

// Report adds p50 and p99 (in milliseconds) to b's metrics.
func (l Latencies) Report(b *testing.B) {
	if len(l) == 0 {
		return
	}
	s := append(Latencies(nil), l...)
	sortDurations(s)
	b.ReportMetric(ms(s[len(s)/2]), "p50-ms")
	b.ReportMetric(ms(s[min(len(s)-1, len(s)*99/100)]), "p99-ms")
	b.ReportMetric(ms(s[len(s)-1]), "max-ms")
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

func sortDurations(s []time.Duration) { slices.Sort(s) }

// ParseFloorOnce parses src with bare yaml.v3 once.
func ParseFloorOnce(b *testing.B, src []byte) {
	var node yaml.Node
	if err := yaml.Unmarshal(src, &node); err != nil {
		b.Fatal(err)
	}
}

// avg is the average parse time measured so far.
func (f *Floor) avg() time.Duration {
	if f.runs == 0 {
		return 0
	}
	return f.floor / time.Duration(f.runs)
}
