package lsp

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"sync"
	"time"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
	"go.uber.org/zap"

	"heat-ls/analysis/check"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/workspace"
	"heat-ls/lsp/store"
)

// workspaceState holds the session's multi-file index. The index is built
// in the background after initialized and kept current from file watcher
// events; open documents are laid over it at each query, so their text
// wins over the disk. Before indexing finishes, queries see whatever was
// indexed so far (nothing at first) plus the open documents: the server
// never waits for the index.
type workspaceState struct {
	mu     sync.Mutex
	index  *workspace.Index
	list   folderList // the workspace folders (workspace_folders.go)
	cancel context.CancelFunc
	// indexed is closed when the first scan has finished (tests wait on it).
	indexed chan struct{}
	// started guards against a second "initialized" starting a second scan.
	started bool
	// bg is the context of later scans (added folders, see
	// workspace_folders.go); stopWorkspace cancels it.
	bg     context.Context
	bgStop context.CancelFunc
	// refresh re-reads files reported changed (workspace_watch.go);
	// folders applies folder changes (workspace_folders.go).
	refresh fileRefresher
	folders folderSync
}

// workspaceFolders reads the folders from initialize: workspaceFolders,
// else rootUri, else rootPath. Only file URIs count.
func workspaceFolders(p *protocol.InitializeParams) []string {
	var out []string
	if fs, ok := p.WorkspaceFolders.Get(); ok {
		for _, f := range fs {
			if path := filePath(f.URI); path != "" {
				out = append(out, path)
			}
		}
	}
	if len(out) == 0 && p.RootURI != nil {
		if path := filePath(*p.RootURI); path != "" {
			out = append(out, path)
		}
	}
	if len(out) == 0 {
		if rp, ok := p.RootPath.Get(); ok && rp != "" {
			out = append(out, filepath.Clean(rp))
		}
	}
	return out
}

// filePath is the file system path of a file URI, "" for other schemes.
func filePath(u uri.URI) string {
	if u.Scheme() != "file" {
		return ""
	}
	return filepath.Clean(u.FsPath())
}

// setupWorkspace records the folders at initialize (inline, cheap).
func (s *Server) setupWorkspace(p *protocol.InitializeParams) {
	w := &s.ws
	w.mu.Lock()
	defer w.mu.Unlock()
	initial := workspaceFolders(p)
	w.list = folderList{}
	for _, f := range initial {
		w.list.add(f)
	}
	w.folders.mu.Lock()
	w.folders.scanned = workspace.PathSet(initial) // the first scan indexes them
	w.folders.mu.Unlock()
	if s.symbolSource == nil {
		s.symbolSource = s.workspaceDocuments // workspace/symbol searches the index too
	}
	w.index = workspace.New(initial...)
	w.indexed = make(chan struct{})
}

// folders returns the current workspace folders.
func (s *Server) folders() []string {
	w := &s.ws
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.list.all()
}

// firstFolder returns the first workspace folder ("" when there is none):
// relative settings and the project file's heatRelease follow it.
func (s *Server) firstFolder() string {
	w := &s.ws
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.list.first()
}

// workspaceIndex returns the index (an empty one before initialize).
func (s *Server) workspaceIndex() *workspace.Index {
	w := &s.ws
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.index == nil {
		w.index = workspace.New()
		w.indexed = make(chan struct{})
	}
	return w.index
}

// compactIndex copies the index's newly read summaries (Index.Compact),
// when there is an index: the idle return of memory calls it between its
// collections.
func (s *Server) compactIndex() {
	s.ws.mu.Lock()
	idx := s.ws.index
	s.ws.mu.Unlock()
	if idx != nil {
		idx.Compact()
	}
}

// startWorkspace runs after initialized: it registers the file watcher
// and indexes the folders in the background with work-done progress.
func (s *Server) startWorkspace() {
	idx := s.workspaceIndex()
	w := &s.ws
	ctx, cancel := context.WithCancel(context.Background())
	w.mu.Lock()
	if w.started {
		w.mu.Unlock()
		cancel()
		return
	}
	w.started = true
	w.cancel = cancel
	folders, done := w.list.all(), w.indexed
	w.mu.Unlock()

	s.work.Add(1)
	go func() {
		defer s.work.Done()
		defer cancel()
		defer close(done)
		defer func() {
			if p := recover(); p != nil {
				s.log.Error("workspace indexing panicked", zap.Any("panic", p))
			}
		}()
		s.registerWatcher(ctx)
		if len(folders) == 0 {
			return
		}
		start := time.Now()
		progress := s.beginProgress(ctx, "heat-ls: indexing templates")
		s.gc.duringScan(func(report func(done, total int)) { idx.Scan(ctx, report) }, progress.report)
		// Indexing parsed every file on all cores and left a heap of
		// garbage behind; give it back to the system now rather than
		// holding it until the runtime gets to it.
		s.idle.returnMemory()
		progress.end(fmt.Sprintf("%d templates and environments", idx.Len()))
		s.reportIndexBudget(idx)
		s.log.Info("workspace indexed", zap.Int("files", idx.Len()), zap.Duration("took", time.Since(start)))
		s.recheckOpenDocuments()
	}()
}

