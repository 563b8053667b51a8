package lsp

import (
	"context"

	"go.lsp.dev/protocol"

	"heat-ls/analysis/feature"
)

// definition answers textDocument/definition: the name key a reference
// points at. Pseudo parameters and undefined names give an empty result.
func (s *Server) definition(_ context.Context, p *protocol.DefinitionParams) (protocol.DefinitionResult, error) {
	if res, ok := s.workspaceDefinition(p.TextDocument.URI, p.Position); ok { // other files (workspace_features.go)
		return res, nil
	}
	q, ok := s.queryAt(p.TextDocument.URI, p.Position)
	if !ok {
		return nil, nil
	}
	sp, ok := feature.Definition(q.view.Doc, q.offset)
	if !ok {
		return nil, nil
	}
	loc, ok := s.location(q, p.TextDocument.URI, sp)
	if !ok {
		return nil, nil
	}
	return &loc, nil
}

func advertiseDefinition(c *protocol.ServerCapabilities, _ ClientCapabilities) {
	c.DefinitionProvider = protocol.Boolean(true)
}
