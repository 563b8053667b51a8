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
// analysis/bench times the tokens alone.
func BenchmarkSemanticTokensServer12k(b *testing.B) {
	s := New(WithSchema(benchSchema(b)), WithLogger(zap.NewNop()))
	u := uri.File("/bench/big.yaml")
	s.Store().Open(string(u), 1, synthtest.GenerateTemplate(12000))
	lat := make(bench.Latencies, 0, b.N)
	for b.Loop() {
		start := time.Now()
		s.semanticTokens(u, nil)
		lat = append(lat, time.Since(start))
	}
	lat.Report(b)
}
