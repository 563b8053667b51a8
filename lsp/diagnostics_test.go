package lsp

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"heat-ls/analysis/source"
	"heat-ls/lsp/store"
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

// heldCheck replaces the diagnostics computation: it records the version
// of every run, and holds the runs of version hold until their context is
// cancelled, so a test can watch a stale run being stopped.
type heldCheck struct {
	t        *testing.T
	hold     int32
	mu       sync.Mutex
	versions []int32
	started  chan struct{}
}

func newHeldCheck(t *testing.T, hold int32) *heldCheck {
	return &heldCheck{t: t, hold: hold, started: make(chan struct{}, 16)}
}

func (h *heldCheck) check(ctx context.Context, doc *store.Document) []source.Diagnostic {
	h.mu.Lock()
	h.versions = append(h.versions, doc.Version)
	h.mu.Unlock()
	if doc.Version == h.hold {
		h.started <- struct{}{}
		select {
		case <-ctx.Done():
		case <-time.After(testTimeout):
			h.t.Errorf("the run of version %d was never cancelled", doc.Version)
		}
		return nil
	}
	return []source.Diagnostic{{Span: source.Span{Start: 0, End: 1}, Severity: source.SeverityWarning, Code: "test", Message: "version " + strconv.Itoa(int(doc.Version))}}
}

func (h *heldCheck) seen() []int32 {
	h.mu.Lock()
	defer h.mu.Unlock()
	return slices.Clone(h.versions)
}

// waitFor polls cond until it holds (the server works on other
// goroutines); it fails the test after testTimeout.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(testTimeout)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(time.Millisecond)
	}
}

// holdRoute registers "test/hold", an ordered notification that holds
// the document queue until gate is closed, so messages pile up behind it.
func holdRoute(gate <-chan struct{}) Option {
	return withRoute(route{method: "test/hold", mode: modeOrdered, handle: func(context.Context, []byte) (any, error) {
		<-gate
		return nil, nil
	}})
}

// waitQueued waits until n messages wait in the document queue.
func waitQueued(c *testClient, n int) {
	c.t.Helper()
	q := c.server.queue
	waitFor(c.t, "the messages to queue up", func() bool {
		q.mu.Lock()
		defer q.mu.Unlock()
		return len(q.pending) >= n
	})
}

// publishes collects publishDiagnostics notifications until the one for
// uri at version (or, with version -1, one without a version).
func publishes(c *testClient, uri string, version int32) []publishParams {
	c.t.Helper()
	var got []publishParams
	for {
		p, _ := publish(c.t, c.notification("textDocument/publishDiagnostics"))
		got = append(got, p)
		if p.URI != uri {
			continue
		}
		if version < 0 && p.Version == nil || p.Version != nil && *p.Version == version {
			return got
		}
	}
}

// TestBurstOfChangesIsAnalysedOnce queues nine changes behind a held
// message, as when typing outpaces the parse of a large document: the
// server applies them all, parses and checks only the newest version, and
// publishes for it alone, with its version.
func TestBurstOfChangesIsAnalysedOnce(t *testing.T) {
	const uri = "file:///burst.yaml"
	gate := make(chan struct{})
	hold := holdRoute(gate)
	h := newHeldCheck(t, -1)
	c := startServer(t, hold, withDiagnosticsCheck(h.check))
	c.initialize(`{}`)
	openDoc(c, uri, 1, "heat_template_version: 2018-08-31\n")
	publishes(c, uri, 1)
	c.notify("test/hold", `{}`)
	for v := 2; v <= 10; v++ {
		changeDoc(c, uri, v, `[`+edit(1, 0, 1, 0, "#")+`]`)
	}
	waitQueued(c, 9)
	close(gate)

	got := publishes(c, uri, 10)
	for _, p := range got {
		if p.URI == uri && (p.Version == nil || *p.Version != 10) {
			t.Errorf("published for an intermediate version: %+v", p)
		}
	}
	if body, v := text(c, uri); v != 10 || body != "heat_template_version: 2018-08-31\n#########" {
		t.Fatalf("text after the burst: version %d %q", v, body)
	}
	if seen := h.seen(); !slices.Equal(seen, []int32{1, 10}) {
		t.Fatalf("versions checked: %v, want [1 10] (the open, then the newest only)", seen)
	}
	if n := c.server.diags.published.Load(); n != 2 {
		t.Fatalf("%d runs published, want 2", n)
	}

	c.notify("textDocument/didClose", `{"textDocument":{"uri":`+quote(uri)+`}}`)
	p, raw := publish(t, c.notification("textDocument/publishDiagnostics"))
	if p.URI != uri || raw != "[]" || p.Version != nil {
		t.Fatalf("didClose published %s (version %v) for %s, want [] without a version", raw, p.Version, p.URI)
	}
}

