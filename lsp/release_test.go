package lsp

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"go.lsp.dev/uri"
)

const azTemplate = `heat_template_version: 2021-04-16
resources:
  zone:
    type: OS::Octavia::AvailabilityZoneProfile
    properties:
      availability_zone_data: '{"compute_zone": "az1"}'
`

// TestHeatReleaseSetting drives heat-ls.heatRelease end to end: the
// template is judged for the release the setting names (any of its
// names), an unknown value is reported with the accepted ones and leaves
// the release as it was, and hover says which release is judged for.
func TestHeatReleaseSetting(t *testing.T) {
	root := t.TempDir()
	stack := filepath.Join(root, "stack.yaml")
	su := string(uri.File(stack))
	c := startServer(t)
	opts := `{"heat-ls":{"heatRelease":"2024.2"}}`
	wantResult(t, c.call("0", "initialize", `{"processId":null,"rootUri":`+quote(string(uri.File(root)))+`,"capabilities":{},"initializationOptions":`+opts+`}`))
	c.notify("initialized", `{}`)
	<-c.server.ws.indexed
	wantResult(t, c.call("1", "test/settle", ""))

	c.notify("textDocument/didOpen", `{"textDocument":{"uri":`+quote(su)+`,"languageId":"yaml","version":1,"text":`+quote(azTemplate)+`}}`)
	ds := c.diagnosticsOf(su)
	if d := findCode(ds, "resource-type-too-new"); d == nil || d.Severity != 1 || !strings.Contains(d.Message, "2025.1") {
		t.Fatalf("on 2024.2 want an error saying the type arrives in 2025.1, got %+v", ds)
	}
	at := strings.Index(azTemplate, "OS::Octavia")
	line := strings.Count(azTemplate[:at], "\n")
	m := c.call("2", "textDocument/hover", `{"textDocument":{"uri":`+quote(su)+`},"position":{"line":`+itoa(line)+`,"character":12}}`)
	wantResult(t, m)
	if !strings.Contains(string(m.Result), "2024.2") {
		t.Errorf("hover does not say which release is judged for: %s", m.Result)
	}

	c.notify("workspace/didChangeConfiguration", `{"settings":{"heat-ls":{"heatRelease":"Epoxy"}}}`)
	if ds := c.diagnosticsOf(su); findCode(ds, "resource-type-too-new") != nil {
		t.Errorf("on epoxy (2025.1) the type exists, got %+v", ds)
	}

	c.notify("workspace/didChangeConfiguration", `{"settings":{"heat-ls":{"heatRelease":"wallaby"}}}`)
	wantResult(t, c.call("3", "test/settle", ""))
	shown := c.shownMessages()
	if len(shown) != 1 || !strings.Contains(shown[0], "wallaby") || !strings.Contains(shown[0], "2025.1 (epoxy, 24)") {
		t.Errorf("want one message naming the bad value and the accepted ones, got %q", shown)
	}

	// Back to the default (2026.1) by clearing the setting: the type is
	// still there.
	c.notify("workspace/didChangeConfiguration", `{"settings":{"heat-ls":{"heatRelease":null}}}`)
	wantResult(t, c.call("4", "test/settle", ""))
	if got := c.server.currentSchema().Release().Name; got != "2026.1" {
		t.Errorf("cleared setting judges for %s, want the default 2026.1", got)
	}
}

// TestHeatReleaseFromProjectFile: without the setting, the .heat-ls.yaml of
// the workspace folder names the release.
func TestHeatReleaseFromProjectFile(t *testing.T) {
	root := t.TempDir()
	if err := os.WriteFile(filepath.Join(root, ".heat-ls.yaml"), []byte("heatRelease: 22\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c := startServer(t)
	wantResult(t, c.call("0", "initialize", `{"processId":null,"rootUri":`+quote(string(uri.File(root)))+`,"capabilities":{}}`))
	c.notify("initialized", `{}`)
	<-c.server.ws.indexed
	wantResult(t, c.call("1", "test/settle", ""))
	if got := c.server.currentSchema().Release().Name; got != "2024.1" {
		t.Errorf("judging for %s, want 2024.1 from .heat-ls.yaml", got)
	}
}

// TestHeatReleaseProjectFileChange: editing the folder's .heat-ls.yaml on
// disk (reported by the client's file watcher) switches the release.
func TestHeatReleaseProjectFileChange(t *testing.T) {
	root := t.TempDir()
	project := filepath.Join(root, ".heat-ls.yaml")
	if err := os.WriteFile(project, []byte("heatRelease: 2024.1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c := startServer(t)
	wantResult(t, c.call("0", "initialize", `{"processId":null,"rootUri":`+quote(string(uri.File(root)))+`,"capabilities":{}}`))
	c.notify("initialized", `{}`)
	<-c.server.ws.indexed
	if err := os.WriteFile(project, []byte("heatRelease: flamingo\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c.notify("workspace/didChangeWatchedFiles", `{"changes":[{"uri":`+quote(string(uri.File(project)))+`,"type":2}]}`)
	wantResult(t, c.call("1", "test/settle", ""))
	if got := c.server.currentSchema().Release().Name; got != "2025.2" {
		t.Errorf("after the edit judging for %s, want 2025.2", got)
	}
}
