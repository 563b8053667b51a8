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

// didChangeChecked applies a didChange and every didChange to the same
// document queued right behind it (a burst of typing that arrived while
// the previous version was being parsed) with a single parse: only the
// newest text is analysed. Each message is still judged alone: one whose
// ranges are present but are not ranges (negative, 2^32 or more,
// fractions, not objects) is refused before the protocol decoder sees it,
// as the decoder would take such a change for a whole-document replacement
// and the server's text would silently become the fragment.
func (s *Server) didChangeChecked(_ context.Context, params []byte) (any, error) {
	first, err := s.decodeChange(params)
	if err != nil || first == nil {
		return nil, err
	}
	burst := []*protocol.DidChangeTextDocumentParams{first}
	for {
		raw, ok := s.queue.peekNext(protocol.MethodTextDocumentDidChange)
		if !ok || checkChangeRanges(raw) != nil {
			break // left in the queue: handled (and refused) on its own
		}
		next := new(protocol.DidChangeTextDocumentParams)
		if decodeParams(raw, next) != nil || next.TextDocument.URI != first.TextDocument.URI {
			break
		}
		s.queue.takeNext()
		burst = append(burst, next)
	}
	return nil, s.didChange(burst)
}

// decodeChange decodes one didChange's params. A change refused for bad
// ranges is reported to the client and gives nil, nil; params that do not
// decode give InvalidParams.
func (s *Server) decodeChange(params []byte) (*protocol.DidChangeTextDocumentParams, error) {
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
	p := new(protocol.DidChangeTextDocumentParams)
	if err := decodeParams(params, p); err != nil {
		return nil, err
	}
	return p, nil
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

// didChange applies a burst of change messages to one document, each
// atomically, and analyses the text the last one leaves. A rejected
// message (the document is not open, the version does not increase, a
// range is outside the text, the batch is too costly) leaves the document
// as it was; it is logged and the client is told with window/logMessage,
// as a notification has no answer to carry the error.
func (s *Server) didChange(burst []*protocol.DidChangeTextDocumentParams) error {
	edits := make([]store.Edit, 0, len(burst))
	for _, p := range burst {
		changes, err := storeChanges(p.ContentChanges)
		if err != nil {
			s.log.Warn("notification failed", zap.String("method", protocol.MethodTextDocumentDidChange), zap.Error(err))
			continue
		}
		edits = append(edits, store.Edit{Version: p.TextDocument.Version, Changes: changes})
	}
	uri := string(burst[0].TextDocument.URI)
	doc, errs := s.store.ChangeAll(uri, s.encoding(), edits)
	for _, err := range errs {
		if err != nil {
			s.refuseChange(uri, err)
		}
	}
	if doc == nil {
		return nil
	}
	s.diags.schedule(doc)
	s.recheckDependents(doc) // other open templates using it (workspace.go)
	return nil
}

// storeChanges converts one message's content changes for the store.
func storeChanges(in []protocol.TextDocumentContentChangeEvent) ([]store.Change, error) {
	changes := make([]store.Change, 0, len(in))
	for _, c := range in {
		switch c := c.(type) {
		case *protocol.TextDocumentContentChangePartial:
			changes = append(changes, store.Change{Range: fromRange(c.Range), Text: c.Text})
		case *protocol.TextDocumentContentChangeWholeDocument:
			changes = append(changes, store.Change{Text: c.Text})
		default:
			return nil, errInvalidParams("unknown content change")
		}
	}
	return changes, nil
}

// didClose drops the document and clears its diagnostics.
func (s *Server) didClose(_ context.Context, p *protocol.DidCloseTextDocumentParams) error {
	u := p.TextDocument.URI
	if s.store.Close(string(u)) == nil {
		s.log.Warn("closing a document that is not open", zap.String("uri", string(u)))
	}
	s.diags.clear(u)
	s.tokens.forget(string(u)) // semantic tokens kept for deltas and reuse
	s.encoded.forget(string(u))
	if path := filePath(u); path != "" {
		s.forgetEffective(path) // active set, effective values, environments
	}
	s.documentClosed(u) // the index takes the file from disk again (workspace.go)
	return nil
}
