package bench

import (
	"bytes"
	"context"
	"testing"
	"time"

	"heat-ls/analysis/check"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/syntax/synthtest"
)

// oneLineEdits returns the 12,000-line template and a function that gives
// the text after the i-th edit: a character typed into a line in the
// middle of a resource, then deleted again.
func oneLineEdits(b *testing.B) ([]byte, func(i int) []byte) {
	return oneLineEditsIn(b, synthtest.GenerateTemplate(12000))
}

// oneLineEditsIn is oneLineEdits on src: the edit is on the first
// mountpoint line after the middle (or the first one, when none follows
// the middle).
func oneLineEditsIn(b *testing.B, src []byte) ([]byte, func(i int) []byte) {
	const line = "mountpoint: /dev/vd"
	at := bytes.Index(src[len(src)/2:], []byte(line))
	if at >= 0 {
		at += len(src) / 2
	} else if at = bytes.Index(src, []byte(line)); at < 0 {
		b.Fatal("no mountpoint line in the template")
	}
	at += len(line)
	typed := append(append(append([]byte{}, src[:at]...), 'x'), src[at:]...)
	return src, func(i int) []byte {
		if i%2 == 0 {
			return typed
		}
		return src
	}
}

// BenchmarkReparseOneLineEdit12k: the parse of a one-character edit inside
// a resource of the 12,000-line template, from the previous version's
// parse (syntax tree and model; hot.Reparse splices the one resource).
// Target: 0.3x the bare yaml.v3 parse of the text.
func BenchmarkReparseOneLineEdit12k(b *testing.B) {
	src, edit := oneLineEdits(b)
	prev := hot.Parse(src)
	floor := NewFloor(src)
	var reparseCPU, parseCPU time.Duration
	i := 0
	for b.Loop() {
		start := processCPU(b)
		prev = hot.Reparse(prev, edit(i), prev)
		mid := processCPU(b)
		i++
		floor.Measure(b)
		reparseCPU += mid - start
		parseCPU += processCPU(b) - mid
	}
	floor.Report(b, b.N)
	// The same ratio in processor time, which a busy machine stretches
	// less than wall time (the collector's work lands on whichever side
	// runs when it starts).
	b.ReportMetric(float64(reparseCPU)/float64(parseCPU), "x-parse-cpu")
}

// processCPU is the processor time this process has used so far.
func processCPU(b *testing.B) time.Duration {
	d, ok := ProcessCPU()
	if !ok {
		b.Skip("the processor time of a process is not known here")
	}
	return d
}

// BenchmarkChangeToDiagnosticsOneLineEdit12k is the same edit up to its
// diagnostics: the incremental parse and every rule, the rules that judge
// one resource alone judging only the edited one (check.Options.Splice),
// as the language server runs them.
func BenchmarkChangeToDiagnosticsOneLineEdit12k(b *testing.B) {
	sc := loadSchema(b)
	src, edit := oneLineEdits(b)
	prev := hot.Parse(src)
	check.Run(context.Background(), prev, check.Options{Schema: sc})
	floor := NewFloor(src)
	i := 0
	for b.Loop() {
		var sp *hot.Splice
		prev, sp = hot.ReparseSplice(prev, edit(i), prev)
		check.Run(context.Background(), prev, check.Options{Schema: sc, Splice: sp})
		i++
		floor.Measure(b)
	}
	floor.Report(b, b.N)
}

// BenchmarkRulesAfterOneLineEdit12k compares, edit by edit, the rules'
// processor time on the new version of the 12,000-line template when
// they judge only the edited resource (check.Options.Splice) and when
// they judge everything; the two runs alternate in every iteration, so a
// busy machine slows both alike. incr/full is the figure to watch.
func BenchmarkRulesAfterOneLineEdit12k(b *testing.B) {
	sc := loadSchema(b)
	src, edit := oneLineEdits(b)
	prev := hot.Parse(src)
	check.Run(context.Background(), prev, check.Options{Schema: sc})
	var incrCPU, fullCPU time.Duration
	i := 0
	for b.Loop() {
		doc, sp := hot.ReparseSplice(prev, edit(i), prev)
		incr := func() {
			start := processCPU(b)
			check.Run(context.Background(), doc, check.Options{Schema: sc, Splice: sp})
			incrCPU += processCPU(b) - start
		}
		full := func() {
			start := processCPU(b)
			check.Run(context.Background(), doc, check.Options{Schema: sc})
			fullCPU += processCPU(b) - start
		}
		if i%2 == 0 {
			incr()
			full()
		} else {
			full()
			incr()
		}
		prev = doc
		i++
	}
	b.ReportMetric(float64(incrCPU)/float64(b.N), "incr-cpu-ns")
	b.ReportMetric(float64(fullCPU)/float64(b.N), "full-cpu-ns")
	b.ReportMetric(float64(incrCPU)/float64(fullCPU), "incr/full")
}

// BenchmarkChangeToDiagnosticsDeep12k splits, in processor time, the cost
// of a one-character edit deep inside the one large entry of the
// templates shaped like real large ones (synthtest.GenerateDeepOutput,
// GenerateDeepDefault): the incremental parse (which reparses the whole
// entry), the rules after it, and the bare yaml.v3 parse of the text for
// scale.
func BenchmarkChangeToDiagnosticsDeep12k(b *testing.B) {
	sc := loadSchema(b)
	for _, shape := range []struct {
		name string
		gen  func(int) []byte
	}{{"output", synthtest.GenerateDeepOutput}, {"default", synthtest.GenerateDeepDefault}} {
		b.Run(shape.name, func(b *testing.B) {
			src, edit := oneLineEditsIn(b, shape.gen(12000))
			prev := hot.Parse(src)
			check.Run(context.Background(), prev, check.Options{Schema: sc})
			var parseCPU, rulesCPU, floorCPU time.Duration
			i := 0
			for b.Loop() {
				start := processCPU(b)
				doc, sp := hot.ReparseSplice(prev, edit(i), prev)
				mid := processCPU(b)
				check.Run(context.Background(), doc, check.Options{Schema: sc, Splice: sp})
				end := processCPU(b)
				ParseFloorOnce(b, edit(i))
				floorCPU += processCPU(b) - end
				parseCPU += mid - start
				rulesCPU += end - mid
				prev = doc
				i++
			}
			b.ReportMetric(float64(parseCPU)/float64(b.N)/1e6, "reparse-cpu-ms")
			b.ReportMetric(float64(rulesCPU)/float64(b.N)/1e6, "rules-cpu-ms")
			b.ReportMetric(float64(floorCPU)/float64(b.N)/1e6, "yaml-parse-cpu-ms")
		})
	}
}
