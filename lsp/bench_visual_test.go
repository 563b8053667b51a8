package lsp

import (
	"testing"
	"time"

	"go.lsp.dev/uri"
	"go.uber.org/zap"

	"heat-ls/analysis/bench"
	"heat-ls/analysis/syntax/synthtest"
)

// BenchmarkSemanticTokensServer12k is the server's whole answer to
// textDocument/semanticTokens/full on the open 12,000-line template: the
// tokens (with the workspace's nested outputs) and their conversion to
// protocol positions and relative numbers; JSON encoding left out.
// analysis/bench times the tokens alone. The answer is kept per version,
// so this times a request asked again of the same version;
// BenchmarkSemanticTokensServerFirst12k the first one after an edit.
func BenchmarkSemanticTokensServer12k(b *testing.B) {
	benchSemanticTokensServer(b, false)
}

// BenchmarkSemanticTokensServerFirst12k is each answer on a new version
// of the same text (opened again outside the timed part).
func BenchmarkSemanticTokensServerFirst12k(b *testing.B) {
	benchSemanticTokensServer(b, true)
}

func benchSemanticTokensServer(b *testing.B, newVersion bool) {
	s := New(WithSchema(benchSchema(b)), WithLogger(zap.NewNop()))
	u := uri.File("/bench/big.yaml")
	text := synthtest.GenerateTemplate(12000)
	s.Store().Open(string(u), 1, text)
	lat := make(bench.Latencies, 0, b.N)
	version := int32(1)
	for b.Loop() {
		if newVersion {
			b.StopTimer()
			version++
			s.Store().Open(string(u), version, text)
			b.StartTimer()
		}
		start := time.Now()
		s.semanticTokens(u, nil)
		lat = append(lat, time.Since(start))
	}
	lat.Report(b)
}
