package lsp

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
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
	wantMemoryClasses(t, st.Memory)
	for _, name := range []string{"settledFindings", "diagnosticRuns", "semanticTokens", "encodedTokens"} {
		if _, ok := st.DocumentCaches[name]; !ok {
			t.Errorf("heat-ls/debug: no count of the %s cache in %v", name, st.DocumentCaches)
		}
	}
}

// wantMemoryClasses: the memory classes name the heap's objects, its free
// and returned pages and the stacks, and add up to their total, so a soak
// report can say where the resident memory goes.
func wantMemoryClasses(t *testing.T, classes map[string]uint64) {
	t.Helper()
	for _, name := range []string{"heap/objects", "heap/free", "heap/released", "heap/unused", "heap/stacks", "os-stacks", "metadata/other", "other", "total"} {
		if _, ok := classes[name]; !ok {
			t.Errorf("heat-ls/debug: no memory class %q in %v", name, classes)
		}
	}
	var sum uint64
	for name, n := range classes {
		if name != "total" {
			sum += n
		}
	}
	if classes["heap/objects"] == 0 || sum != classes["total"] {
		t.Errorf("heat-ls/debug: memory classes %v add up to %d, total %d", classes, sum, classes["total"])
	}
}

// TestDebugHeapProfile: heat-ls/debug writes a heap profile only into the
// directory the server was started with, by plain file name, never over
// an existing file, and refuses it when no directory was given.
func TestDebugHeapProfile(t *testing.T) {
	dir := t.TempDir()
	c := startServer(t, WithProfileDir(dir))
	wantResult(t, c.call("0", "initialize", `{"processId":null,"rootUri":null,"capabilities":{}}`))
	c.notify("initialized", `{}`)
	wantResult(t, c.call("1", methodDebug, `{"collect":true,"heapProfile":"a.prof"}`))
	fi, err := os.Stat(filepath.Join(dir, "a.prof"))
	if err != nil || fi.Size() == 0 {
		t.Fatalf("no heap profile written: %v", err)
	}
	for i, name := range []string{"a.prof", "../b.prof", "sub/b.prof", "/tmp/b.prof", ".", ".."} {
		if m := c.call(strconv.Itoa(2+i), methodDebug, fmt.Sprintf(`{"heapProfile":%q}`, name)); m.Error == nil {
			t.Errorf("heat-ls/debug wrote a heap profile to %q", name)
		}
	}
	if _, err := os.Stat(filepath.Join(filepath.Dir(dir), "b.prof")); err == nil {
		t.Error("a profile was written outside the directory")
	}

	off := startServer(t)
	wantResult(t, off.call("0", "initialize", `{"processId":null,"rootUri":null,"capabilities":{}}`))
	off.notify("initialized", `{}`)
	if m := off.call("1", methodDebug, `{"heapProfile":"c.prof"}`); m.Error == nil {
		t.Error("heat-ls/debug wrote a heap profile without a profile directory")
	}
}
