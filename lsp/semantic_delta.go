package lsp

import (
	"context"
	"strconv"
	"sync"

	"go.lsp.dev/protocol"
)

// tokenCache remembers the last full semantic tokens sent per document,
// so textDocument/semanticTokens/full/delta can answer only what changed:
// one edit replacing the part between the unchanged head and tail.
type tokenCache struct {
	mu   sync.Mutex
	next int
	last map[string]sentTokens // document URI → last answer
}

type sentTokens struct {
	id   string
	data []uint32
}

// remember records data as the latest answer for uri and returns its id.
// Entries of documents no longer open are dropped on the way, and an
// answer for a document closed while it was computed is not kept.
func (c *tokenCache) remember(uri string, data []uint32, open func(string) bool) string {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.last == nil {
		c.last = map[string]sentTokens{}
	}
	for u := range c.last {
		if !open(u) {
			delete(c.last, u)
		}
	}
	c.next++
	id := strconv.Itoa(c.next)
	if open(uri) {
		c.last[uri] = sentTokens{id: id, data: data}
	}
	return id
}

// size is the number of documents whose answer is kept.
func (c *tokenCache) size() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.last)
}

// forget drops what was sent for uri (the document closed), so a closed
// document's answer is not held until the next request.
func (c *tokenCache) forget(uri string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.last, uri)
}

// previous returns the data sent for uri under id.
func (c *tokenCache) previous(uri, id string) ([]uint32, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	p, ok := c.last[uri]
	if !ok || p.id != id {
		return nil, false
	}
	return p.data, true
}

// tokenEdit is the single edit turning prev into cur.
func tokenEdit(prev, cur []uint32) protocol.SemanticTokensEdit {
	head := 0
	for head < len(prev) && head < len(cur) && prev[head] == cur[head] {
		head++
	}
	tail := 0
	for tail < len(prev)-head && tail < len(cur)-head && prev[len(prev)-1-tail] == cur[len(cur)-1-tail] {
		tail++
	}
	return protocol.SemanticTokensEdit{Start: uint32(head), DeleteCount: uint32(len(prev) - head - tail), Data: append([]uint32{}, cur[head:len(cur)-tail]...)}
}

func (s *Server) semanticTokensFullWithID(_ context.Context, p *protocol.SemanticTokensParams) (*protocol.SemanticTokens, error) {
	out := s.semanticTokens(p.TextDocument.URI, nil)
	id := s.tokens.remember(string(p.TextDocument.URI), out.Data, func(u string) bool { return s.store.Get(u) != nil })
	out.ResultID = &id
	return out, nil
}

// semanticTokensDelta answers the change since the client's previous
// result, or the full tokens when that result is not the one remembered.
func (s *Server) semanticTokensDelta(ctx context.Context, p *protocol.SemanticTokensDeltaParams) (protocol.SemanticTokensDeltaResult, error) {
	prev, ok := s.tokens.previous(string(p.TextDocument.URI), p.PreviousResultID)
	full, err := s.semanticTokensFullWithID(ctx, &protocol.SemanticTokensParams{TextDocument: p.TextDocument})
	if err != nil || !ok {
		return full, err
	}
	// A version made by reparsing one entry knows which numbers changed;
	// any other is compared whole.
	edit, known := protocol.SemanticTokensEdit{}, false
	if doc := s.document(p.TextDocument.URI); doc != nil {
		edit, known = s.encoded.editFrom(doc, prev, full.Data)
	}
	if !known {
		edit = tokenEdit(prev, full.Data)
	}
	edits := []protocol.SemanticTokensEdit{}
	if edit.DeleteCount > 0 || len(edit.Data) > 0 {
		edits = append(edits, edit)
	}
	return &protocol.SemanticTokensDelta{ResultID: full.ResultID, Edits: edits}, nil
}
