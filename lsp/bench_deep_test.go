package lsp

import (
	"bytes"
	"context"
	"testing"

	"go.lsp.dev/uri"
	"go.uber.org/zap"

	"heat-ls/analysis/bench"
	"heat-ls/analysis/source"
	"heat-ls/analysis/syntax/synthtest"
	"heat-ls/lsp/store"
)

// BenchmarkServerEditDeep12k is the server's side of BenchmarkE2EDeep and
// BenchmarkE2E (cmd/heat-ls) without the wire, so a processor profile of
// it is the server's: one character typed deep inside the large value of
// each 12,000-line shape (and deleted again), the store's new version,
// then the diagnostics run a keystroke schedules (rules, the resources
// the active environments leave out, suppressions).
//
//	go test -run '^$' -bench ServerEditDeep12k -benchtime 200x -cpuprofile cpu.out ./lsp
func BenchmarkServerEditDeep12k(b *testing.B) {
	sc := benchSchema(b)
	for _, shape := range []struct {
		name string
		gen  func(int) []byte
	}{{"resources", synthtest.GenerateTemplate}, {"output", synthtest.GenerateDeepOutput}, {"default", synthtest.GenerateDeepDefault}} {
		b.Run(shape.name, func(b *testing.B) {
			src := shape.gen(12000)
			line, char := deepEditPoint(b, src)
			s := New(WithSchema(sc), WithLogger(zap.NewNop()))
			// As the heat-ls binary runs (WithGCHeadroom): the
			// collector's percent follows this server's heap.
			s.gc.start(s.store.LargestText)
			defer s.gc.stop()
			u := string(uri.File("/bench/deep.yaml"))
			ctx := context.Background()
			s.checkDocument(ctx, s.Store().Open(u, 1, src))
			at := source.Position{Line: line, Character: char}
			cpu0, ok := bench.ProcessCPU()
			if !ok {
				b.Skip("the processor time of a process is not known here")
			}
			edits := 0
			defer func() {
				// Processor time, the collector's included, which a busy
				// machine moves less than the wall time of ns/op.
				cpu, _ := bench.ProcessCPU()
				b.ReportMetric(float64(cpu-cpu0)/float64(max(edits, 1))/1e6, "cpu-ms/edit")
			}()
			for i := 0; b.Loop(); i++ {
				edits++
				ch := store.Change{Range: &store.Range{Start: at, End: at}, Text: "x"}
				if i%2 == 1 {
					end := at
					end.Character++
					ch = store.Change{Range: &store.Range{Start: at, End: end}}
				}
				doc, err := s.Store().Change(u, int32(i+2), source.UTF16, []store.Change{ch})
				if err != nil {
					b.Fatal(err)
				}
				s.checkDocument(ctx, doc)
			}
		})
	}
}

// deepEditPoint is where BenchmarkE2E types: after the first
// "mountpoint: /dev/vd" from the middle of src on.
func deepEditPoint(b *testing.B, src []byte) (line, char int) {
	const needle = "mountpoint: /dev/vd"
	lines := bytes.Split(src, []byte("\n"))
	for k := range lines {
		i := (len(lines)/2 + k) % len(lines)
		if c := bytes.Index(lines[i], []byte(needle)); c >= 0 {
			return i, c + len(needle)
		}
	}
	b.Fatal("no mountpoint line in the template")
	return 0, 0
}
