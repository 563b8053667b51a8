package lsp

import (
	"encoding/json"
	"testing"
)

// TestCompletionGlue checks what the fixtures cannot: an unknown document
// answers null, and positions past the end of a line or of the text are
// clamped rather than refused.
func TestCompletionGlue(t *testing.T) {
	c := startServer(t)
	c.initialize(`{"textDocument":{"completion":{"completionItem":{"snippetSupport":true}}}}`)
	m := c.call("1", "textDocument/completion", `{"textDocument":{"uri":"file:///none.yaml"},"position":{"line":0,"character":0}}`)
	wantResult(t, m)
	if string(m.Result) != "null" {
		t.Fatalf("unknown document: %s, want null", m.Result)
	}
	openDoc(c, "file:///t.yaml", 1, "heat_template_version: 2018-08-31\nresources:\n  a:\n    type: OS::Nova::Server\n    properties:\n      flavor: {get_")
	settle(c)
	for i, pos := range []string{`{"line":5,"character":19}`, `{"line":5,"character":400}`, `{"line":99,"character":0}`} {
		m := c.call(jsonString(i+2), "textDocument/completion", `{"textDocument":{"uri":"file:///t.yaml"},"position":`+pos+`}`)
		wantResult(t, m)
		var list struct {
			Items []struct {
				Label string `json:"label"`
			} `json:"items"`
		}
		if err := json.Unmarshal(m.Result, &list); err != nil {
			t.Fatal(err)
		}
		found := false
		for _, it := range list.Items {
			found = found || it.Label == "get_param"
		}
		if !found {
			t.Errorf("position %s: no get_param in %s", pos, m.Result)
		}
	}
}
