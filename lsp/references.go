package lsp

import (
	"context"

	"go.lsp.dev/protocol"

	"heat-ls/analysis/feature"
)

// references answers textDocument/references for parameters, resources
// and conditions, honouring includeDeclaration.
func (s *Server) references(_ context.Context, p *protocol.ReferenceParams) ([]protocol.Location, error) {
	if locs, ok := s.workspaceReferences(p.TextDocument.URI, p.Position, p.Context.IncludeDeclaration); ok { // other files (workspace_features.go)
		return locs, nil
	}
	out := []protocol.Location{}
	q, ok := s.queryAt(p.TextDocument.URI, p.Position)
	if !ok {
		return out, nil
	}
	for _, r := range feature.FindReferences(q.view.Doc, q.offset, p.Context.IncludeDeclaration) {
		if loc, ok := s.location(q, p.TextDocument.URI, r.Span); ok {
			out = append(out, loc)
		}
	}
	return out, nil
}

func advertiseReferences(c *protocol.ServerCapabilities, _ ClientCapabilities) {
	c.ReferencesProvider = protocol.Boolean(true)
}
