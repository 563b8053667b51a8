package lsp

import (
	"context"
	"fmt"
	"sync"
	"time"

	"heat-ls/analysis/workspace"

	"go.lsp.dev/protocol"
	"go.uber.org/zap"
)

// advertiseWorkspaceFolders says heat-ls follows workspace folders being
// added and removed (didChangeWorkspaceFolders).
func advertiseWorkspaceFolders(c *protocol.ServerCapabilities, _ ClientCapabilities) {
	if c.Workspace == nil {
		c.Workspace = &protocol.WorkspaceOptions{}
	}
	supported := true
	c.Workspace.WorkspaceFolders = &protocol.WorkspaceFoldersServerCapabilities{
		Supported:           &supported,
		ChangeNotifications: protocol.Boolean(true),
	}
}

// folderSync brings the index in line with the workspace folders off the
// ordered queue. Each change cancels the sync still running (or waiting)
// and starts a new one that first waits for it to end, so syncs never
// overlap and the last one sees the last list; a burst of changes costs
// one sync.
type folderSync struct {
	mu     sync.Mutex
	cancel context.CancelFunc
	done   chan struct{} // closed when the latest sync has ended
	// scanned holds the folders whose files the index holds (the first
	// scan's, then every folder a sync finished scanning). A folder added
	// by a sync that was cancelled stays out of it, so the next sync
	// scans it.
	scanned map[string]bool
}

// folderSyncDelay is how long a sync waits before touching the index, so
// that the changes of a burst (a client re-sending its folders, a script
// adding and removing them) are applied together.
const folderSyncDelay = 50 * time.Millisecond

// didChangeWorkspaceFolders applies folders added and removed in the
// editor as a diff of the list: a folder both added and removed in one
// event is left as it was, the rest are set operations, so a message
// costs time in proportion to the folders it names. The index follows
// in the background (syncFolders): files under removed folders leave it
// and the path guard, added folders are scanned (with work-done
// progress), and the open documents are re-checked when each step is
// done. Relative heat-ls.schemaPaths follow the first folder, so they are
// reloaded when it changed.
func (s *Server) didChangeWorkspaceFolders(_ context.Context, p *protocol.DidChangeWorkspaceFoldersParams) error {
	s.environmentsChanged() // active sets are relative to the folders (effective.go)
	removed, added := folderPaths(p.Event.Removed), folderPaths(p.Event.Added)
	for path := range added {
		if removed[path] {
			delete(added, path)
			delete(removed, path)
		}
	}
	w := &s.ws
	w.mu.Lock()
	firstBefore := w.list.first()
	for path := range removed {
		w.list.remove(path)
	}
	for _, f := range p.Event.Added { // in the client's order
		if path := filePath(f.URI); added[path] {
			w.list.add(path)
		}
	}
	firstAfter, count := w.list.first(), len(w.list.live)
	w.mu.Unlock()

	s.log.Info("workspace folders changed", zap.Int("folders", count), zap.Int("added", len(added)), zap.Int("removed", len(removed)))
	if firstAfter != firstBefore {
		s.reloadSchema(s.Settings().SchemaPaths)
	}
	s.syncFolders()
	return nil
}

// folderList is the workspace folders in the order they were added. A
// change costs time in proportion to the folders it names, not to the
// workspace's: removing one marks it gone, and the list is compacted once
// it holds as many gone entries as live ones.
type folderList struct {
	order []folderEntry
	live  map[string]uint64 // folder → seq of its live entry in order
	seq   uint64
}

type folderEntry struct {
	path string
	seq  uint64
}

// add appends path unless it is in the list.
func (l *folderList) add(path string) {
	if _, ok := l.live[path]; ok {
		return
	}
	if l.live == nil {
		l.live = map[string]uint64{}
	}
	l.seq++
	l.live[path] = l.seq
	l.order = append(l.order, folderEntry{path, l.seq})
}

// remove takes path out of the list.
func (l *folderList) remove(path string) {
	if _, ok := l.live[path]; !ok {
		return
	}
	delete(l.live, path)
	if len(l.order) > 2*len(l.live)+32 {
		l.compact()
	}
}

