package lsp

import (
	"context"
	"fmt"
	"slices"
	"time"

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

// didChangeWorkspaceFolders applies folders added and removed in the
// editor: files under removed folders leave the index and the path guard
// at once, added folders are indexed in the background (with work-done
// progress), and the open documents are re-checked when each step is
// done. Relative heat-ls.schemaPaths follow the first folder, so they are
// reloaded when it changed.
func (s *Server) didChangeWorkspaceFolders(_ context.Context, p *protocol.DidChangeWorkspaceFoldersParams) error {
	idx := s.workspaceIndex()
	w := &s.ws
	w.mu.Lock()
	folders := slices.Clone(w.folders)
	for _, f := range p.Event.Removed {
		if path := filePath(f.URI); path != "" {
			folders = slices.DeleteFunc(folders, func(x string) bool { return x == path })
		}
	}
	for _, f := range p.Event.Added {
		if path := filePath(f.URI); path != "" && !slices.Contains(folders, path) {
			folders = append(folders, path)
		}
	}
	w.folders = folders
	ctx := w.backgroundLocked()
	w.mu.Unlock()

	added := idx.SetFolders(folders...)
	s.log.Info("workspace folders changed", zap.Strings("folders", folders), zap.Strings("added", added))
	s.reloadSchema(s.Settings().SchemaPaths)
	s.recheckOpenDocuments()
	if len(added) == 0 {
		return nil
	}
	s.work.Add(1)
	go func() {
		defer s.work.Done()
		defer func() {
			if p := recover(); p != nil {
				s.log.Error("indexing added folders panicked", zap.Any("panic", p))
			}
		}()
		start := time.Now()
		progress := s.beginProgress(ctx, "heat-ls: indexing added folders")
		s.scanGC.during(func() { idx.ScanFolders(ctx, added, progress.report) })
		progress.end(fmt.Sprintf("%d templates and environments", idx.Len()))
		s.reportIndexBudget(idx)
		if ctx.Err() != nil {
			return
		}
		s.log.Info("added folders indexed", zap.Strings("folders", added), zap.Duration("took", time.Since(start)))
		s.recheckOpenDocuments()
	}()
	return nil
}

// backgroundLocked is the context of background indexing after the first
// scan; stopWorkspace cancels it. w.mu must be held.
func (w *workspaceState) backgroundLocked() context.Context {
	if w.bg == nil {
		w.bg, w.bgStop = context.WithCancel(context.Background())
	}
	return w.bg
}
