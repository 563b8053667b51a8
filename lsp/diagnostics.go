package lsp

import (
	"context"
	"fmt"
	"runtime"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"time"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
	"go.uber.org/zap"

	"heat-ls/analysis/check"
	"heat-ls/analysis/source"
	"heat-ls/lsp/store"
)

// diagnostics computes and publishes diagnostics off the request path:
// each document version gets one run, queued at once (a burst of changes
// is already folded into one version before it gets here: see
// didChangeChecked) and taken by one of a few workers. A newer version
// cancels the older run, which the rules notice between rules and entries,
// so a stale run stops early instead of competing with the current one for
// the processor, and replaces a run still queued, which then never starts;
// a run whose version is no longer current publishes nothing, so the
// client never sees diagnostics for text it no longer has. Requests never
// wait for a run: they only wait for the document queue.
type diagnostics struct {
	s      *Server
	parent context.Context
	// check computes a version's diagnostics; tests replace it to hold a
	// run at a known point.
	check func(ctx context.Context, doc *store.Document) []source.Diagnostic
	// published and abandoned count the runs that published and those
	// that stopped because a newer version, a close or the end of the
	// session made them stale.
	published, abandoned atomic.Int64
	// maxWorkers bounds the runs checking at once to the processors: when
	// many documents open together (a client restoring a session, a file
	// changed on disk that every open template uses), the others wait
	// their turn in waiting, holding only their document instead of all
	// holding half-built results at once, and one made stale while waiting
	// never starts. A queue and a few workers rather than a goroutine per
	// run: every goroutine ever alive at once leaves the runtime a
	// goroutine record (and often a stack and wait records) it keeps for
	// good, and a burst of forty runs would leave forty, scattered through
	// the heap's pages (docs/limits.md, "What stays resident").
	maxWorkers int
	// mu orders publishing against replacement and close: a run checks
	// that it is still current and publishes while holding it. Publishing
	// only queues the message (outbox.go), so a client slow to read never
	// keeps mu, and schedule, which the document queue calls on every
	// change, never waits for the client.
	mu sync.Mutex
	// runs holds each document's latest run, waiting or started.
	runs map[string]*diagnosticRun
	// waiting lists, in the order they were queued, the documents whose
	// latest run has not started; a document is listed once however often
	// its waiting run is replaced. workers counts the goroutines taking
	// runs from it.
	waiting []string
	workers int
	// stopped is set by stop. Background work (workspace indexing, a
	// queued change still running) may schedule after the session ended;
	// such a run is not started, so no goroutine outlives stop and wg.Add
	// never races wg.Wait.
	stopped bool
	wg      sync.WaitGroup

	// memo holds, per document, the findings of its latest settled
	// version, which a version in flux reuses for the lines around the
	// one being typed (findings).
	memoMu sync.Mutex
	memo   map[string]settledFindings
}

// settledFindings are the findings of one settled version.
type settledFindings struct {
	doc   *store.Document
	found []source.Diagnostic
}

type diagnosticRun struct {
	doc    *store.Document
	ctx    context.Context
	cancel context.CancelFunc
	// started is set, under diagnostics.mu, when a worker takes the run.
	started bool
}

func newDiagnostics(ctx context.Context, s *Server) *diagnostics {
	d := &diagnostics{s: s, parent: ctx, runs: make(map[string]*diagnosticRun), check: s.checkDocument, memo: make(map[string]settledFindings),
		maxWorkers: runtime.GOMAXPROCS(0)}
	if s.diagnosticsCheck != nil {
		d.check = s.diagnosticsCheck
	}
	return d
}

// checkDocument runs every rule on doc and applies the suppressions.
func (s *Server) checkDocument(ctx context.Context, doc *store.Document) []source.Diagnostic {
	found := check.Run(ctx, doc.Doc, s.checkOptions(doc))
	if !doc.TooLarge {
		found = append(found, s.effectiveDiagnostics(doc.URI, doc.Doc)...) // resources left out (effective.go)
	}
	return finishDiagnostics(doc, found, &s.projects)
}

