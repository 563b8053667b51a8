package lsp

import (
	"context"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"heat-ls/analysis/feature"
	"heat-ls/analysis/source"
)

// documentSymbol answers the outline: a tree when the client supports
// hierarchical symbols, a flat list otherwise. It uses the current parse
// (or the last good one while the text is broken, keeping only symbols
// whose lines are unchanged).
func (s *Server) documentSymbol(_ context.Context, p *protocol.DocumentSymbolParams) (protocol.DocumentSymbolResult, error) {
	doc := s.document(p.TextDocument.URI)
	if doc == nil {
		return protocol.DocumentSymbolSlice{}, nil
	}
	q := query{doc: doc, view: feature.NewView(doc.Doc, doc.LastGood)}
	if q.view.Doc == nil {
		return protocol.DocumentSymbolSlice{}, nil
	}
	syms := feature.DocumentSymbols(q.view.Doc)
	if !s.Client().HierarchicalSymbols {
		out := protocol.SymbolInformationSlice{}
		for _, f := range feature.FlattenSymbols(syms) {
			loc, ok := s.location(q, p.TextDocument.URI, f.Span)
			if !ok {
				continue
			}
			out = append(out, symbolInformation(f, loc))
		}
		return out, nil
	}
	return protocol.DocumentSymbolSlice(s.documentSymbols(q, syms)), nil
}

func (s *Server) documentSymbols(q query, syms []feature.Symbol) []protocol.DocumentSymbol {
	out := []protocol.DocumentSymbol{}
	for _, sym := range syms {
		r, ok1 := s.rangeOf(q, sym.Span)
		sel, ok2 := s.rangeOf(q, sym.SelectionSpan)
		if !ok1 || !ok2 {
			continue
		}
		ds := protocol.DocumentSymbol{Name: sym.Name, Kind: symbolKind(sym.Kind), Range: r, SelectionRange: sel}
		if ds.Name == "" {
			ds.Name = "(empty)"
		}
		if sym.Detail != "" {
			d := sym.Detail
			ds.Detail = &d
		}
		if len(sym.Children) > 0 {
			ds.Children = s.documentSymbols(q, sym.Children)
		}
		out = append(out, ds)
	}
	return out
}

func symbolInformation(f feature.FlatSymbol, loc protocol.Location) protocol.SymbolInformation {
	si := protocol.SymbolInformation{Location: loc}
	si.Name = f.Name
	if si.Name == "" {
		si.Name = "(empty)"
	}
	si.Kind = symbolKind(f.Kind)
	if f.Container != "" {
		c := f.Container
		si.ContainerName = &c
	}
	return si
}

// symbolKind picks the protocol kind that editors draw closest to each
// template part.
func symbolKind(k feature.SymbolKind) protocol.SymbolKind {
	switch k {
	case feature.SymbolSection:
		return protocol.SymbolKindNamespace
	case feature.SymbolParameter:
		return protocol.SymbolKindVariable
	case feature.SymbolParameterGroup:
		return protocol.SymbolKindArray
	case feature.SymbolResource:
		return protocol.SymbolKindObject
	case feature.SymbolOutput:
		return protocol.SymbolKindProperty
	case feature.SymbolCondition:
		return protocol.SymbolKindBoolean
	case feature.SymbolVersion:
		return protocol.SymbolKindConstant
	}
	return protocol.SymbolKindKey
}

// SymbolSource lists the documents workspace symbol search looks through.
// The default is every open document; the workspace index can replace it
// (WithSymbolSource) to add templates on disk.
type SymbolSource func() []feature.NamedDocument

// openDocuments is the default SymbolSource.
func (s *Server) openDocuments() []feature.NamedDocument {
	var out []feature.NamedDocument
	for _, d := range s.store.All() {
		if d.Doc != nil {
			out = append(out, feature.NamedDocument{URI: d.URI, Doc: d.Doc})
		}
	}
	return out
}

// WithSymbolSource replaces the documents workspace/symbol searches.
func WithSymbolSource(src SymbolSource) Option { return func(s *Server) { s.symbolSource = src } }

// workspaceSymbol answers workspace/symbol over the symbol source.
func (s *Server) workspaceSymbol(ctx context.Context, p *protocol.WorkspaceSymbolParams) (protocol.WorkspaceSymbolResult, error) {
	src := s.symbolSource
	if src == nil {
		src = s.openDocuments
	}
	docs := src()
	mappers := make(map[string]*source.Mapper, len(docs))
	for _, d := range docs {
		if d.Doc != nil {
			mappers[d.URI] = d.Doc.Mapper
		}
	}
	out := protocol.SymbolInformationSlice{}
	for _, m := range feature.WorkspaceSymbols(docs, p.Query) {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		var r protocol.Range
		if mp := mappers[m.URI]; mp != nil {
			r = toRange(mp, m.Span, s.encoding())
		}
		out = append(out, symbolInformation(m.FlatSymbol, protocol.Location{URI: uri.URI(m.URI), Range: r}))
	}
	return out, nil
}

func advertiseDocumentSymbol(c *protocol.ServerCapabilities, _ ClientCapabilities) {
	c.DocumentSymbolProvider = protocol.Boolean(true)
}

func advertiseWorkspaceSymbol(c *protocol.ServerCapabilities, _ ClientCapabilities) {
	c.WorkspaceSymbolProvider = protocol.Boolean(true)
}
