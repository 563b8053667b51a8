package lsp

import (
	"context"

	"go.lsp.dev/protocol"

	"heat-ls/analysis/feature"
)

// documentHighlight marks every occurrence of the name under the cursor:
// the definition as a write, the uses as reads.
func (s *Server) documentHighlight(_ context.Context, p *protocol.DocumentHighlightParams) ([]protocol.DocumentHighlight, error) {
	out := []protocol.DocumentHighlight{}
	q, ok := s.queryAt(p.TextDocument.URI, p.Position)
	if !ok {
		return out, nil
	}
	for _, r := range feature.FindReferences(q.view.Doc, q.offset, true) {
		rg, ok := s.rangeOf(q, r.Span)
		if !ok {
			continue
		}
		kind := protocol.DocumentHighlightKindRead
		if r.Definition {
			kind = protocol.DocumentHighlightKindWrite
		}
		out = append(out, protocol.DocumentHighlight{Range: rg, Kind: kind})
	}
	return out, nil
}

func advertiseDocumentHighlight(c *protocol.ServerCapabilities, _ ClientCapabilities) {
	c.DocumentHighlightProvider = protocol.Boolean(true)
}
