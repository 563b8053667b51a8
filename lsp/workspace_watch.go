package lsp

import (
	"context"
	"path/filepath"
	"strings"
	"sync"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
	"go.uber.org/zap"

	"heat-ls/analysis/config"
	"heat-ls/analysis/workspace"
)

// fileRefresher re-reads changed files into the index off the ordered
// queue. Change events are merged per file before any work: a file
// reported a thousand times (a build tool rewriting it, a client
// repeating itself) is read once, and the events of several messages that
// arrive while a batch is being read make up the next batch. Which event
// came last does not matter: a refresh reads what is on disk now.
type fileRefresher struct {
	mu      sync.Mutex
	pending map[string]struct{}
	order   []string // pending, in the order first reported
	running bool
}

// didChangeWatchedFiles merges the message's events per file and hands
// the files to the refresher; the open documents are re-checked once the
// index holds the new contents (a nested template or an environment may
// have changed under them). A changed .heat-ls.yaml reloads the schema at
// once (its heatRelease may name another release), in order with the
// messages around it.
func (s *Server) didChangeWatchedFiles(_ context.Context, p *protocol.DidChangeWatchedFilesParams) error {
	s.environmentsChanged() // a glob of an active set may match a new file (effective.go)
	seen := make(map[uri.URI]struct{}, min(len(p.Changes), 1024))
	var paths []string
	project := false
	for _, c := range p.Changes {
		if _, dup := seen[c.URI]; dup {
			continue
		}
		seen[c.URI] = struct{}{}
		// The decoder's strings share the message's buffer; the index
		// keeps the path for as long as the file lives, and must not keep
		// the whole message with it.
		path := strings.Clone(filePath(c.URI))
		if path == "" {
			continue
		}
		if filepath.Base(path) == config.FileName {
			project = true
		}
		if workspace.IsCandidateName(path) {
			paths = append(paths, path)
		}
	}
	if project {
		s.reloadSchema(s.Settings().SchemaPaths)
	}
	s.refreshFiles(paths)
	return nil
}

// refreshFiles adds paths to the pending set and starts the refresher
// unless it runs already (it then takes them with its next batch).
func (s *Server) refreshFiles(paths []string) {
	if len(paths) == 0 {
		return
	}
	r := &s.ws.refresh
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.pending == nil {
		r.pending = make(map[string]struct{}, len(paths))
	}
	for _, p := range paths {
		if _, dup := r.pending[p]; !dup {
			r.pending[p] = struct{}{}
			r.order = append(r.order, p)
		}
	}
	if r.running {
		return
	}
	r.running = true
	ctx := s.ws.background()
	s.work.Add(1)
	go s.drainRefresh(ctx)
}

// drainRefresh reads pending files into the index, one batch at a time,
// until none is left; each batch is followed by one re-check of the open
// documents.
func (s *Server) drainRefresh(ctx context.Context) {
	defer s.work.Done()
	r := &s.ws.refresh
	defer func() {
		if p := recover(); p != nil {
			s.log.Error("refreshing changed files panicked", zap.Any("panic", p))
			r.mu.Lock()
			r.running, r.pending, r.order = false, nil, nil
			r.mu.Unlock()
		}
	}()
	for {
		r.mu.Lock()
		batch := r.order
		r.pending, r.order = nil, nil
		if len(batch) == 0 || ctx.Err() != nil {
			r.running = false
			r.mu.Unlock()
			return
		}
		r.mu.Unlock()
		s.workspaceIndex().RefreshPaths(ctx, batch)
		s.log.Debug("changed files refreshed", zap.Int("files", len(batch)))
		s.recheckOpenDocuments()
	}
}
