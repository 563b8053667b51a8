package lsp

import (
	"bytes"
	"context"
	"testing"
	"time"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
	"go.uber.org/zap"

	"heat-ls/analysis/bench"
	"heat-ls/analysis/syntax/synthtest"
	"heat-ls/lsp/store"
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

// BenchmarkSemanticTokensServerEdit12k is the first answer after a typical
// edit: a character typed into a line in the middle of a resource (then
// deleted again, alternately), the previous version's answer kept, as the
// editor's request before the edit left it. The change reaches the store
// outside the timed part.
func BenchmarkSemanticTokensServerEdit12k(b *testing.B) {
	benchServerEdit(b, func(s *Server, u uri.URI) { s.semanticTokens(u, nil) })
}

// BenchmarkSemanticTokensDeltaServerEdit12k is the same answer asked as a
// delta against the previous version's (as editors that support deltas
// ask): the numbers, then the edit from the previous ones.
func BenchmarkSemanticTokensDeltaServerEdit12k(b *testing.B) {
	id := ""
	benchServerEdit(b, func(s *Server, u uri.URI) {
		doc := protocol.TextDocumentIdentifier{URI: u}
		if id == "" {
			res, _ := s.semanticTokensFullWithID(context.Background(), &protocol.SemanticTokensParams{TextDocument: doc})
			id = *res.ResultID
			return
		}
		res, _ := s.semanticTokensDelta(context.Background(), &protocol.SemanticTokensDeltaParams{TextDocument: doc, PreviousResultID: id})
		d, ok := res.(*protocol.SemanticTokensDelta)
		if !ok {
			b.Fatal("a whole answer instead of a delta")
		}
		id = *d.ResultID
	})
}

// BenchmarkFoldingRangesServerEdit12k is the same for folding ranges.
func BenchmarkFoldingRangesServerEdit12k(b *testing.B) {
	benchServerEdit(b, func(s *Server, u uri.URI) {
		s.foldingRange(context.Background(), &protocol.FoldingRangeParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}})
	})
}

func benchServerEdit(b *testing.B, op func(s *Server, u uri.URI)) {
	s := New(WithSchema(benchSchema(b)), WithLogger(zap.NewNop()))
	u := uri.File("/bench/big.yaml")
	text := synthtest.GenerateTemplate(12000)
	at := bytes.Index(text[len(text)/2:], []byte("mountpoint: /dev/vd"))
	if at < 0 {
		b.Fatal("no mountpoint line in the middle of the template")
	}
	at += len(text)/2 + len("mountpoint: /dev/vd")
	typed := string(text[:at]) + "x" + string(text[at:])
	s.Store().Open(string(u), 1, text)
	op(s, u)
	lat := make(bench.Latencies, 0, b.N)
	version := int32(1)
	for b.Loop() {
		b.StopTimer()
		version++
		next := typed
		if version%2 == 1 {
			next = string(text)
		}
		if _, err := s.Store().Change(string(u), version, s.encoding(), []store.Change{{Text: next}}); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		start := time.Now()
		op(s, u)
		lat = append(lat, time.Since(start))
	}
	lat.Report(b)
}