// stopWorkspace cancels a running scan (at shutdown).
func (s *Server) stopWorkspace() {
	w := &s.ws
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.cancel != nil {
		w.cancel()
	}
	if w.bgStop != nil {
		w.bgStop()
	}
}

// registerWatcher asks the client to report changes to template-like
// files, when it allows dynamic registration.
func (s *Server) registerWatcher(ctx context.Context) {
	if !s.Client().WatchedFilesDynamicRegistration {
		return
	}
	opts, err := json.Marshal(map[string]any{"watchers": []map[string]any{{"globPattern": workspace.WatchGlob}}})
	if err != nil {
		return
	}
	params := &protocol.RegistrationParams{Registrations: []protocol.Registration{{
		ID: "heat-ls-watch-templates", Method: protocol.MethodWorkspaceDidChangeWatchedFiles, RegisterOptions: opts,
	}}}
	callCtx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if err := s.call(callCtx, protocol.MethodClientRegisterCapability, params, nil); err != nil {
		s.log.Info("file watcher registration failed", zap.Error(err))
	}
}

// recheckOpenDocuments schedules diagnostics for every open document.
func (s *Server) recheckOpenDocuments() {
	if s.diags == nil {
		return
	}
	for _, d := range s.store.All() {
		s.diags.schedule(d)
	}
	s.refreshViews() // refresh_visual.go: hints and lenses read other files too
}

// workspaceSnapshot is the index with every open document laid over it,
// each with its current parse: what document-wide answers, diagnostics
// and rename (whose edits must fit the current texts) read.
func (s *Server) workspaceSnapshot() *workspace.Snapshot { return s.snapshotOf(false) }

// querySnapshot is the workspace that position queries (definition,
// hover, references) read: an open document with a line in flux is laid
// over the index with its settled parse, so a half-typed line in one file
// does not move what the other files find in it (feature.NewFluxView does
// the same within the file); wsLocation maps the answers back.
func (s *Server) querySnapshot() *workspace.Snapshot { return s.snapshotOf(true) }

func (s *Server) snapshotOf(flux bool) *workspace.Snapshot {
	idx := s.workspaceIndex()
	var open []*workspace.File
	for _, d := range s.store.All() {
		if path := filePath(uri.URI(d.URI)); path != "" {
			open = append(open, workspace.OpenFile(path, openParse(d, flux)))
		}
	}
	return idx.Snapshot(open...)
}

// openParse is the parse other files see of the open document d: the
// current one (recovered while broken), else the last that parsed; with
// flux, the settled one while a line of d is in flux.
func openParse(d *store.Document, flux bool) *hot.Document {
	if flux && d.Settled != nil && d.Settled.Doc != nil {
		return d.Settled.Doc
	}
	if d.Doc.Syntax != nil && !d.Doc.Syntax.HasTree() && d.LastGood != nil {
		return d.LastGood
	}
	return d.Doc
}

// openDocumentAt is the open document whose file is path, nil if none.
func (s *Server) openDocumentAt(path string) *store.Document {
	for _, d := range s.store.All() {
		if filePath(uri.URI(d.URI)) == path {
			return d
		}
	}
	return nil
}

// checkOptions are the options a diagnostics run uses for doc: the schema,
// the workspace view, the document's path and how it was made from the
// previous version (so rules judge only the entry that changed).
func (s *Server) checkOptions(doc *store.Document) check.Options {
	return check.Options{
		Schema:    s.currentSchema(),
		Workspace: s.workspaceSnapshot().CheckView(),
		Path:      filePath(uri.URI(doc.URI)),
		Splice:    doc.Splice,
	}
}

// progressReporter sends $/progress for one work-done token; all methods
// are no-ops when the client did not accept the token.
type progressReporter struct {
	s     *Server
	token protocol.ProgressToken
	mu    sync.Mutex
	last  time.Time
	pct   uint32
}