// schedule queues a run for doc, cancelling the document's previous one
// or taking the place of one still waiting.
// Background work (indexing, refreshed files) re-checks the documents it
// listed a moment ago; by now one may have a newer version, whose run it
// must not replace with a run of the old one (that run could never
// publish, and the newer version would be left without diagnostics). So
// the run is for the version the store holds now, looked up under mu,
// which the document queue takes after storing a version; a closed
// document gets none.
func (d *diagnostics) schedule(doc *store.Document) {
	ctx, cancel := context.WithCancel(d.parent)
	run := &diagnosticRun{doc: doc, ctx: ctx, cancel: cancel}
	d.mu.Lock()
	cur := d.s.store.Get(doc.URI)
	if d.stopped || cur == nil {
		d.mu.Unlock()
		cancel()
		return
	}
	run.doc = cur
	old := d.runs[doc.URI]
	if old != nil {
		old.cancel()
	}
	d.runs[doc.URI] = run
	replaced := old != nil && !old.started
	if !replaced {
		d.waiting = append(d.waiting, doc.URI)
	}
	// A run listed while every worker is busy waits for one: a worker
	// ends only once nothing is listed.
	startWorker := !replaced && d.workers < d.maxWorkers
	if startWorker {
		d.workers++
		d.wg.Add(1)
	}
	// Counted as work before a worker can take it: a worker busy with
	// the runs before may end this one before schedule returns.
	d.s.idle.begin()
	d.mu.Unlock()
	if replaced {
		// The waiting run never starts: it ends here.
		d.abandoned.Add(1)
		d.s.idle.end()
	}
	if startWorker {
		go d.work()
	}
}

// work runs the waiting runs one after another until none is left.
func (d *diagnostics) work() {
	defer d.wg.Done()
	for {
		run := d.next()
		if run == nil {
			return
		}
		d.run(run.ctx, run)
		run.cancel()
		d.settled(run)
	}
}

// next takes the first waiting run, or, when there is none, ends the
// worker (under mu, so schedule starts a new one for the next run).
func (d *diagnostics) next() *diagnosticRun {
	d.mu.Lock()
	defer d.mu.Unlock()
	for len(d.waiting) > 0 {
		u := d.waiting[0]
		d.waiting[0] = ""
		d.waiting = d.waiting[1:]
		if run := d.runs[u]; run != nil && !run.started {
			run.started = true
			return run
		}
		// Closed while waiting (clear ended the run), or listed again
		// after a close and a reopen and already taken.
	}
	d.waiting = nil // drop the emptied array, grown by a burst
	d.workers--
	return nil
}

func (d *diagnostics) run(ctx context.Context, run *diagnosticRun) {
	defer func() {
		if p := recover(); p != nil {
			d.s.log.Error("diagnostics panicked", zap.String("uri", run.doc.URI),
				zap.String("panic", fmt.Sprint(p)), zap.ByteString("stack", debug.Stack()))
		}
	}()
	if d.s.debounce > 0 {
		select {
		case <-time.After(d.s.debounce):
		case <-ctx.Done():
			d.abandoned.Add(1)
			return
		}
	}
	if ctx.Err() != nil {
		d.abandoned.Add(1)
		return
	}
	found := d.findings(ctx, run.doc)
	if ctx.Err() != nil {
		d.abandoned.Add(1)
		return
	}
	enc := d.s.encoding()
	u := uri.URI(run.doc.URI)
	params := &protocol.PublishDiagnosticsParams{
		URI:         u,
		Version:     protocol.NewOptional(run.doc.Version),
		Diagnostics: toDiagnostics(u, run.doc.Mapper(), enc, found, d.openMapper),
	}

	d.mu.Lock()
	defer d.mu.Unlock()
	if d.runs[run.doc.URI] != run || d.s.store.Get(run.doc.URI) != run.doc || ctx.Err() != nil {
		d.abandoned.Add(1)
		return // a newer version or a close got here first
	}
	delete(d.runs, run.doc.URI)
	d.published.Add(1)
	if err := d.s.notifyKeyed(protocol.MethodTextDocumentPublishDiagnostics, params, run.doc.URI); err != nil {
		d.s.log.Warn("cannot publish diagnostics", zap.Error(err))
	}
}

