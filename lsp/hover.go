package lsp

import (
	"context"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"heat-ls/analysis/feature"
	"heat-ls/analysis/feature/hover"
	"heat-ls/analysis/source"
	"heat-ls/lsp/store"
)

// query is what a position-based feature needs: the store snapshot, the
// parse to ask (the current one, or the last good one while the text is
// broken YAML) and the cursor offset in that parse.
type query struct {
	doc    *store.Document
	view   feature.View
	offset int
}

// queryAt prepares a position query; ok is false when the document is not
// open or the cursor's line differs from the last good parse. While a
// line is in flux, a query on another line reads the settled version's
// structure (feature.NewFluxView).
func (s *Server) queryAt(u uri.URI, pos protocol.Position) (q query, ok bool) {
	return s.queryIn(u, pos, true)
}

// queryNowAt is queryAt on the current parse even while a line is in
// flux, for answers that edit the current text (rename).
func (s *Server) queryNowAt(u uri.URI, pos protocol.Position) (q query, ok bool) {
	return s.queryIn(u, pos, false)
}

func (s *Server) queryIn(u uri.URI, pos protocol.Position, flux bool) (q query, ok bool) {
	doc := s.document(u)
	if doc == nil {
		return query{}, false
	}
	off, _ := s.offset(doc, pos)
	view := feature.NewView(doc.Doc, doc.LastGood)
	if flux && doc.Settled != nil {
		view = feature.NewFluxView(doc.Doc, doc.LastGood, doc.Settled.Doc, off)
	}
	mapped, ok := view.Offset(off)
	if !ok || view.Doc == nil {
		return query{}, false
	}
	return query{doc: doc, view: view, offset: mapped}, true
}

// location turns a span of the queried parse into a protocol location in
// the current text; ok is false when the span lies in edited lines.
func (s *Server) location(q query, u uri.URI, sp source.Span) (protocol.Location, bool) {
	r, ok := s.rangeOf(q, sp)
	return protocol.Location{URI: u, Range: r}, ok
}

// rangeOf converts a span of the queried parse to a range of the current text.
func (s *Server) rangeOf(q query, sp source.Span) (protocol.Range, bool) {
	cur, ok := q.view.Span(sp)
	if !ok {
		return protocol.Range{}, false
	}
	return toRange(q.doc.Mapper(), cur, s.encoding()), true
}

// hover answers textDocument/hover with Markdown when the client renders
// it, plain text otherwise.
func (s *Server) hover(_ context.Context, p *protocol.HoverParams) (*protocol.Hover, error) {
	h, err := s.baseHover(p)
	if err != nil {
		return h, err
	}
	// The effective value under the active environments (effective.go).
	return s.effectiveHover(p.TextDocument.URI, p.Position, h), nil
}

// baseHover is the hover without effective values.
func (s *Server) baseHover(p *protocol.HoverParams) (*protocol.Hover, error) {
	if h, ok := s.workspaceHover(p.TextDocument.URI, p.Position); ok { // other files (workspace_features.go)
		return h, nil
	}
	q, ok := s.queryAt(p.TextDocument.URI, p.Position)
	if !ok {
		return nil, nil
	}
	md := s.Client().HoverMarkdown
	h, ok := hover.Hover(q.view.Doc, s.currentSchema(), q.offset, md)
	if !ok {
		return nil, nil
	}
	r, ok := s.rangeOf(q, h.Span)
	if !ok {
		return nil, nil
	}
	kind := protocol.MarkupKindPlainText
	if md {
		kind = protocol.MarkupKindMarkdown
	}
	return &protocol.Hover{Contents: &protocol.MarkupContent{Kind: kind, Value: h.Text}, Range: &r}, nil
}

func advertiseHover(c *protocol.ServerCapabilities, _ ClientCapabilities) {
	c.HoverProvider = protocol.Boolean(true)
}
