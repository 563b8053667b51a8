package lsp

import (
	"slices"
	"testing"

	"go.lsp.dev/uri"
	"go.uber.org/zap"

	"heat-ls/schema"
)

// TestSemanticTokensKeptAnswer: a repeated whole-document request is
// answered from the numbers kept for the version, and every answer (kept
// or not, before and after a new version) equals a fresh server's.
func TestSemanticTokensKeptAnswer(t *testing.T) {
	sc, err := schema.Load()
	if err != nil {
		t.Fatal(err)
	}
	texts := []string{
		"heat_template_version: 2018-08-31\nparameters:\n  p: {type: string}\nresources:\n  r:\n    type: OS::Nova::Server\n    properties: {name: {get_param: p}}\n",
		"heat_template_version: 2018-08-31\nparameters:\n  p: {type: string}\n  é: {type: string}\nresources:\n  r:\n    type: OS::Nova::Server\n    properties: {name: {get_param: é}}\n  s:\n    type: OS::Heat::None\n    depends_on: r\n",
	}
	u := uri.File("/kept/t.yaml")
	s := New(WithSchema(sc), WithLogger(zap.NewNop()))
	for i, text := range texts {
		s.Store().Open(string(u), int32(i+1), []byte(text))
		first := s.semanticTokens(u, nil).Data
		again := s.semanticTokens(u, nil).Data
		if len(first) == 0 || &first[0] != &again[0] {
			t.Fatalf("version %d: the repeated answer was computed again (%d numbers)", i+1, len(first))
		}
		fresh := New(WithSchema(sc), WithLogger(zap.NewNop()))
		fresh.Store().Open(string(u), 1, []byte(text))
		if want := fresh.semanticTokens(u, nil).Data; !slices.Equal(again, want) {
			t.Fatalf("version %d: kept answer %v, a fresh server answers %v", i+1, again, want)
		}
	}
}

// TestClosedDocumentTokensDropped: closing a document drops the semantic
// tokens kept for it, and with them its parse.
func TestClosedDocumentTokensDropped(t *testing.T) {
	c := startServer(t)
	wantResult(t, c.call("0", "initialize", `{"processId":null,"rootUri":null,"capabilities":{}}`))
	c.notify("initialized", `{}`)
	u := "file:///tmp/closed.yaml"
	c.notify("textDocument/didOpen", `{"textDocument":{"uri":"`+u+`","languageId":"yaml","version":1,"text":"heat_template_version: 2018-08-31\nresources:\n  a: {type: OS::Heat::None}\n"}}`)
	wantResult(t, c.call("1", "textDocument/semanticTokens/full", `{"textDocument":{"uri":"`+u+`"}}`))
	c.notify("textDocument/didClose", `{"textDocument":{"uri":"`+u+`"}}`)
	wantResult(t, c.call("2", "test/settle", ""))
	c.server.encoded.mu.Lock()
	_, encoded := c.server.encoded.last[u]
	c.server.encoded.mu.Unlock()
	c.server.tokens.mu.Lock()
	_, sent := c.server.tokens.last[u]
	c.server.tokens.mu.Unlock()
	if encoded || sent {
		t.Errorf("tokens kept after close: encoded %v, sent %v", encoded, sent)
	}
}
