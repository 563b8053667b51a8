package lsp

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"go.lsp.dev/uri"

	"heat-ls/analysis/syntax/synthtest"
)

// copyTree copies testdata/workspace into a temp dir the test may change.
func copyWorkspaceFixtures(t *testing.T) string {
	t.Helper()
	src, err := filepath.Abs(filepath.Join("..", "testdata", "workspace"))
	if err != nil {
		t.Fatal(err)
	}
	dst := t.TempDir()
	err = filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dst
}

// answer replies null to a server-to-client request.
func (c *testClient) answer(m wireMessage) {
	c.t.Helper()
	c.sendRaw(`{"jsonrpc":"2.0","id":` + string(m.ID) + `,"result":null}`)
}

// diagnosticCodes waits for diagnostics of u and returns their codes.
func (c *testClient) diagnosticCodes(u string) []string {
	c.t.Helper()
	for {
		m := c.notification("textDocument/publishDiagnostics")
		var p struct {
			URI         string `json:"uri"`
			Diagnostics []struct {
				Code any `json:"code"`
			} `json:"diagnostics"`
		}
		if err := json.Unmarshal(m.Params, &p); err != nil {
			c.t.Fatal(err)
		}
		if p.URI != u {
			continue
		}
		var out []string
		for _, d := range p.Diagnostics {
			if s, ok := d.Code.(string); ok {
				out = append(out, s)
			}
		}
		return out
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// TestWorkspaceIndexing drives the whole workspace path: watcher
// registration, work-done progress around the background scan, requests
// answered while the scan waits, cross-file diagnostics, document links,
// and a watched-file change that re-checks the open documents.
func TestWorkspaceIndexing(t *testing.T) {
	root := copyWorkspaceFixtures(t)
	c := startServer(t)
	caps := `{"window":{"workDoneProgress":true},"workspace":{"didChangeWatchedFiles":{"dynamicRegistration":true}}}`
	m := c.call("0", "initialize", `{"processId":null,"rootUri":`+quote(string(uri.File(root)))+`,"capabilities":`+caps+`}`)
	wantResult(t, m)
	if !strings.Contains(string(m.Result), `"documentLinkProvider"`) {
		t.Errorf("documentLinkProvider not advertised: %s", m.Result)
	}
	c.notify("initialized", `{}`)

	reg := c.notification("client/registerCapability")
	if !strings.Contains(string(reg.Params), "workspace/didChangeWatchedFiles") || !strings.Contains(string(reg.Params), "**/*.{yaml,yml,template}") {
		t.Errorf("unexpected registration %s", reg.Params)
	}
	c.answer(reg)
	create := c.notification("window/workDoneProgress/create")
	// The scan waits for the client's answer; requests are served meanwhile.
	wantResult(t, c.call("1", "test/settle", ""))
	c.answer(create)
	var kinds []string
	for {
		p := c.notification("$/progress")
		var v struct {
			Value struct {
				Kind string `json:"kind"`
			} `json:"value"`
		}
		if err := json.Unmarshal(p.Params, &v); err != nil {
			t.Fatal(err)
		}
		kinds = append(kinds, v.Value.Kind)
		if v.Value.Kind == "end" {
			break
		}
	}
	if kinds[0] != "begin" || len(kinds) < 3 {
		t.Errorf("progress kinds %v, want begin, report..., end", kinds)
	}

	broken := filepath.Join(root, "broken.yaml")
	bu := string(uri.File(broken))
	text, _ := os.ReadFile(broken)
	c.notify("textDocument/didOpen", `{"textDocument":{"uri":`+quote(bu)+`,"languageId":"yaml","version":1,"text":`+quote(string(text))+`}}`)
	codes := c.diagnosticCodes(bu)
	for _, want := range []string{"nested-unknown-property", "nested-template-missing", "get-file-missing", "nested-unknown-attribute"} {
		if !contains(codes, want) {
			t.Errorf("diagnostics %v lack %s", codes, want)
		}
	}
	if contains(codes, "nested-missing-property") {
		t.Errorf("image is set by prod_env.yaml's parameter_defaults, yet reported missing: %v", codes)
	}

	parent := filepath.Join(root, "parent.yaml")
	pu := string(uri.File(parent))
	text, _ = os.ReadFile(parent)
	c.notify("textDocument/didOpen", `{"textDocument":{"uri":`+quote(pu)+`,"languageId":"yaml","version":1,"text":`+quote(string(text))+`}}`)
	links := c.call("2", "textDocument/documentLink", `{"textDocument":{"uri":`+quote(pu)+`}}`)
	wantResult(t, links)
	for _, want := range []string{"scripts/boot.sh", "nested/server.yaml"} {
		if !strings.Contains(string(links.Result), want) {
			t.Errorf("links %s lack %s", links.Result, want)
		}
	}
	if strings.Contains(string(c.call("3", "textDocument/documentLink", `{"textDocument":{"uri":`+quote(bu)+`}}`).Result), "passwd") {
		t.Error("a link leads outside the workspace")
	}

	// The nested template gains the misspelt parameter on disk.
	server := filepath.Join(root, "nested", "server.yaml")
	b, _ := os.ReadFile(server)
	b = []byte(strings.Replace(string(b), "parameters:\n", "parameters:\n  imag:\n    type: string\n    default: x\n", 1))
	if err := os.WriteFile(server, b, 0o644); err != nil {
		t.Fatal(err)
	}
	c.notify("workspace/didChangeWatchedFiles", `{"changes":[{"uri":`+quote(string(uri.File(server)))+`,"type":2}]}`)
	for range 4 {
		codes = c.diagnosticCodes(bu)
		if !contains(codes, "nested-unknown-property") {
			break
		}
	}
	if contains(codes, "nested-unknown-property") {
		t.Errorf("after the nested template changed on disk, imag is still unknown: %v", codes)
	}
}

// TestWorkspaceWithoutClientSupport: no progress or registration requests
// when the client does not allow them, and indexing still happens.
func TestWorkspaceWithoutClientSupport(t *testing.T) {
	root := copyWorkspaceFixtures(t)
	c := startServer(t)
	m := c.call("0", "initialize", `{"processId":null,"rootUri":`+quote(string(uri.File(root)))+`,"capabilities":{}}`)
	wantResult(t, m)
	c.notify("initialized", `{}`)
	c.notify("initialized", `{}`) // a second one must not start (or crash) a second scan
	<-c.server.ws.indexed
	if n := c.server.workspaceIndex().Len(); n != 5 {
		t.Errorf("indexed %d files, want 5", n)
	}
	wantResult(t, c.call("1", "test/settle", ""))
	for _, n := range c.notes {
		if n.Method == "window/workDoneProgress/create" || n.Method == "client/registerCapability" || n.Method == "$/progress" {
			t.Errorf("server sent %s to a client that does not support it", n.Method)
		}
	}
}

// TestRequestsAnsweredWhileIndexing: with a tree big enough that the scan
// takes a while, a request sent right after the scan starts is answered
// before the scan's progress ends.
func TestRequestsAnsweredWhileIndexing(t *testing.T) {
	root := t.TempDir()
	tmpl := synthtest.GenerateTemplate(200)
	for i := range 200 {
		dir := filepath.Join(root, "d"+strconv.Itoa(i%20))
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "t"+strconv.Itoa(i)+".yaml"), tmpl, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	c := startServer(t)
	wantResult(t, c.call("0", "initialize", `{"processId":null,"rootUri":`+quote(string(uri.File(root)))+`,"capabilities":{"window":{"workDoneProgress":true}}}`))
	c.notify("initialized", `{}`)
	c.answer(c.notification("window/workDoneProgress/create"))
	c.notification("$/progress") // begin
	wantResult(t, c.call("1", "test/settle", ""))
	for _, n := range c.notes {
		if n.Method == "$/progress" && strings.Contains(string(n.Params), `"end"`) {
			t.Fatal("the request was answered only after indexing ended")
		}
	}
	<-c.server.ws.indexed
	if n := c.server.workspaceIndex().Len(); n != 200 {
		t.Errorf("indexed %d, want 200", n)
	}
}
