package lsp

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"heat-ls/analysis/bench"
	"heat-ls/analysis/config"
	"heat-ls/analysis/preview/previewtest"
	"heat-ls/analysis/syntax/synthtest"
)

// BenchmarkPreviewCommand runs heat-ls.preview in process: on an open
// document of about 12,000 lines (synthtest.GenerateTemplate) with 20
// environment files as its active set (large), and on the root of a tree
// of 300 nested templates mapped by 20 environment files (tree). It is
// what the command costs the server once the open document is parsed
// (the store's parse is previewed, not parsed again), the answer's JSON
// encoding included.
//
//	go test -run '^$' -bench PreviewCommand -benchtime 20x ./lsp
func BenchmarkPreviewCommand(b *testing.B) {
	b.Run("large", benchPreviewLarge)
	b.Run("tree", benchPreviewTree)
}

func benchPreviewLarge(b *testing.B) {
	dir, path, src := envBenchProject(b, 12000)
	s := New()
	s.settings.Store(&Settings{Environments: &config.EnvSet{Dir: dir, IsList: true, All: []string{"env/*.yaml"}}})
	u := uri.File(path)
	s.store.Open(string(u), 1, src)
	runPreviewCommand(b, s, u, 20)
}

// benchPreviewTree previews the tree of 300 nested templates mapped by
// 20 environment files (previewtest.NestedTree), its root open, the rest
// read from the disk on every preview (no workspace index: the slowest
// case).
func benchPreviewTree(b *testing.B) {
	root, envs := previewtest.NestedTree(b, b.TempDir())
	src, err := os.ReadFile(root)
	if err != nil {
		b.Fatal(err)
	}
	s := New()
	s.settings.Store(&Settings{Environments: &config.EnvSet{IsList: true, All: envs}})
	u := uri.File(root)
	s.store.Open(string(u), 1, src)
	runPreviewCommand(b, s, u, len(envs))
}

// runPreviewCommand is the timed loop: heat-ls.preview of u with depth
// 20, checking the environments applied.
func runPreviewCommand(b *testing.B, s *Server, u uri.URI, envs int) {
	arg, _ := json.Marshal(map[string]any{"uri": string(u), "depth": 20})
	cpu0, _ := bench.ProcessCPU()
	b.ResetTimer()
	for b.Loop() {
		res, err := s.previewCommand(context.Background(), []json.RawMessage{arg})
		if err != nil {
			b.Fatal(err)
		}
		if got := len(res.(previewResult).Environments); got != envs {
			b.Fatalf("%d environments applied, want %d", got, envs)
		}
		out, _ := json.Marshal(res)
		b.SetBytes(int64(len(out)))
	}
	if cpu1, ok := bench.ProcessCPU(); ok {
		// Processor time, the GC's included: wall time stretches with the
		// load of a shared machine.
		b.ReportMetric(float64(cpu1-cpu0)/float64(b.N)/1e6, "cpu-ms/op")
	}
}

// BenchmarkEffectiveHover is a hover on get_param in an open document of
// about 1,700 lines whose active set is 20 environment files, the
// document unchanged between hovers (the effective values are kept), and
// without an active set for comparison.
//
//	go test -run '^$' -bench EffectiveHover -benchtime 2000x ./lsp
func BenchmarkEffectiveHover(b *testing.B) {
	dir, path, src := envBenchProject(b, 1700)
	lines := strings.Split(string(src), "\n")
	line, char := 0, 0
	for i, l := range lines {
		if c := strings.Index(l, "flavor: {get_param: "); c >= 0 {
			line, char = i, c+len("flavor: {get_param: ")
			break
		}
	}
	for _, active := range []bool{true, false} {
		b.Run(fmt.Sprintf("active=%v", active), func(b *testing.B) {
			s := New()
			if active {
				s.settings.Store(&Settings{Environments: &config.EnvSet{Dir: dir, IsList: true, All: []string{"env/*.yaml"}}})
			}
			u := uri.File(path)
			s.store.Open(string(u), 1, src)
			p := &protocol.HoverParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
				TextDocument: protocol.TextDocumentIdentifier{URI: u}, Position: protocol.Position{Line: uint32(line), Character: uint32(char)}}}
			var lat bench.Latencies
			for b.Loop() {
				start := time.Now()
				h, err := s.hover(context.Background(), p)
				lat = append(lat, time.Since(start))
				if err != nil || h == nil {
					b.Fatal("no hover", err)
				}
				if mc := h.Contents.(*protocol.MarkupContent); active != strings.Contains(mc.Value, "m1.f19") {
					b.Fatalf("hover:\n%s", mc.Value)
				}
			}
			lat.Report(b)
		})
	}
}

// envBenchProject writes a generated template of about lines lines as
// big.yaml and 20 environment files env/envNN.yaml, each setting flavor
// (the last one wins).
func envBenchProject(b *testing.B, lines int) (dir, path string, src []byte) {
	dir = b.TempDir()
	src = synthtest.GenerateTemplate(lines)
	files := map[string]string{"big.yaml": string(src)}
	for i := range 20 {
		files[fmt.Sprintf("env/env%02d.yaml", i)] = fmt.Sprintf("parameter_defaults:\n  flavor: m1.f%d\n", i)
	}
	writeFiles(b, dir, files)
	return dir, filepath.Join(dir, "big.yaml"), src
}
