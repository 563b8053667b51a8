package lsp

import (
	"context"

	"go.lsp.dev/protocol"

	"heat-ls/analysis/feature"
	"heat-ls/analysis/source"
)

// inlayHint shows, inside the requested range, the value each get_param
// gets and what nested templates' outputs read by get_attr are. The
// heat-ls.inlayHints setting (false) turns them off.
func (s *Server) inlayHint(_ context.Context, p *protocol.InlayHintParams) ([]protocol.InlayHint, error) {
	out := []protocol.InlayHint{}
	if s.Settings().InlayHintsOff {
		return out, nil
	}
	doc := s.document(p.TextDocument.URI)
	if doc == nil || doc.Doc == nil || doc.Doc.Template == nil {
		return out, nil
	}
	start, _ := s.offset(doc, p.Range.Start)
	end, _ := s.offset(doc, p.Range.End)
	var env feature.InlayValues
	if path := filePath(p.TextDocument.URI); path != "" {
		env = s.workspaceSnapshot().InlayValues(path)
	}
	pad := true
	for _, h := range feature.InlayHints(doc.Doc, source.Span{Start: start, End: end}, env) {
		ih := protocol.InlayHint{
			Position:    toPosition(doc.Mapper(), h.Offset, s.encoding()),
			Label:       protocol.String(h.Label),
			PaddingLeft: &pad,
		}
		if h.Tooltip != "" {
			ih.Tooltip = protocol.String(h.Tooltip)
		}
		out = append(out, ih)
	}
	return out, nil
}

func advertiseInlayHint(c *protocol.ServerCapabilities, cl ClientCapabilities) {
	if cl.Visual.InlayHint {
		c.InlayHintProvider = protocol.Boolean(true)
	}
}
