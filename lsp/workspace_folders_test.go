package lsp

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"go.lsp.dev/uri"
)

// TestWorkspaceFolderChanges: a custom type mapped only by an environment
// file in a second folder becomes known when that folder is added (after
// its background scan) and unknown again when it is removed.
func TestWorkspaceFolderChanges(t *testing.T) {
	a, b := t.TempDir(), t.TempDir()
	files := map[string]string{
		filepath.Join(a, "stack.yaml"):    "heat_template_version: 2018-08-31\nresources:\n  thing:\n    type: Acme::Thing\n",
		filepath.Join(b, "env.yaml"):      "resource_registry:\n  Acme::Thing: thing.yaml\n",
		filepath.Join(b, "thing.yaml"):    "heat_template_version: 2018-08-31\nresources: {}\n",
		filepath.Join(b, "unrelated.yml"): "heat_template_version: 2018-08-31\n",
	}
	for p, text := range files {
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	au, bu := string(uri.File(a)), string(uri.File(b))
	stack := filepath.Join(a, "stack.yaml")
	su := string(uri.File(stack))

	c := startServer(t)
	m := c.call("0", "initialize", `{"processId":null,"workspaceFolders":[{"uri":`+quote(au)+`,"name":"a"}],"capabilities":{"workspace":{"workspaceFolders":true}}}`)
	wantResult(t, m)
	if !strings.Contains(string(m.Result), `"workspaceFolders":{"supported":true,"changeNotifications":true}`) {
		t.Errorf("workspaceFolders not advertised: %s", m.Result)
	}
	c.notify("initialized", `{}`)
	<-c.server.ws.indexed
	c.notify("textDocument/didOpen", `{"textDocument":{"uri":`+quote(su)+`,"languageId":"yaml","version":1,"text":`+quote(files[stack])+`}}`)
	if codes := c.diagnosticCodes(su); !contains(codes, "resource-type-custom") {
		t.Fatalf("before b is added, Acme::Thing should be unmapped: %v", codes)
	}
	if c.server.workspaceIndex().Guard().Allow(filepath.Join(b, "env.yaml"), "") {
		t.Fatal("the guard allows b before it is added")
	}

	c.notify("workspace/didChangeWorkspaceFolders", `{"event":{"added":[{"uri":`+quote(bu)+`,"name":"b"}],"removed":[]}}`)
	var codes []string
	for range 5 {
		if codes = c.diagnosticCodes(su); !contains(codes, "resource-type-custom") {
			break
		}
	}
	if contains(codes, "resource-type-custom") {
		t.Fatalf("after adding b, its environment should map Acme::Thing: %v", codes)
	}
	if n := c.server.workspaceIndex().Len(); n != 4 {
		t.Errorf("indexed %d files, want 4", n)
	}
	if !c.server.workspaceIndex().Guard().Allow(filepath.Join(b, "env.yaml"), "") {
		t.Error("the guard refuses the added folder")
	}

	c.notify("workspace/didChangeWorkspaceFolders", `{"event":{"added":[],"removed":[{"uri":`+quote(bu)+`,"name":"b"}]}}`)
	if codes := c.diagnosticCodes(su); !contains(codes, "resource-type-custom") {
		t.Errorf("after removing b, Acme::Thing should be unmapped again: %v", codes)
	}
	if n := c.server.workspaceIndex().Len(); n != 1 {
		t.Errorf("after removing b, %d files indexed, want 1", n)
	}
	if c.server.workspaceIndex().Guard().Allow(filepath.Join(b, "env.yaml"), "") {
		t.Error("the guard still allows the removed folder")
	}
}

// TestFolderList: the list keeps the order folders were added in through
// removals, re-additions and compaction.
func TestFolderList(t *testing.T) {
	var l folderList
	for i := range 100 {
		l.add(fmt.Sprintf("/f%d", i))
	}
	l.add("/f0") // already there: stays first
	for i := range 90 {
		l.remove(fmt.Sprintf("/f%d", i))
	}
	l.add("/f5") // back, now last
	l.remove("/nowhere")
	got := l.all()
	want := []string{"/f90", "/f91", "/f92", "/f93", "/f94", "/f95", "/f96", "/f97", "/f98", "/f99", "/f5"}
	if !slices.Equal(got, want) {
		t.Errorf("folders %q, want %q", got, want)
	}
	if first := l.first(); first != "/f90" {
		t.Errorf("first %q, want /f90", first)
	}
	if len(l.order) > 2*len(l.live)+32 {
		t.Errorf("%d entries kept for %d folders", len(l.order), len(l.live))
	}
}

// TestWorkspaceFolderAddRemoveCancels: a folder both added and removed in
// one event stays as it was; the rest of the event applies.
func TestWorkspaceFolderAddRemoveCancels(t *testing.T) {
	a, b, c2 := t.TempDir(), t.TempDir(), t.TempDir()
	folder := func(p string) string { return `{"uri":` + quote(string(uri.File(p))) + `,"name":"x"}` }
	c := startServer(t)
	wantResult(t, c.call("0", "initialize", `{"processId":null,"workspaceFolders":[`+folder(a)+`],"capabilities":{}}`))
	c.notify("initialized", `{}`)
	c.notify("workspace/didChangeWorkspaceFolders", `{"event":{"added":[`+folder(a)+`,`+folder(b)+`,`+folder(c2)+`],"removed":[`+folder(a)+`,`+folder(b)+`]}}`)
	wantResult(t, c.call("1", "test/settle", ""))
	if got, want := c.server.folders(), []string{a, c2}; !slices.Equal(got, want) {
		t.Errorf("folders %q, want %q", got, want)
	}
}