// TestStaleRunIsCancelled holds the run of version 1 inside the check:
// a request is answered meanwhile (requests do not wait for diagnostics),
// and version 2 cancels the held run, which publishes nothing.
func TestStaleRunIsCancelled(t *testing.T) {
	const uri = "file:///stale.yaml"
	h := newHeldCheck(t, 1)
	c := startServer(t, withDiagnosticsCheck(h.check))
	c.initialize(`{}`)
	openDoc(c, uri, 1, "heat_template_version: 2018-08-31\nresources:\n  a:\n    type: OS::Nova::Server\n")
	<-h.started
	hover := c.call("1", "textDocument/hover", `{"textDocument":{"uri":`+quote(uri)+`},"position":{"line":3,"character":14}}`)
	wantResult(t, hover)
	if string(hover.Result) == "null" {
		t.Fatalf("no hover while the diagnostics run is held")
	}
	if n := c.server.diags.published.Load() + c.server.diags.abandoned.Load(); n != 0 {
		t.Fatalf("the held run ended before it was cancelled (%d)", n)
	}

	changeDoc(c, uri, 2, `[`+edit(0, 0, 0, 0, "# x\n")+`]`)
	got := publishes(c, uri, 2)
	for _, p := range got {
		if p.URI == uri && p.Version != nil && *p.Version == 1 {
			t.Fatalf("the stale run published: %+v", p)
		}
	}
	d := c.server.diags
	waitFor(t, "the held run to stop", func() bool { return d.abandoned.Load() == 1 })
	if n := d.published.Load(); n != 1 {
		t.Fatalf("%d runs published, want 1 (version 2)", n)
	}
	if seen := h.seen(); !slices.Equal(seen, []int32{1, 2}) {
		t.Fatalf("versions checked: %v, want [1 2]", seen)
	}
}

// TestWorthReleasing: an idle server with a small live heap always gives
// memory back; with a larger one, when its free pages and garbage reach
// releaseSlack.
func TestWorthReleasing(t *testing.T) {
	tests := []struct {
		name                string
		live, objects, free uint64
		want                bool
	}{
		{"a small heap after typing", 1300 << 10, 4 << 20, 1 << 20, true},
		{"a small heap, nothing to free in sight", 1300 << 10, 1300 << 10, 0, true},
		{"the largest small heap", smallHeap, smallHeap, 0, true},
		{"a large heap, much free", 40 << 20, 60 << 20, 40 << 20, true},
		{"a large heap, releaseSlack free", 400 << 20, 400 << 20, releaseSlack, true},
		{"a large heap, releaseSlack in garbage and free", 400 << 20, 400<<20 + releaseSlack/2, releaseSlack / 2, true},
		{"a large heap, less than releaseSlack", 400 << 20, 400<<20 + releaseSlack/2, releaseSlack/2 - 1, false},
		{"just above a small heap, little free", smallHeap + 1, smallHeap + 1, 1 << 20, false},
	}
	for _, tc := range tests {
		if got := worthReleasing(tc.live, tc.objects, tc.free); got != tc.want {
			t.Errorf("%s: worthReleasing(%d, %d, %d) = %v, want %v", tc.name, tc.live, tc.objects, tc.free, got, tc.want)
		}
	}
}

// TestBurstStopsAtARefusedChange queues a good change, one with a range
// that is not a range, and another good one behind a held message: the
// bad one is refused once (one message to the user), and the good ones
// apply around it.
func TestBurstStopsAtARefusedChange(t *testing.T) {
	const uri = "file:///refused.yaml"
	gate := make(chan struct{})
	hold := holdRoute(gate)
	c := startServer(t, hold)
	c.initialize(`{}`)
	openDoc(c, uri, 1, "a: 1\n")
	c.notify("test/hold", `{}`)
	changeDoc(c, uri, 2, `[`+edit(0, 0, 0, 0, "x")+`]`)
	changeDoc(c, uri, 3, `[{"range":{"start":{"line":-1,"character":0},"end":{"line":0,"character":0}},"text":"LOST"}]`)
	changeDoc(c, uri, 4, `[`+edit(0, 0, 0, 0, "y")+`]`)
	waitQueued(c, 3)
	close(gate)
	if body, v := text(c, uri); v != 4 || body != "yxa: 1\n" {
		t.Fatalf("text: version %d %q", v, body)
	}
	refusals := 0
	for _, m := range c.notes {
		if m.Method == "window/logMessage" && strings.Contains(string(m.Params), "was not applied") {
			refusals++
		}
	}
	if refusals != 1 {
		t.Fatalf("%d refusals told to the user, want 1: %v", refusals, c.notes)
	}
}

// TestScheduleStaleVersion: background work that re-checks a document it
// listed before the document changed schedules the version the store
// holds now, so the newest version still gets its diagnostics.
func TestScheduleStaleVersion(t *testing.T) {
	c := startServer(t)
	wantResult(t, c.call("0", "initialize", `{"processId":null,"rootUri":null,"capabilities":{}}`))
	c.notify("initialized", `{}`)
	u := "file:///tmp/stale.yaml"
	c.notify("textDocument/didOpen", `{"textDocument":{"uri":"`+u+`","languageId":"yaml","version":1,"text":"heat_template_version: 2018-08-31\n"}}`)
	c.diagnosticCodes(u)
	old := c.server.store.Get(u)
	c.notify("textDocument/didChange", `{"textDocument":{"uri":"`+u+`","version":2},"contentChanges":[{"text":"heat_template_version: 2018-08-31\nresources: {}\n"}]}`)
	wantResult(t, c.call("1", "test/settle", ""))
	c.diagnosticCodes(u)         // version 2's own
	c.server.diags.schedule(old) // as a re-check that listed the documents before the change
	m := c.notification("textDocument/publishDiagnostics")
	if !strings.Contains(string(m.Params), `"version":2`) {
		t.Errorf("the re-check of a stale version published %s, want version 2", m.Params)
	}
}
