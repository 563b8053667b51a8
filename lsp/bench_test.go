package lsp

import (
	"context"
	"fmt"
	"os"
	"runtime"
	"testing"
	"time"

	"gopkg.in/yaml.v3"

	"heat-ls/analysis/bench"
	"heat-ls/analysis/check"
	"heat-ls/analysis/config"
	"heat-ls/analysis/source"
	"heat-ls/analysis/syntax/synthtest"
	"heat-ls/analysis/workspace"
	"heat-ls/lsp/store"
	"heat-ls/schema"
)

// The benchmarks here follow a document through the server's pipeline
// without the wire: the store builds the parse (what didOpen and didChange
// do), then the diagnostics run computes and filters the problems (what
// a diagnostics run does before converting them). JSON encoding of the
// answer is left out; it is proportional to the number of problems.

func benchSchema(b *testing.B) *schema.Schema {
	b.Helper()
	sc, err := schema.Load()
	if err != nil {
		b.Fatal(err)
	}
	return sc
}

func diagnose(sc *schema.Schema, doc *store.Document) []source.Diagnostic {
	found := check.Run(context.Background(), doc.Doc, check.Options{Schema: sc, Splice: doc.Splice})
	return finishDiagnostics(doc, found, &config.Cache{})
}

// BenchmarkOpenToDiagnostics12k: didOpen of a 12,000-line template until
// its diagnostics are ready. Target: within 1.4x the bare parse.
func BenchmarkOpenToDiagnostics12k(b *testing.B) {
	sc := benchSchema(b)
	src := synthtest.GenerateTemplate(12000)
	s := store.New()
	floor := bench.NewFloor(src)
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		doc := s.Open("file:///bench/big.yaml", 1, src)
		diagnose(sc, doc)
		floor.Measure(b)
	}
	floor.Report(b, b.N)
}

// BenchmarkChangeToDiagnostics12k: one typed character in the middle of
// the 12,000-line template until the new diagnostics are ready.
func BenchmarkChangeToDiagnostics12k(b *testing.B) {
	sc := benchSchema(b)
	src := synthtest.GenerateTemplate(12000)
	s := store.New()
	const uri = "file:///bench/big.yaml"
	s.Open(uri, 1, src)
	mid := source.NewMapper(src).LineCount() / 2
	floor := bench.NewFloor(src)
	i := 0
	for b.Loop() {
		ch := store.Change{Range: &store.Range{Start: source.Position{Line: mid, Character: 4}, End: source.Position{Line: mid, Character: 4}}, Text: "x"}
		if i%2 == 1 {
			ch = store.Change{Range: &store.Range{Start: source.Position{Line: mid, Character: 4}, End: source.Position{Line: mid, Character: 5}}}
		}
		doc, err := s.Change(uri, int32(i+2), source.UTF16, []store.Change{ch})
		if err != nil {
			b.Fatal(err)
		}
		diagnose(sc, doc)
		floor.Measure(b)
		i++
	}
	floor.Report(b, b.N)
}

// BenchmarkDiagnosticsScaling runs open→diagnostics at 1k, 10k and 100k
// lines: ns/line should stay flat.
func BenchmarkDiagnosticsScaling(b *testing.B) {
	sc := benchSchema(b)
	for _, lines := range []int{1000, 10000, 100000} {
		src := synthtest.GenerateTemplate(lines)
		b.Run(fmt.Sprintf("lines=%d", lines), func(b *testing.B) {
			s := store.New()
			floor := bench.NewFloor(src)
			var busy time.Duration
			for b.Loop() {
				start := time.Now()
				diagnose(sc, s.Open("file:///bench/t.yaml", 1, src))
				busy += time.Since(start)
				floor.Measure(b)
			}
			floor.Report(b, b.N)
			b.ReportMetric(float64(busy.Nanoseconds())/float64(b.N)/float64(lines), "ns/line")
		})
	}
}

// BenchmarkMemory300Open opens 300 templates of 400 lines each (a large
// project) in one store and reports the heap in use after a collection,
// in MiB. Target: under 60 MiB.
func BenchmarkMemory300Open(b *testing.B) {
	const docs, lines = 300, 400
	texts := make([][]byte, docs)
	for i := range texts {
		texts[i] = synthtest.GenerateTemplate(lines)
	}
	var inUse, textBytes float64
	for b.Loop() {
		before := heapInUse()
		s := store.New()
		for i, text := range texts {
			s.Open(fmt.Sprintf("file:///bench/t%03d.yaml", i), 1, text)
		}
		inUse = float64(heapInUse()-before) / (1 << 20)
		runtime.KeepAlive(s)
	}
	for _, t := range texts {
		textBytes += float64(len(t))
	}
	// The floor: the same texts held as bare yaml.v3 node trees.
	before := heapInUse()
	trees := make([]*yaml.Node, len(texts))
	for i, text := range texts {
		trees[i] = new(yaml.Node)
		if err := yaml.Unmarshal(text, trees[i]); err != nil {
			b.Fatal(err)
		}
	}
	floor := float64(heapInUse()-before) / (1 << 20)
	runtime.KeepAlive(trees)
	b.ReportMetric(inUse, "MiB")
	b.ReportMetric(floor, "yaml-MiB")
	b.ReportMetric(inUse/floor, "x-parse")
	b.ReportMetric(textBytes/(1<<20), "text-MiB")
}

// heapInUse collects garbage and returns the bytes of heap in use.
func heapInUse() uint64 {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapInuse
}

// BenchmarkWorkspaceMemory indexes a generated workspace the shape of a
// large real project (synthtest.WriteWorkspace: 321 templates, 265
// environment files) the way the server does, then opens the 321
// templates in a store, and reports the Go heap in use after a collection
// at each point (indexed-MiB, open-MiB). The server's resident memory on
// the same workspace: BenchmarkE2EWorkspaceMemory in cmd/heat-ls.
func BenchmarkWorkspaceMemory(b *testing.B) {
	dir := b.TempDir()
	paths, err := synthtest.WriteWorkspace(dir, synthtest.WorkspaceTemplates, synthtest.WorkspaceEnvironments)
	if err != nil {
		b.Fatal(err)
	}
	texts := make([][]byte, len(paths))
	for i, p := range paths {
		if texts[i], err = os.ReadFile(p); err != nil {
			b.Fatal(err)
		}
	}
	var indexed, open float64
	for b.Loop() {
		before := heapInUse()
		idx := workspace.New(dir)
		idx.Scan(context.Background(), nil)
		if idx.Len() != len(paths)+synthtest.WorkspaceEnvironments {
			b.Fatalf("indexed %d files", idx.Len())
		}
		indexed += float64(heapInUse()-before) / (1 << 20)
		s := store.New()
		for i, p := range paths {
			idx.Adopt(p, s.Open("file://"+p, 1, texts[i]).Doc) // as didOpen does
		}
		open += float64(heapInUse()-before) / (1 << 20)
		runtime.KeepAlive(idx)
		runtime.KeepAlive(s)
	}
	b.ReportMetric(indexed/float64(b.N), "indexed-MiB")
	b.ReportMetric(open/float64(b.N), "open-MiB")
}
