package lsp

import (
	"context"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"heat-ls/analysis/feature"
	"heat-ls/analysis/source"
)

// semanticLegend is the semantic token legend: the index of each name is
// what the data array carries. Standard LSP names, so every theme colours
// them without configuration: functions, parameters, resources
// (variable), conditions (enumMember), outputs (property) and resource
// types (type); pseudo parameters are parameters with defaultLibrary and
// readonly. Modifier bits follow feature.TokenModifier.
func semanticLegend() protocol.SemanticTokensLegend {
	types := make([]string, feature.TokenResourceType+1)
	types[feature.TokenFunction] = "function"
	types[feature.TokenParameter] = "parameter"
	types[feature.TokenResource] = "variable"
	types[feature.TokenCondition] = "enumMember"
	types[feature.TokenOutput] = "property"
	types[feature.TokenResourceType] = "type"
	return protocol.SemanticTokensLegend{TokenTypes: types, TokenModifiers: []string{"declaration", "deprecated", "defaultLibrary", "readonly"}}
}

func (s *Server) semanticTokensRange(_ context.Context, p *protocol.SemanticTokensRangeParams) (*protocol.SemanticTokens, error) {
	return s.semanticTokens(p.TextDocument.URI, &p.Range), nil
}

// semanticTokens encodes the tokens as the relative five-number groups of
// the protocol. While the text is broken YAML, the last parse's tokens are
// kept on the lines that did not change (the edited lines stay plain:
// colours from a text that is gone would mislead).
func (s *Server) semanticTokens(u uri.URI, r *protocol.Range) *protocol.SemanticTokens {
	out := &protocol.SemanticTokens{Data: []uint32{}}
	doc := s.document(u)
	if doc == nil {
		return out
	}
	view := feature.NewView(doc.Doc, doc.LastGood)
	if view.Doc == nil || view.Doc.Template == nil {
		return out
	}
	m, enc := doc.Mapper(), s.encoding()
	within := source.Span{Start: 0, End: -1}
	if r != nil {
		start, _ := s.offset(doc, r.Start)
		end, _ := s.offset(doc, r.End)
		within = source.Span{Start: 0, End: len(view.Doc.Src)}
		if a, ok := view.Offset(start); ok {
			within.Start = a
		}
		if b, ok := view.Offset(end); ok {
			within.End = b
		}
	}
	// The outputs of nested templates come from the workspace.
	var nested feature.NestedOutputs
	if path := filePath(u); path != "" {
		nested = s.workspaceSnapshot().InlayValues(path)
	}
	tokens := feature.SemanticTokensNested(view.Doc, s.currentSchema(), within, nested)
	if r == nil {
		if data, ok := s.encoded.answerOf(doc, enc, tokens); ok {
			out.Data = data
			return out
		}
		defer func() { s.encoded.keep(doc, enc, tokens, out.Data, s.store.Get) }()
	}
	out.Data = make([]uint32, 0, 5*len(tokens))
	var line, char int
	// Tokens come sorted: each position is counted on from the last one
	// (source.Mapper.PositionAfter), so each line is read about once.
	var at source.Position
	from := 0
	for _, tk := range tokens {
		sp, ok := view.Span(tk.Span)
		if !ok || sp.Start < 0 || sp.Start > sp.End || sp.End > len(doc.Text) {
			continue
		}
		start := m.PositionAfter(at, from, sp.Start, enc)
		at, from = start, sp.Start
		var end source.Position
		if text := doc.Text[sp.Start:sp.End]; ascii(text) {
			// A name of ASCII letters is as many units long as it has
			// bytes in every encoding, on the line it starts on (tokens
			// hold no line break): no second look-up.
			end = source.Position{Line: start.Line, Character: start.Character + len(text)}
		} else {
			end = m.PositionAfter(start, sp.Start, sp.End, enc)
		}
		if start.Line != end.Line || start.Line < line || start.Line == line && start.Character < char {
			continue
		}
		dl, dc := start.Line-line, start.Character
		if dl == 0 {
			dc -= char
		}
		out.Data = append(out.Data, uint32(dl), uint32(dc), uint32(end.Character-start.Character), uint32(tk.Kind), uint32(tk.Modifiers))
		line, char = start.Line, start.Character
	}
	return out
}

func advertiseSemanticTokens(c *protocol.ServerCapabilities, cl ClientCapabilities) {
	v := cl.Visual
	if !v.SemanticTokensFull && !v.SemanticTokensRange {
		return
	}
	opts := &protocol.SemanticTokensOptions{
		Legend: semanticLegend(),
		Full:   protocol.Boolean(true),
		Range:  protocol.Boolean(true),
	}
	if v.SemanticTokensDelta {
		delta := true
		opts.Full = &protocol.SemanticTokensFullDelta{Delta: &delta}
	}
	c.SemanticTokensProvider = opts
}

// ascii reports whether b holds only ASCII bytes.
func ascii(b []byte) bool {
	for _, c := range b {
		if c >= 0x80 {
			return false
		}
	}
	return true
}
