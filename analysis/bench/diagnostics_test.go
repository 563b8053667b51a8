package bench

import (
	"context"
	"fmt"
	"testing"
	"time"

	"heat-ls/analysis/check"
	"heat-ls/analysis/config"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/syntax/synthtest"
	"heat-ls/schema"
)

func loadSchema(b *testing.B) *schema.Schema {
	b.Helper()
	sc, err := schema.Load()
	if err != nil {
		b.Fatal(err)
	}
	return sc
}

// sizes are the template sizes the scaling benchmarks run at: cost per
// line should stay flat across them.
var sizes = []int{1000, 10000, 100000}

// BenchmarkDiagnostics measures everything between a text and its
// diagnostics (model, rules, suppression filter) at several sizes; "x-parse"
// is the multiple of the bare yaml.v3 parse, "ns/line" shows linearity.
func BenchmarkDiagnostics(b *testing.B) {
	sc := loadSchema(b)
	for _, lines := range sizes {
		src := synthtest.GenerateTemplate(lines)
		b.Run(fmt.Sprintf("lines=%d", lines), func(b *testing.B) {
			// One run first: the schema decodes resource types on first use.
			check.Run(context.Background(), hot.Parse(src), check.Options{Schema: sc})
			b.SetBytes(int64(len(src)))
			var busy time.Duration
			floor := NewFloor(src)
			for b.Loop() {
				start := time.Now()
				doc := hot.Parse(src)
				ds := check.Run(context.Background(), doc, check.Options{Schema: sc})
				config.Apply(ds, src, nil)
				busy += time.Since(start)
				floor.Measure(b)
			}
			floor.Report(b, b.N)
			b.ReportMetric(float64(busy.Nanoseconds())/float64(b.N)/float64(lines), "ns/line")
		})
	}
}

// BenchmarkDiagnosticsParts splits the cost of BenchmarkDiagnostics for
// the 12,000-line template: the model (syntax tree and HOT model) and the
// rules, each against the same floor.
func BenchmarkDiagnosticsParts(b *testing.B) {
	sc := loadSchema(b)
	src := synthtest.GenerateTemplate(12000)
	b.Run("model", func(b *testing.B) {
		floor := NewFloor(src)
		for b.Loop() {
			hot.Parse(src)
			floor.Measure(b)
		}
		floor.Report(b, b.N)
	})
	b.Run("rules", func(b *testing.B) {
		doc := hot.Parse(src)
		floor := NewFloor(src)
		for b.Loop() {
			check.Run(context.Background(), doc, check.Options{Schema: sc})
			floor.Measure(b)
		}
		floor.Report(b, b.N)
	})
}

// BenchmarkYAMLv3Parse is the floor itself, at the same sizes.
func BenchmarkYAMLv3Parse(b *testing.B) {
	for _, lines := range sizes {
		src := synthtest.GenerateTemplate(lines)
		b.Run(fmt.Sprintf("lines=%d", lines), func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			for b.Loop() {
				ParseFloorOnce(b, src)
			}
		})
	}
}
