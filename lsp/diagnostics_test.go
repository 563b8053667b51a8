package lsp

import (
	"context"
	"testing"
)

// TestDiagnosticsScheduleAfterStop checks that a run scheduled after the
// session ended (by background indexing, say) is not started.
func TestDiagnosticsScheduleAfterStop(t *testing.T) {
	s := New()
	d := newDiagnostics(context.Background(), s)
	d.stop()
	doc := s.store.Open("file:///late.yaml", 1, []byte("heat_template_version: 2018-08-31\n"))
	d.schedule(doc)
	d.mu.Lock()
	defer d.mu.Unlock()
	if len(d.runs) != 0 {
		t.Fatalf("a run was started after stop: %v", d.runs)
	}
}