// beginProgress creates a work-done token and sends "begin" when the
// client supports server-initiated progress.
func (s *Server) beginProgress(ctx context.Context, title string) *progressReporter {
	r := &progressReporter{s: s}
	if !s.Client().WorkDoneProgress {
		return r
	}
	token := protocol.String(fmt.Sprintf("heat-ls-index-%d", time.Now().UnixNano()))
	callCtx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if err := s.call(callCtx, protocol.MethodWindowWorkDoneProgressCreate, &protocol.WorkDoneProgressCreateParams{Token: token}, nil); err != nil {
		s.log.Info("work-done progress refused", zap.Error(err))
		return r
	}
	r.token = token
	zero := uint32(0)
	r.send(&protocol.WorkDoneProgressBegin{Kind: "begin", Title: title, Percentage: &zero})
	return r
}

// report sends a throttled "report" (at most every 100ms and only when
// the percentage moves).
func (r *progressReporter) report(done, total int) {
	if r.token == nil || total == 0 {
		return
	}
	pct := uint32(done * 100 / total)
	r.mu.Lock()
	if pct == r.pct || time.Since(r.last) < 100*time.Millisecond && done != total {
		r.mu.Unlock()
		return
	}
	r.pct, r.last = pct, time.Now()
	r.mu.Unlock()
	msg := fmt.Sprintf("%d/%d files", done, total)
	r.send(&protocol.WorkDoneProgressReport{Kind: "report", Message: &msg, Percentage: &pct})
}

func (r *progressReporter) end(message string) {
	if r.token == nil {
		return
	}
	r.send(&protocol.WorkDoneProgressEnd{Kind: "end", Message: &message})
}

func (r *progressReporter) send(value any) {
	raw, err := json.Marshal(value)
	if err != nil {
		return
	}
	if err := r.s.notify(protocol.MethodProgress, &protocol.ProgressParams{Token: r.token, Value: raw}); err != nil {
		r.s.log.Info("cannot send progress", zap.Error(err))
	}
}

// recheckDependents re-checks the other open templates that depend on a
// document that just changed: every one when it is an environment (its
// registry and parameter_defaults apply everywhere), those with a resource
// standing for it when it is a template.
func (s *Server) recheckDependents(changed *store.Document) {
	path := filePath(uri.URI(changed.URI))
	// A closed file comes back from the index as a summary (no Template
	// or Env): its Kind tells what it is.
	if path == "" || changed.Doc == nil || changed.Doc.Template == nil && changed.Doc.Env == nil && !changed.Doc.Summary {
		return
	}
	var snap *workspace.Snapshot
	for _, d := range s.store.All() {
		if d.URI == changed.URI || d.Doc == nil || d.Doc.Template == nil {
			continue
		}
		if changed.Doc.Kind == hot.KindEnvironment {
			s.diags.schedule(d)
			continue
		}
		if snap == nil {
			snap = s.workspaceSnapshot()
		}
		if usesTemplate(snap, filePath(uri.URI(d.URI)), d.Doc.Template, path) {
			s.diags.schedule(d)
		}
	}
}

// usesTemplate reports whether a resource of tpl (at from) stands for the
// template at target.
func usesTemplate(snap *workspace.Snapshot, from string, tpl *hot.Template, target string) bool {
	for _, r := range tpl.Resources {
		for _, def := range check.ResourceDefinitions(r) {
			for _, c := range snap.Resolve(from, r.Name, def.TypeName).Candidates {
				if c.Path == target {
					return true
				}
			}
		}
	}
	return false
}

// documentOpened re-checks the open templates that depend on a document
// just opened when its text is not what the index holds (an unsaved
// buffer, a file the index has not seen or that is gone from the disk):
// the in-memory text wins, so a nested template or environment that only
// exists in the editor is seen by its dependents at once. When the text is
// the indexed one, the index takes the document's parse in place of its
// own, so the file is held in memory once.
func (s *Server) documentOpened(doc *store.Document) {
	path := filePath(uri.URI(doc.URI))
	if path == "" || doc.Doc == nil {
		return
	}
	if f := s.workspaceIndex().Snapshot().File(path); f != nil && f.Doc != nil && bytes.Equal(f.Doc.Src, doc.Text) {
		if !doc.TooLarge {
			s.workspaceIndex().Adopt(path, doc.Doc) // one parse for both
		}
		return
	}
	s.recheckDependents(doc)
}

// documentClosed re-reads a closed document's file into the index (its
// saved text may differ from what was indexed when the client does not
// report file changes) and re-checks the open templates that used it.
func (s *Server) documentClosed(u uri.URI) {
	path := filePath(u)
	if path == "" || !workspace.IsCandidateName(path) {
		return
	}
	s.workspaceIndex().Refresh(path)
	if f := s.workspaceSnapshot().File(path); f != nil {
		s.recheckDependents(&store.Document{URI: string(u), Doc: f.Doc})
	}
}
