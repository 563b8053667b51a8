package lsp

import (
	"encoding/json"
	"testing"
	"time"
)

const utf8Caps = `{"general":{"positionEncodings":["utf-8","utf-16"]}}`

func openDoc(c *testClient, uri string, version int, text string) {
	c.notify("textDocument/didOpen", `{"textDocument":{"uri":`+quote(uri)+`,"languageId":"yaml","version":`+jsonString(version)+`,"text":`+jsonString(text)+`}}`)
}

func changeDoc(c *testClient, uri string, version int, changes string) {
	c.notify("textDocument/didChange", `{"textDocument":{"uri":`+quote(uri)+`,"version":`+jsonString(version)+`},"contentChanges":`+changes+`}`)
}

func edit(sl, sc, el, ec int, text string) string {
	return `{"range":{"start":{"line":` + jsonString(sl) + `,"character":` + jsonString(sc) + `},"end":{"line":` + jsonString(el) + `,"character":` + jsonString(ec) + `}},"text":` + jsonString(text) + `}`
}

// settle waits until every message sent so far has been applied: a request
// runs only after the ordered work received before it.
func settle(c *testClient) {
	c.t.Helper()
	wantResult(c.t, c.call(`"settle"`, "test/settle", `{}`))
}

func text(c *testClient, uri string) (string, int32) {
	c.t.Helper()
	settle(c)
	d := c.server.Store().Get(uri)
	if d == nil {
		return "", -1
	}
	return string(d.Text), d.Version
}

func TestIncrementalEditsWithMultiByteText(t *testing.T) {
	const uri = "file:///t.yaml"
	start := "a: 😀x\nb: 中文y\n"
	tests := []struct {
		name string
		caps string
		// the same edits expressed in the negotiated encoding
		edits []string
		want  string
	}{
		{
			name: "utf-16",
			caps: `{}`,
			// after the emoji (2 units) and after 中文 (2 units)
			edits: []string{edit(0, 5, 0, 6, "X"), edit(1, 5, 1, 6, "Y🎉")},
			want:  "a: 😀X\nb: 中文Y🎉\n",
		},
		{
			name:  "utf-8",
			caps:  utf8Caps,
			edits: []string{edit(0, 7, 0, 8, "X"), edit(1, 9, 1, 10, "Y🎉")},
			want:  "a: 😀X\nb: 中文Y🎉\n",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := startServer(t)
			c.initialize(tc.caps)
			openDoc(c, uri, 1, start)
			for i, e := range tc.edits {
				changeDoc(c, uri, 2+i, `[`+e+`]`)
			}
			got, version := text(c, uri)
			if got != tc.want || version != int32(1+len(tc.edits)) {
				t.Fatalf("text %q version %d, want %q version %d", got, version, tc.want, 1+len(tc.edits))
			}
			// A batch mixing a whole-text change and a range applies in order.
			changeDoc(c, uri, 10, `[{"text":"x: 1\n"},`+edit(0, 3, 0, 4, "2")+`]`)
			if got, _ := text(c, uri); got != "x: 2\n" {
				t.Fatalf("after a full change: %q", got)
			}
		})
	}
}

func TestRejectedChangesLeaveTheTextAlone(t *testing.T) {
	const uri = "file:///t.yaml"
	const start = "a: 😀\nb: 2\n"
	tests := []struct {
		name    string
		version int
		changes string
	}{
		{"version repeated", 1, `[` + edit(0, 0, 0, 1, "z") + `]`},
		{"version lower", 0, `[` + edit(0, 0, 0, 1, "z") + `]`},
		{"line past the end", 2, `[` + edit(7, 0, 7, 1, "z") + `]`},
		{"character past the line end", 2, `[` + edit(0, 9, 0, 9, "z") + `]`},
		{"inside a surrogate pair", 2, `[` + edit(0, 4, 0, 4, "z") + `]`},
		{"end before start", 2, `[` + edit(1, 0, 0, 0, "z") + `]`},
		{"good edit then bad one", 2, `[` + edit(0, 0, 0, 1, "z") + `,` + edit(9, 0, 9, 0, "!") + `]`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := startServer(t)
			c.initialize(`{}`)
			openDoc(c, uri, 1, start)
			changeDoc(c, uri, tc.version, tc.changes)
			if got, v := text(c, uri); got != start || v != 1 {
				t.Fatalf("text %q version %d after a rejected change, want it unchanged", got, v)
			}
			// The document still accepts good changes afterwards.
			changeDoc(c, uri, 5, `[`+edit(1, 3, 1, 4, "3")+`]`)
			if got, v := text(c, uri); got != "a: 😀\nb: 3\n" || v != 5 {
				t.Fatalf("text %q version %d after a good change", got, v)
			}
		})
	}
}

func TestChangeToUnopenedDocumentIsRejected(t *testing.T) {
	c := startServer(t)
	c.initialize(`{}`)
	changeDoc(c, "file:///never-opened.yaml", 2, `[{"text":"a: 1"}]`)
	if got, v := text(c, "file:///never-opened.yaml"); v != -1 {
		t.Fatalf("unopened document now holds %q", got)
	}
	wantResult(t, c.call("1", "shutdown", ""))
}

type publishParams struct {
	URI         string            `json:"uri"`
	Version     *int32            `json:"version"`
	Diagnostics []json.RawMessage `json:"diagnostics"`
}