// findings runs the rules on doc. While a line of doc is in flux, only the
// findings on that line are doc's own; those elsewhere are the settled
// version's (store.Document.FluxDiagnostics), found when it was current
// and kept while it stays the settled one, so a line being typed costs
// one run, as any keystroke does.
func (d *diagnostics) findings(ctx context.Context, doc *store.Document) []source.Diagnostic {
	found := d.check(ctx, doc)
	if ctx.Err() != nil {
		return found
	}
	if doc.Settled == nil {
		d.remember(doc, found)
		return found
	}
	d.memoMu.Lock()
	m, ok := d.memo[doc.URI]
	d.memoMu.Unlock()
	if !ok || m.doc != doc.Settled {
		m = settledFindings{doc: doc.Settled, found: d.check(ctx, doc.Settled)}
		if ctx.Err() != nil {
			return found
		}
		d.remember(m.doc, m.found)
	}
	return doc.FluxDiagnostics(found, m.found)
}

// remember keeps the findings of a settled version of a document while
// the document is open. A run that finished its check just as the
// document closed must not keep them: clear has already forgotten the
// document, so they would stay, with the version's whole parse, for the
// rest of the session (the store drops a document before clear runs, and
// both sides hold memoMu, so one of the two always sees the other).
func (d *diagnostics) remember(doc *store.Document, found []source.Diagnostic) {
	d.memoMu.Lock()
	defer d.memoMu.Unlock()
	if d.s.store.Get(doc.URI) == nil {
		return
	}
	d.memo[doc.URI] = settledFindings{doc: doc, found: found}
}

// settled forgets a finished run (one that did not publish is still in
// runs) and, when no work is left, lets idle memory go back to the system.
func (d *diagnostics) settled(run *diagnosticRun) {
	d.mu.Lock()
	if d.runs[run.doc.URI] == run {
		delete(d.runs, run.doc.URI)
	}
	d.mu.Unlock()
	d.s.idle.end()
}

// openMapper finds the mapper of another open document.
func (d *diagnostics) openMapper(u uri.URI) *source.Mapper {
	if doc := d.s.store.Get(string(u)); doc != nil {
		return doc.Mapper()
	}
	return nil
}

// clear cancels u's run and publishes an empty list for it.
func (d *diagnostics) clear(u uri.URI) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if old := d.runs[string(u)]; old != nil {
		old.cancel()
		delete(d.runs, string(u))
		if !old.started {
			// It never starts: it ends here.
			d.abandoned.Add(1)
			defer d.s.idle.end()
		}
	}
	d.memoMu.Lock()
	delete(d.memo, string(u))
	d.memoMu.Unlock()
	params := &protocol.PublishDiagnosticsParams{URI: u, Diagnostics: []protocol.Diagnostic{}}
	if err := d.s.notifyKeyed(protocol.MethodTextDocumentPublishDiagnostics, params, string(u)); err != nil {
		d.s.log.Warn("cannot clear diagnostics", zap.Error(err))
	}
}

// stop cancels every run, refuses new ones, and waits for the running ones.
func (d *diagnostics) stop() {
	d.mu.Lock()
	d.stopped = true
	for _, r := range d.runs {
		r.cancel() // the workers take the waiting ones and end them at once
	}
	d.mu.Unlock()
	d.wg.Wait()
	d.s.idle.stop()
}
