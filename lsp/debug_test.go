package lsp

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestDebugRequest: heat-ls/debug answers with the process's goroutines
// and live heap and the session's open documents, after the messages sent
// before it, and is not advertised.
func TestDebugRequest(t *testing.T) {
	c := startServer(t)
	m := c.call("0", "initialize", `{"processId":null,"rootUri":null,"capabilities":{}}`)
	wantResult(t, m)
	if strings.Contains(string(m.Result), methodDebug) {
		t.Error("heat-ls/debug is advertised")
	}
	c.notify("initialized", `{}`)
	c.notify("textDocument/didOpen", `{"textDocument":{"uri":"file:///tmp/a.yaml","languageId":"yaml","version":1,"text":"heat_template_version: 2018-08-31\n"}}`)
	m = c.call("1", methodDebug, `{"collect":true}`)
	wantResult(t, m)
	if m := c.call("2", methodDebug, `{"collect":"yes"}`); m.Error == nil {
		t.Error("heat-ls/debug accepted malformed params")
	}
	var st debugStats
	if err := json.Unmarshal(m.Result, &st); err != nil {
		t.Fatal(err)
	}
	if st.Goroutines < 2 || st.OpenDocuments != 1 || st.HeapLive == 0 {
		t.Errorf("heat-ls/debug answered %s", m.Result)
	}
}
