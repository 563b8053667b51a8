package bench

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"heat-ls/analysis/feature"
	"heat-ls/analysis/feature/folding"
	"heat-ls/analysis/feature/semantic"
	"heat-ls/analysis/graph"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/source"
	"heat-ls/analysis/syntax/synthtest"
	"heat-ls/analysis/workspace"
)

// The features that show the template (semantic tokens, folding and
// selection ranges, signature help, inlay hints, code lens declarations,
// the resource graph) on the 12,000-line template. The target is the
// completion target: p99 under 5 ms per answer. Whole-document answers
// (tokens, folding, lenses, graph) are measured for the whole text; the
// editor asks for them after an edit, not per keystroke, but they must
// still not hold up the request queue.
//
// Whole-document tokens and folding ranges are computed once per document
// and kept with it: BenchmarkSemanticTokensFull12k and
// BenchmarkFoldingRanges12k time the answers asked again of the same
// version (a range, a delta, a second client request), the ...First12k
// benchmarks the first answer after an edit (a document with nothing kept).

func visualDoc(b *testing.B) (*hot.Document, []int) {
	src := synthtest.GenerateTemplate(12000)
	return hot.Parse(src), offsets(len(src), 4096)
}

func runLatency(b *testing.B, op func(i int)) {
	lat := make(Latencies, 0, b.N)
	i := 0
	for b.Loop() {
		start := time.Now()
		op(i)
		lat = append(lat, time.Since(start))
		i++
	}
	lat.Report(b)
}

func BenchmarkSemanticTokensFull12k(b *testing.B) {
	sc := loadSchema(b)
	doc, _ := visualDoc(b)
	runLatency(b, func(int) { semantic.Tokens(doc, sc, source.Span{End: -1}) })
}

func BenchmarkSemanticTokensRange12k(b *testing.B) {
	sc := loadSchema(b)
	doc, at := visualDoc(b)
	runLatency(b, func(i int) {
		o := at[i%len(at)]
		semantic.Tokens(doc, sc, source.Span{Start: o, End: o + 4000}) // about one screen
	})
}

func BenchmarkFoldingRanges12k(b *testing.B) {
	doc, _ := visualDoc(b)
	runLatency(b, func(int) { folding.Ranges(doc) })
}

// unkept is doc as a new document with nothing computed and kept yet: the
// same parse, as the first request after an edit finds it.
func unkept(doc *hot.Document) *hot.Document {
	return &hot.Document{Src: doc.Src, Mapper: doc.Mapper, Syntax: doc.Syntax, Kind: doc.Kind, Template: doc.Template, Env: doc.Env}
}

func BenchmarkSemanticTokensFullFirst12k(b *testing.B) {
	sc := loadSchema(b)
	doc, _ := visualDoc(b)
	runLatency(b, func(int) { semantic.Tokens(unkept(doc), sc, source.Span{End: -1}) })
}

func BenchmarkFoldingRangesFirst12k(b *testing.B) {
	doc, _ := visualDoc(b)
	runLatency(b, func(int) { folding.Ranges(unkept(doc)) })
}

func BenchmarkSelectionRanges12k(b *testing.B) {
	doc, at := visualDoc(b)
	runLatency(b, func(i int) { feature.SelectionRanges(doc, at[i%len(at)]) })
}

func BenchmarkSignatureHelp12k(b *testing.B) {
	sc := loadSchema(b)
	doc, _ := visualDoc(b)
	// Positions inside calls, spread over the text.
	var at []int
	for i, c := range doc.Template.Calls {
		if i%7 == 0 {
			at = append(at, c.Args.Span().Start)
		}
	}
	runLatency(b, func(i int) { feature.SignatureHelpAt(doc, sc, at[i%len(at)]) })
}

func BenchmarkInlayHintsRange12k(b *testing.B) {
	doc, at := visualDoc(b)
	runLatency(b, func(i int) {
		o := at[i%len(at)]
		feature.InlayHints(doc, source.Span{Start: o, End: o + 4000}, nil)
	})
}

func BenchmarkCodeLenses12k(b *testing.B) {
	doc, _ := visualDoc(b)
	runLatency(b, func(int) { feature.Declarations(doc, true) })
}

func BenchmarkGraph12k(b *testing.B) {
	sc := loadSchema(b)
	doc, _ := visualDoc(b)
	runLatency(b, func(int) {
		graph.Build([]graph.Input{{Path: "/bench/big.yaml", Doc: doc}}, graph.Options{Schema: sc, Parameters: true, Outputs: true})
	})
}

// BenchmarkSemanticTokensFullNested12k is the whole-document answer as the
// server gives it: with the workspace telling which get_attr output names
// are outputs of nested templates (none here, so every get_attr asks).
func BenchmarkSemanticTokensFullNested12k(b *testing.B) {
	sc := loadSchema(b)
	doc, _ := visualDoc(b)
	dir := b.TempDir()
	path := filepath.Join(dir, "big.yaml")
	if err := os.WriteFile(path, doc.Src, 0o644); err != nil {
		b.Fatal(err)
	}
	x := workspace.New(dir)
	x.Scan(context.Background(), nil)
	nested := x.Snapshot().InlayValues(path)
	runLatency(b, func(int) { semantic.TokensNested(doc, sc, source.Span{End: -1}, nested) })
}
