package lsp

import (
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"heat-ls/analysis/source"
	"heat-ls/lsp/store"
)

// document returns the current version of an open document, or nil.
func (s *Server) document(u uri.URI) *store.Document { return s.store.Get(string(u)) }

// encoding is the negotiated position encoding.
func (s *Server) encoding() source.Encoding { return s.Client().PositionEncoding }

// fromPosition converts a protocol position to the store's type.
func fromPosition(p protocol.Position) source.Position {
	return source.Position{Line: int(p.Line), Character: int(p.Character)}
}

// offset converts a protocol position in doc to a byte offset, clamping
// positions outside the text (a query may race an edit); ok reports
// whether p was inside the text as given.
func (s *Server) offset(doc *store.Document, p protocol.Position) (off int, ok bool) {
	return doc.Mapper().Offset(fromPosition(p), s.encoding())
}

// toPosition converts a byte offset to a protocol position.
func toPosition(m *source.Mapper, offset int, enc source.Encoding) protocol.Position {
	p := m.Position(offset, enc)
	return protocol.Position{Line: uint32(p.Line), Character: uint32(p.Character)}
}

// toRange converts a span to a protocol range.
func toRange(m *source.Mapper, sp source.Span, enc source.Encoding) protocol.Range {
	return protocol.Range{Start: toPosition(m, sp.Start, enc), End: toPosition(m, sp.End, enc)}
}

// fromRange converts a protocol range to the store's type.
func fromRange(r protocol.Range) *store.Range {
	return &store.Range{Start: fromPosition(r.Start), End: fromPosition(r.End)}
}
