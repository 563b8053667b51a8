package lsp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"

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

// didChangeChecked refuses a didChange whose ranges are present but are
// not ranges (negative, 2^32 or more, fractions, not objects), before the
// protocol decoder sees it: the decoder would take such a change for a
// whole-document replacement and the server's text would silently become
// the fragment.
func (s *Server) didChangeChecked(ctx context.Context, params []byte) (any, error) {
	if err := checkChangeRanges(params); err != nil {
		var p struct {
			TextDocument struct {
				URI string `json:"uri"`
			} `json:"textDocument"`
		}
		json.Unmarshal(params, &p)
		s.refuseChange(p.TextDocument.URI, err)
		return nil, nil
	}
	return notification(s.didChange)(ctx, params)
}

// checkChangeRanges reports the first content change whose range is
// present and malformed.
func checkChangeRanges(params []byte) error {
	var p struct {
		ContentChanges []json.RawMessage `json:"contentChanges"`
	}
	if json.Unmarshal(params, &p) != nil {
		return nil // the typed decoder answers InvalidParams
	}
	for i, raw := range p.ContentChanges {
		var ch map[string]json.RawMessage
		if json.Unmarshal(raw, &ch) != nil {
			return fmt.Errorf("change %d is not an object", i)
		}
		rng, ok := ch["range"]
		if !ok {
			continue
		}
		if n, ok := ch["rangeLength"]; ok && !isUinteger(n) {
			return fmt.Errorf("change %d: rangeLength is %s, not a whole number below 2^32", i, truncate(n))
		}
		var r map[string]json.RawMessage
		if json.Unmarshal(rng, &r) != nil {
			return fmt.Errorf("change %d: the range is not an object", i)
		}
		for _, end := range []string{"start", "end"} {
			var pos map[string]json.RawMessage
			if json.Unmarshal(r[end], &pos) != nil {
				return fmt.Errorf("change %d: the range's %s is not a position", i, end)
			}
			for _, field := range []string{"line", "character"} {
				if !isUinteger(pos[field]) {
					return fmt.Errorf("change %d: the range's %s.%s is %s, not a whole number below 2^32", i, end, field, truncate(pos[field]))
				}
			}
		}
	}
	return nil
}

// isUinteger reports whether raw is a JSON number LSP calls a uinteger.
func isUinteger(raw json.RawMessage) bool {
	_, err := strconv.ParseUint(string(raw), 10, 32)
	return err == nil
}

// refuseChange logs a didChange the server did not apply and tells the
// client: its text and the server's now differ until the document is
// reopened or replaced as a whole.
func (s *Server) refuseChange(uri string, err error) {
	s.log.Warn("rejected a document change", zap.String("uri", uri), zap.Error(err))
	msg := fmt.Sprintf("heat-ls: a change to %s was not applied (%v); the server keeps the previous text until the document is reopened", uri, err)
	if errors.Is(err, store.ErrNotOpen) {
		msg = fmt.Sprintf("heat-ls: a change to %s was ignored: the document is not open", uri)
	}
	s.logMessage(protocol.MessageTypeWarning, msg)
}

// didChange applies a batch of changes atomically. A rejected batch (the
// document is not open, the version does not increase, a range is outside
// the text, the batch is too costly) leaves the document as it was; it is
// logged and the client is told with window/logMessage, as a notification
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
		s.refuseChange(string(td.URI), err)
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
