package lsp

import (
	"context"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"heat-ls/analysis/feature"
	"heat-ls/analysis/feature/semantic"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/source"
	"heat-ls/lsp/store"
)

// semanticLegend is the semantic token legend: the index of each name is
// what the data array carries. Standard LSP names, so every theme colours
// them without configuration: functions, parameters, resources
// (variable), conditions (enumMember), outputs (property) and resource
// types (type); pseudo parameters are parameters with defaultLibrary and
// readonly. Modifier bits follow semantic.TokenModifier.
func semanticLegend() protocol.SemanticTokensLegend {
	types := make([]string, semantic.TokenResourceType+1)
	types[semantic.TokenFunction] = "function"
	types[semantic.TokenParameter] = "parameter"
	types[semantic.TokenResource] = "variable"
	types[semantic.TokenCondition] = "enumMember"
	types[semantic.TokenOutput] = "property"
	types[semantic.TokenResourceType] = "type"
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
	enc := s.encoding()
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
	var nested semantic.NestedOutputs
	if path := filePath(u); path != "" {
		nested = s.workspaceSnapshot().InlayValues(path)
	}
	// A version made by reparsing one entry reuses the previous version's
	// tokens (and numbers) for the rest; not while an older parse stands
	// in for a broken text.
	var splice *hot.Splice
	if !view.Stale() && view.Doc == doc.Doc {
		splice = doc.Splice
	}
	sc := s.currentSchema()
	tokens := semantic.TokensAfter(view.Doc, splice, sc, within, nested)
	if r == nil {
		if data, ok := s.encoded.answerOf(doc, enc, tokens); ok {
			out.Data = data
			return out
		}
		var from *numbersFrom
		defer func() { s.encoded.keep(doc, enc, tokens, out.Data, from, s.store.Get) }()
		if data, f, ok := s.encoded.spliced(doc, splice, enc, sc, tokens); ok {
			out.Data, from = data, f
			return out
		}
	}
	e := tokenEncoder{view: view, doc: doc, enc: enc, data: make([]uint32, 0, 5*len(tokens))}
	e.add(tokens)
	out.Data = e.data
	return out
}

// tokenEncoder appends sorted tokens to the protocol's relative numbers:
// each token's line is counted from the last token's, and its start
// character too when both share a line.
type tokenEncoder struct {
	view feature.View
	doc  *store.Document
	enc  source.Encoding
	data []uint32
	// line and char are the start of the last token appended.
	line, char int
	// at is the position of offset from, where the next look-up starts:
	// tokens come sorted, so each position is counted on from the last
	// one (source.Mapper.PositionAfter) and each line is read about once.
	at   source.Position
	from int
}

// add appends tokens (sorted, after the last one appended).
func (e *tokenEncoder) add(tokens []semantic.Token) {
	m, text := e.doc.Mapper(), e.doc.Text
	for _, tk := range tokens {
		sp, ok := e.view.Span(tk.Span)
		if !ok || sp.Start < 0 || sp.Start > sp.End || sp.End > len(text) {
			continue
		}
		start := m.PositionAfter(e.at, e.from, sp.Start, e.enc)
		e.at, e.from = start, sp.Start
		var end source.Position
		if name := text[sp.Start:sp.End]; ascii(name) {
			// A name of ASCII letters is as many units long as it has
			// bytes in every encoding, on the line it starts on (tokens
			// hold no line break): no second look-up.
			end = source.Position{Line: start.Line, Character: start.Character + len(name)}
		} else {
			end = m.PositionAfter(start, sp.Start, sp.End, e.enc)
		}
		if start.Line != end.Line || start.Line < e.line || start.Line == e.line && start.Character < e.char {
			continue
		}
		dl, dc := start.Line-e.line, start.Character
		if dl == 0 {
			dc -= e.char
		}
		e.data = append(e.data, uint32(dl), uint32(dc), uint32(end.Character-start.Character), uint32(tk.Kind), uint32(tk.Modifiers))
		e.line, e.char = start.Line, start.Character
	}
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
