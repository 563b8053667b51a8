package lsp

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// TestIdleReleaseWaitsForAllWork: the release is armed only when the last
// piece of work begun (diagnostics runs and requests alike) has ended, is
// put off by new work, and never armed once stopped.
func TestIdleReleaseWaitsForAllWork(t *testing.T) {
	var r idleRelease
	r.begin() // a diagnostics run
	r.begin() // a request
	r.end()
	if r.timer != nil {
		t.Fatal("a release was armed while a request was still running")
	}
	r.end()
	if r.timer == nil {
		t.Fatal("no release armed once all work ended")
	}
	r.begin()
	if r.timer.Stop() {
		t.Error("new work did not put off the pending release")
	}
	r.end()
	r.stop()
	if r.timer.Stop() {
		t.Error("the release stayed armed after stop")
	}
	r.end() // an end without a begin (a session ending) arms nothing
	if r.timer.Stop() {
		t.Error("a stopped release was armed again")
	}
}

// TestReturnOfMemoryCompactsTheIndex: the server's return of memory (idle,
// after a scan, or asked through heat-ls/debug) copies the summaries the
// index read since the last one (workspace.Index.Compact), between its
// collections, so none is left to copy afterwards.
func TestReturnOfMemoryCompactsTheIndex(t *testing.T) {
	dir := t.TempDir()
	for i := range 3 {
		text := fmt.Sprintf("heat_template_version: 2018-08-31\nresources:\n  r%d: {type: OS::Heat::None}\n", i)
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("t%d.yaml", i)), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	s := New()
	idx := s.workspaceIndex()
	idx.SetFolders(dir)
	idx.Scan(context.Background(), nil)
	s.idle.returnMemory()
	if n := idx.Compact(); n != 0 {
		t.Errorf("%d summaries left to copy after the return of memory", n)
	}
	if idx.Len() != 3 {
		t.Errorf("%d files indexed after the return of memory, want 3", idx.Len())
	}
}
