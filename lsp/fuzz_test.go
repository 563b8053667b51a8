package lsp

import (
	"encoding/json"
	"strings"
	"testing"
)

// FuzzMessages feeds arbitrary bytes as the body of one frame to a running
// in-process server (over net.Pipe) that has a document open. The server
// must not die, must still answer a valid request afterwards, and must
// still hold the open document with its text. Run it briefly with
//
//	go test -run '^$' -fuzz '^FuzzMessages$' -fuzztime 10s ./lsp
func FuzzMessages(f *testing.F) {
	for _, s := range []string{
		``, `{}`, `[]`, `null`, `{"jsonrpc":"2.0"}`, `{"jsonrpc":"2.0","id":1}`,
		`{"jsonrpc":"2.0","id":1,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///f.yaml"},"position":{"line":1,"character":3}}}`,
		`{"jsonrpc":"2.0","id":2,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///f.yaml"},"position":{"line":-1,"character":1e9}}}`,
		`{"jsonrpc":"2.0","id":"x","method":"textDocument/completion","params":{"textDocument":{"uri":"file:///nope.yaml"},"position":{"line":0,"character":0}}}`,
		`{"jsonrpc":"2.0","id":3,"method":"textDocument/definition","params":"oops"}`,
		`{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///f.yaml","version":1},"contentChanges":[{"range":{"start":{"line":99,"character":0},"end":{"line":0,"character":0}},"text":"x"}]}}`,
		`{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":12345}}`,
		`{"jsonrpc":"2.0","id":{"a":1},"method":"x"}`, `{"jsonrpc":"2.0","id":4,"method":"unknown/method","params":[1,2]}`,
		`{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///g.yaml","version":1,"text":"a: &a [*a]"}}}`,
		"\x00\xff{\"", `{"jsonrpc":"2.0","id":5,"method":"textDocument/documentSymbol","params":{"textDocument":{"uri":"file:///f.yaml"}}}`,
	} {
		f.Add([]byte(s))
	}
	const uri = "file:///f.yaml"
	const want = "heat_template_version: 2018-08-31\nparameters:\n  p: {type: string}\nresources:\n  r:\n    type: OS::Heat::Value\n    properties: {value: {get_param: p}}\n"
	f.Fuzz(func(t *testing.T, body []byte) {
		if len(body) > 1<<16 {
			return
		}
		var m struct {
			Method string          `json:"method"`
			Params json.RawMessage `json:"params"`
		}
		if json.Unmarshal(body, &m) == nil {
			switch m.Method {
			case "exit", "shutdown":
				return // ending the session is what these are for
			case "textDocument/didClose", "textDocument/didOpen", "textDocument/didChange":
				if strings.Contains(string(m.Params), "f.yaml") {
					return // legitimately changes the document checked below
				}
			}
		}
		c := startServer(t)
		c.initialize(`{}`)
		openDoc(c, uri, 1, want)
		c.sendRaw(string(body))
		got, v := text(c, uri)
		if got != want || v != 1 {
			t.Fatalf("after the frame the document holds version %d %q", v, got)
		}
		wantResult(t, c.call(`"after"`, "textDocument/documentSymbol", `{"textDocument":{"uri":"`+uri+`"}}`))
	})
}