func publish(t *testing.T, m wireMessage) (publishParams, string) {
	t.Helper()
	var p publishParams
	if err := json.Unmarshal(m.Params, &p); err != nil {
		t.Fatal(err)
	}
	var raw struct {
		Diagnostics json.RawMessage `json:"diagnostics"`
	}
	json.Unmarshal(m.Params, &raw)
	return p, string(raw.Diagnostics)
}

func TestDiagnosticsFollowTheLatestVersion(t *testing.T) {
	const uri = "file:///t.yaml"
	c := startServer(t, WithDiagnosticsDelay(50*time.Millisecond))
	c.initialize(`{}`)
	openDoc(c, uri, 1, "heat_template_version: 2018-08-31\n")
	for v := 2; v <= 6; v++ {
		changeDoc(c, uri, v, `[{"text":"heat_template_version: 2018-08-31\ndescription: x\n"}]`)
	}
	p, _ := publish(t, c.notification("textDocument/publishDiagnostics"))
	if p.URI != uri || p.Version == nil || *p.Version != 6 {
		t.Fatalf("first publish after a burst: %+v, want version 6 only", p)
	}

	c.notify("textDocument/didClose", `{"textDocument":{"uri":`+quote(uri)+`}}`)
	p, raw := publish(t, c.notification("textDocument/publishDiagnostics"))
	if p.URI != uri || raw != "[]" {
		t.Fatalf("didClose published %s for %s, want []", raw, p.URI)
	}
	if got, v := text(c, uri); v != -1 {
		t.Fatalf("closed document still held: %q", got)
	}
}

func TestSettings(t *testing.T) {
	c := startServer(t)
	c.call("0", "initialize", `{"capabilities":{"workspace":{"configuration":true}},"initializationOptions":{"heat-ls":{"schemaPaths":["/a"],"logLevel":"debug"}}}`)
	if got := c.server.Settings(); len(got.SchemaPaths) != 1 || got.SchemaPaths[0] != "/a" || got.LogLevel != "debug" {
		t.Fatalf("settings from initializationOptions: %+v", got)
	}
	c.notify("initialized", `{}`)
	pull := c.notification("workspace/configuration")
	if string(pull.ID) == "" || !json.Valid(pull.Params) {
		t.Fatalf("bad configuration request %+v", pull)
	}
	c.sendRaw(`{"jsonrpc":"2.0","id":` + string(pull.ID) + `,"result":[{"schemaPaths":["/b","/c"]}]}`)
	deadline := time.Now().Add(testTimeout)
	for len(c.server.Settings().SchemaPaths) != 2 {
		if time.Now().After(deadline) {
			t.Fatalf("pulled settings not applied: %+v", c.server.Settings())
		}
		time.Sleep(5 * time.Millisecond)
	}
	if got := c.server.Settings(); got.LogLevel != "debug" {
		t.Fatalf("a setting the pull left out was lost: %+v", got)
	}
	c.notify("workspace/didChangeConfiguration", `{"settings":{"heat-ls.schemaPaths":["/d"]}}`)
	c.notification("workspace/configuration") // pulled again; left unanswered
	settle(c)
	if got := c.server.Settings(); len(got.SchemaPaths) != 1 || got.SchemaPaths[0] != "/d" {
		t.Fatalf("settings from didChangeConfiguration: %+v", got)
	}
	wantResult(t, c.call("1", "shutdown", ""))
	c.notify("exit", "")
	if code := c.exitStatus(); code != 0 {
		t.Fatalf("status %d", code)
	}
}

func TestClientCapabilitiesAreRecorded(t *testing.T) {
	c := startServer(t)
	c.initialize(`{"general":{"positionEncodings":["utf-8"]},"window":{"workDoneProgress":true},
		"workspace":{"didChangeWatchedFiles":{"dynamicRegistration":true}},
		"textDocument":{"completion":{"completionItem":{"snippetSupport":true}},"hover":{"contentFormat":["markdown"]}}}`)
	got := c.server.Client()
	if !got.SnippetSupport || !got.WorkDoneProgress || !got.WatchedFilesDynamicRegistration || !got.HoverMarkdown {
		t.Fatalf("capabilities not recorded: %+v", got)
	}
}

// TestUnansweredSettingsPullGivesUp checks that a workspace/configuration
// request the client never answers stops waiting, so repeated settings
// changes cannot pile up pending calls.
func TestUnansweredSettingsPullGivesUp(t *testing.T) {
	c := startServer(t, withPullTimeout(20*time.Millisecond))
	c.call("0", "initialize", `{"capabilities":{"workspace":{"configuration":true}}}`)
	c.notify("initialized", `{}`)
	c.notification("workspace/configuration") // left unanswered
	for i := 0; i < 3; i++ {
		c.notify("workspace/didChangeConfiguration", `{"settings":{}}`)
		c.notification("workspace/configuration")
	}
	deadline := time.Now().Add(testTimeout)
	for {
		c.server.calls.mu.Lock()
		pending := len(c.server.calls.waiting)
		c.server.calls.mu.Unlock()
		if pending == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d unanswered workspace/configuration calls still waiting", pending)
		}
		time.Sleep(5 * time.Millisecond)
	}
}
