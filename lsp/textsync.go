package lsp

import (
	"context"

	"go.lsp.dev/protocol"
	"go.uber.org/zap"

	"heat-ls/lsp/store"
)

// advertiseTextSync: open/close notifications and incremental changes.
func advertiseTextSync(c *protocol.ServerCapabilities, _ ClientCapabilities) {
	open := true
	change := protocol.TextDocumentSyncKindIncremental
	c.TextDocumentSync = &protocol.TextDocumentSyncOptions{OpenClose: &open, Change: &change}
}

// didOpen stores the document and schedules its diagnostics.
func (s *Server) didOpen(_ context.Context, p *protocol.DidOpenTextDocumentParams) error {
	td := p.TextDocument
	if s.store.Get(string(td.URI)) != nil {
		s.log.Info("document opened again; starting over", zap.String("uri", string(td.URI)))
	}
	doc := s.store.Open(string(td.URI), td.Version, []byte(td.Text))
	s.diags.schedule(doc)
	s.documentOpened(doc) // dependents, when the text is not the indexed one (workspace.go)
	return nil
}

// didChange applies a batch of changes atomically. A rejected batch (the
// document is not open, the version does not increase, a range is outside
// the text) leaves the document as it was and is logged; the notification
// has no answer to carry the error.
func (s *Server) didChange(_ context.Context, p *protocol.DidChangeTextDocumentParams) error {
	changes := make([]store.Change, 0, len(p.ContentChanges))
	for _, c := range p.ContentChanges {
		switch c := c.(type) {
		case *protocol.TextDocumentContentChangePartial:
			changes = append(changes, store.Change{Range: fromRange(c.Range), Text: c.Text})
		case *protocol.TextDocumentContentChangeWholeDocument:
			changes = append(changes, store.Change{Text: c.Text})
		default:
			return errInvalidParams("unknown content change")
		}
	}
	td := p.TextDocument
	doc, err := s.store.Change(string(td.URI), td.Version, s.encoding(), changes)
	if err != nil {
		s.log.Warn("rejected a document change", zap.String("uri", string(td.URI)), zap.Error(err))
		return nil
	}
	s.diags.schedule(doc)
	s.recheckDependents(doc) // other open templates using it (workspace.go)
	return nil
}

// didClose drops the document and clears its diagnostics.
func (s *Server) didClose(_ context.Context, p *protocol.DidCloseTextDocumentParams) error {
	u := p.TextDocument.URI
	if s.store.Close(string(u)) == nil {
		s.log.Warn("closing a document that is not open", zap.String("uri", string(u)))
	}
	s.diags.clear(u)
	s.documentClosed(u) // the index takes the file from disk again (workspace.go)
	return nil
}
