package lsp

import (
	"context"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// advertiseDocumentLink: links are complete, no resolve step.
func advertiseDocumentLink(c *protocol.ServerCapabilities, _ ClientCapabilities) {
	c.DocumentLinkProvider = &protocol.DocumentLinkOptions{}
}

// documentLink turns get_file paths, template paths used as resource
// types and registry targets into links to the files, when they exist
// inside the folders heat-ls may show (workspace.Guard).
func (s *Server) documentLink(_ context.Context, p *protocol.DocumentLinkParams) ([]protocol.DocumentLink, error) {
	out := []protocol.DocumentLink{}
	doc := s.document(p.TextDocument.URI)
	path := filePath(p.TextDocument.URI)
	if doc == nil || path == "" {
		return out, nil
	}
	enc := s.encoding()
	for _, l := range s.workspaceSnapshot().Links(path, doc.Doc) {
		target := uri.File(l.Path)
		tip := "Open " + l.Path
		out = append(out, protocol.DocumentLink{Range: toRange(doc.Mapper(), l.Span, enc), Target: &target, Tooltip: &tip})
	}
	return out, nil
}
