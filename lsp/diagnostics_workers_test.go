package lsp

import (
	"context"
	"fmt"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"testing"

	"heat-ls/analysis/source"
	"heat-ls/lsp/store"
)

// gatedCheck replaces the diagnostics computation: every run waits until
// open is closed (or the run is cancelled), and the versions checked are
// recorded per document.
type gatedCheck struct {
	open     chan struct{}
	checking atomic.Int32
	mu       sync.Mutex
	versions map[string][]int32
}

func newGatedCheck() *gatedCheck {
	return &gatedCheck{open: make(chan struct{}), versions: map[string][]int32{}}
}

func (g *gatedCheck) check(ctx context.Context, doc *store.Document) []source.Diagnostic {
	g.mu.Lock()
	g.versions[doc.URI] = append(g.versions[doc.URI], doc.Version)
	g.mu.Unlock()
	g.checking.Add(1)
	defer g.checking.Add(-1)
	select {
	case <-g.open:
	case <-ctx.Done():
	}
	return nil
}

func (g *gatedCheck) seen(uri string) []int32 {
	g.mu.Lock()
	defer g.mu.Unlock()
	return slices.Clone(g.versions[uri])
}

// TestDiagnosticsRunOnFewGoroutines opens forty documents at once while
// every check is held: the runs wait in a queue for the few workers
// instead of each waiting on a goroutine of its own. Each goroutine ever
// alive at once leaves the runtime a record, and often a stack, that it
// keeps for the rest of the session, so bursts of runs (a session
// restored, a file on disk that every open template uses) would leave the
// server's resident memory higher after each new peak.
func TestDiagnosticsRunOnFewGoroutines(t *testing.T) {
	const docs = 40
	g := newGatedCheck()
	c := startServer(t, withDiagnosticsCheck(g.check))
	c.initialize(`{}`)
	d := c.server.diags
	base := runtime.NumGoroutine()
	for i := range docs {
		openDoc(c, fmt.Sprintf("file:///many%d.yaml", i), 1, "heat_template_version: 2018-08-31\n")
	}
	wantResult(t, c.call("90", "test/settle", `{}`)) // every open applied, every run queued
	waitFor(t, "the workers to take a run each", func() bool { return int(g.checking.Load()) == d.maxWorkers })
	if n := runtime.NumGoroutine() - base; n > d.maxWorkers+3 {
		t.Errorf("%d goroutines more than before %d runs were queued (%d workers)", n, docs, d.maxWorkers)
	}
	close(g.open)
	waitFor(t, "every run to publish", func() bool { return d.published.Load() == docs })
	waitFor(t, "the workers to end", func() bool {
		d.mu.Lock()
		defer d.mu.Unlock()
		return d.workers == 0
	})
	// Every run counted as work has ended: the idle release may come.
	waitFor(t, "no work left for the idle release", func() bool {
		idle := &c.server.idle
		idle.mu.Lock()
		defer idle.mu.Unlock()
		return idle.active == 0
	})
}

// TestWaitingRunIsReplaced: while the only worker is busy, a document
// changed twice keeps one waiting run, of its newest version; the runs it
// replaced never start, and each counts as abandoned.
func TestWaitingRunIsReplaced(t *testing.T) {
	const busy, uri = "file:///busy.yaml", "file:///waiting.yaml"
	g := newGatedCheck()
	c := startServer(t, withDiagnosticsCheck(g.check))
	c.initialize(`{}`)
	d := c.server.diags
	d.mu.Lock()
	d.maxWorkers = 1
	d.mu.Unlock()
	openDoc(c, busy, 1, "heat_template_version: 2018-08-31\n")
	waitFor(t, "the worker to take the first run", func() bool { return g.checking.Load() == 1 })
	// Each message applied before the next is sent: the document queue
	// folds changes that wait together into one version.
	openDoc(c, uri, 1, "heat_template_version: 2018-08-31\n")
	wantResult(t, c.call("90", "test/settle", `{}`))
	changeDoc(c, uri, 2, `[`+edit(0, 0, 0, 0, "# x\n")+`]`)
	wantResult(t, c.call("91", "test/settle", `{}`))
	changeDoc(c, uri, 3, `[`+edit(0, 0, 0, 0, "# y\n")+`]`)
	wantResult(t, c.call("92", "test/settle", `{}`))
	if n := d.abandoned.Load(); n != 2 {
		t.Errorf("%d runs abandoned while waiting, want 2 (versions 1 and 2)", n)
	}
	close(g.open)
	publishes(c, uri, 3)
	if seen := g.seen(uri); !slices.Equal(seen, []int32{3}) {
		t.Fatalf("versions checked: %v, want [3]", seen)
	}
}

// TestQueuedRunsLeaveNoWork: every run queued is counted as work until it
// ends, whether it is checked, replaced by a newer version while waiting
// or closed while waiting, so once all have ended the idle release is free
// to come.
func TestQueuedRunsLeaveNoWork(t *testing.T) {
	const docs = 100
	quick := func(context.Context, *store.Document) []source.Diagnostic { return nil }
	c := startServer(t, withDiagnosticsCheck(quick))
	c.initialize(`{}`)
	for i := range docs {
		uri := fmt.Sprintf("file:///quick%d.yaml", i)
		openDoc(c, uri, 1, "heat_template_version: 2018-08-31\n")
		changeDoc(c, uri, 2, `[`+edit(0, 0, 0, 0, "# x\n")+`]`)
		if i%3 == 0 {
			c.notify("textDocument/didClose", `{"textDocument":{"uri":`+quote(uri)+`}}`)
		}
	}
	wantResult(t, c.call("90", "test/settle", `{}`))
	waitFor(t, "no work left for the idle release", func() bool {
		idle := &c.server.idle
		idle.mu.Lock()
		defer idle.mu.Unlock()
		return idle.active == 0
	})
}