func (l *folderList) isLive(e folderEntry) bool {
	seq, ok := l.live[e.path]
	return ok && seq == e.seq
}

// compact drops the entries of removed folders.
func (l *folderList) compact() {
	kept := make([]folderEntry, 0, len(l.live))
	for _, e := range l.order {
		if l.isLive(e) {
			kept = append(kept, e)
		}
	}
	l.order = kept
}

// first is the first folder, "" when there is none.
func (l *folderList) first() string {
	for len(l.order) > 0 && !l.isLive(l.order[0]) {
		l.order = l.order[1:]
	}
	if len(l.order) == 0 {
		return ""
	}
	return l.order[0].path
}

// all lists the folders in order.
func (l *folderList) all() []string {
	out := make([]string, 0, len(l.live))
	for _, e := range l.order {
		if l.isLive(e) {
			out = append(out, e.path)
		}
	}
	return out
}

// folderPaths is the set of file paths of folders (other schemes left out).
func folderPaths(fs []protocol.WorkspaceFolder) map[string]bool {
	out := make(map[string]bool, len(fs))
	for _, f := range fs {
		if path := filePath(f.URI); path != "" {
			out[path] = true
		}
	}
	return out
}

// syncFolders cancels the running sync and starts the next.
func (s *Server) syncFolders() {
	w := &s.ws
	f := &w.folders
	bg := w.background()
	f.mu.Lock()
	if f.cancel != nil {
		f.cancel()
	}
	prev := f.done
	ctx, cancel := context.WithCancel(bg)
	done := make(chan struct{})
	f.cancel, f.done = cancel, done
	f.mu.Unlock()

	s.work.Add(1)
	go func() {
		defer s.work.Done()
		defer close(done)
		defer cancel()
		defer func() {
			if p := recover(); p != nil {
				s.log.Error("applying folder changes panicked", zap.Any("panic", p))
			}
		}()
		if prev != nil {
			<-prev
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(folderSyncDelay):
		}
		s.applyFolders(ctx)
	}()
}

// applyFolders brings the index in line with the current folder list:
// the guard and the files first (re-checking the open documents), then a
// scan of the folders not yet indexed, which the next change cancels.
func (s *Server) applyFolders(ctx context.Context) {
	idx := s.workspaceIndex()
	folders := s.folders()
	f := &s.ws.folders
	added := idx.SetFolders(folders...)
	current := workspace.PathSet(folders)
	f.mu.Lock()
	var scan []string
	for path := range f.scanned {
		if !current[path] {
			delete(f.scanned, path)
		}
	}
	for _, path := range folders {
		if !f.scanned[path] {
			scan = append(scan, path)
		}
	}
	f.mu.Unlock()
	s.log.Info("workspace folders applied", zap.Int("folders", len(folders)), zap.Int("new", len(added)), zap.Int("to scan", len(scan)))
	s.recheckOpenDocuments()
	if len(scan) == 0 || ctx.Err() != nil {
		return
	}
	start := time.Now()
	progress := s.beginProgress(ctx, "heat-ls: indexing added folders")
	s.gc.duringScan(func(report func(done, total int)) { idx.ScanFolders(ctx, scan, report) }, progress.report)
	progress.end(fmt.Sprintf("%d templates and environments", idx.Len()))
	if ctx.Err() != nil {
		return
	}
	s.reportIndexBudget(idx)
	f.mu.Lock()
	if f.scanned == nil {
		f.scanned = map[string]bool{}
	}
	for _, path := range scan {
		f.scanned[path] = true
	}
	f.mu.Unlock()
	s.log.Info("added folders indexed", zap.Int("folders", len(scan)), zap.Duration("took", time.Since(start)))
	s.recheckOpenDocuments()
}

// background is the context of background indexing after the first scan;
// stopWorkspace cancels it.
func (w *workspaceState) background() context.Context {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.bg == nil {
		w.bg, w.bgStop = context.WithCancel(context.Background())
	}
	return w.bg
}
