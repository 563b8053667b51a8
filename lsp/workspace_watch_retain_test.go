package lsp

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"go.lsp.dev/uri"
)

// TestWatchedFileKeepsNotItsMessage: a file the index learns of from
// didChangeWatchedFiles is kept with its path, not with the message that
// named it (the decoder's strings share the message's buffer). The
// message here carries 16 MiB the server does not read; the heap must not
// keep it once the file is indexed.
func TestWatchedFileKeepsNotItsMessage(t *testing.T) {
	root := t.TempDir()
	tpl := "heat_template_version: 2018-08-31\nresources: {}\n"
	if err := os.WriteFile(filepath.Join(root, "a.yaml"), []byte(tpl), 0o644); err != nil {
		t.Fatal(err)
	}
	c := startServer(t)
	wantResult(t, c.call("0", "initialize", `{"processId":null,"rootUri":`+quote(string(uri.File(root)))+`,"capabilities":{}}`))
	c.notify("initialized", `{}`)
	<-c.server.ws.indexed
	before := heapLive()

	added := filepath.Join(root, "b.yaml")
	if err := os.WriteFile(added, []byte(tpl), 0o644); err != nil {
		t.Fatal(err)
	}
	padding := strings.Repeat("x", 16<<20)
	c.notify("workspace/didChangeWatchedFiles", `{"changes":[{"uri":`+quote(string(uri.File(added)))+`,"type":1}],"padding":"`+padding+`"}`)
	padding = ""
	idx := c.server.workspaceIndex()
	waitFor(t, "the new file indexed", func() bool { return idx.Len() == 2 })
	wantResult(t, c.call("1", "test/settle", ""))
	if after := heapLive(); after > before+4<<20 {
		t.Errorf("live heap grew by %d KiB after indexing one small file", (after-before)>>10)
	}
	runtime.KeepAlive(idx)
}

// heapLive is the heap reachable after a full collection.
func heapLive() uint64 {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}
