package lsp

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"go.uber.org/zap"
	"go.uber.org/zap/zaptest/observer"

	"heat-ls/analysis/syntax/synthtest"
)

// TestExitWithoutShutdownStopsIndexing: a client that goes away while the
// workspace is still being indexed (no shutdown) must not leave the scan
// running; the session ends without waiting for stray work.
func TestExitWithoutShutdownStopsIndexing(t *testing.T) {
	dir := t.TempDir()
	tmpl := synthtest.GenerateTemplate(400)
	for i := range 2500 {
		sub := filepath.Join(dir, fmt.Sprintf("d%02d", i%50))
		if err := os.MkdirAll(sub, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(sub, fmt.Sprintf("t%d.yaml", i)), tmpl, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	core, logs := observer.New(zap.WarnLevel)
	c := startServer(t, WithLogger(zap.New(core)))
	c.request("1", "initialize", `{"capabilities":{},"rootUri":"file://`+dir+`"}`)
	c.response("1")
	c.notify("initialized", "{}")
	c.request("2", "test/settle", "")
	c.response("2")
	c.conn.Close() // the client disappears mid-scan
	select {
	case code := <-c.exit:
		if code != 1 {
			t.Errorf("exit status %d, want 1 (no shutdown)", code)
		}
	case <-time.After(testTimeout):
		t.Fatal("server did not end after its input closed")
	}
	for _, e := range logs.All() {
		if strings.Contains(e.Message, "still running") {
			t.Errorf("work outlived the session: %q", e.Message)
		}
	}
}
