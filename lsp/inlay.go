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
	if doc == nil {
		return out, nil
	}
	// While the text is broken, the last parse's hints stay on the lines
	// that did not change.
	q := query{doc: doc, view: feature.NewView(doc.Doc, doc.LastGood)}
	if q.view.Doc == nil || q.view.Doc.Template == nil {
		return out, nil
	}
	start, _ := s.offset(doc, p.Range.Start)
	end, _ := s.offset(doc, p.Range.End)
	within := source.Span{Start: 0, End: len(q.view.Doc.Src)}
	if a, ok := q.view.Offset(start); ok {
		within.Start = a
	}
	if b, ok := q.view.Offset(end); ok {
		within.End = b
	}
	var env feature.InlayValues
	if path := filePath(p.TextDocument.URI); path != "" {
		// The one value each parameter gets under the active set, over
		// what every environment of the workspace could give (effective.go).
		env = s.effectiveValues(path, q.view.Doc).Inlay(s.workspaceSnapshot().InlayValues(path))
	}
	pad := true
	for _, h := range feature.InlayHints(q.view.Doc, within, env) {
		r, ok := s.rangeOf(q, source.Span{Start: h.Offset, End: h.Offset})
		if !ok {
			continue
		}
		ih := protocol.InlayHint{
			Position:    r.Start,
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
