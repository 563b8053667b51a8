package feature

import (
	"sort"
	"strconv"
	"strings"

	"heat-ls/analysis/hot"
	"heat-ls/analysis/source"
	"heat-ls/analysis/syntax"
)

// SymbolKind says what a symbol is; the lsp layer maps it to the
// protocol's kinds.
type SymbolKind int

// The symbol kinds of a template outline.
const (
	SymbolSection SymbolKind = iota + 1
	SymbolParameter
	SymbolParameterGroup
	SymbolResource
	SymbolOutput
	SymbolCondition
	SymbolVersion
	SymbolOther // an entry of an unknown or environment section
)

// Symbol is one node of a document outline.
type Symbol struct {
	Name   string
	Detail string // the resource type, the parameter type, the version
	Kind   SymbolKind
	// Span covers the whole entry; SelectionSpan its name key.
	Span, SelectionSpan source.Span
	Children            []Symbol
}

// DocumentSymbols outlines a template (sections → entries) or an
// environment (sections → entries). Earlier duplicates of a section are
// listed too, since they are in the text. It never panics.
func DocumentSymbols(doc *hot.Document) (out []Symbol) {
	defer func() {
		if recover() != nil {
			out = nil
		}
	}()
	if doc == nil {
		return nil
	}
	var sections []*hot.Entry
	switch {
	case doc.Template != nil:
		sections = doc.Template.Sections
	case doc.Env != nil:
		sections = doc.Env.Sections
	default:
		return nil
	}
	for _, s := range sections {
		if s.Key == nil || s.Key.Kind != syntax.ScalarNode {
			continue
		}
		sym := Symbol{Name: s.Name, Kind: SymbolSection, Span: EntrySpan(s.Key, s.Value), SelectionSpan: s.Key.Span()}
		kind := SymbolOther
		switch s.Name {
		case "heat_template_version":
			sym.Kind = SymbolVersion
			if v := s.Value.Resolve(); v.IsScalar() {
				sym.Detail = v.Value
			}
		case "parameters":
			kind = SymbolParameter
		case "resources":
			kind = SymbolResource
		case "outputs":
			kind = SymbolOutput
		case "conditions":
			kind = SymbolCondition
		case "parameter_groups":
			sym.Children = parameterGroupSymbols(s.Value)
		}
		if body := s.Value.Resolve(); sym.Kind == SymbolSection && body.IsMapping() {
			for _, p := range body.Pairs() {
				if p.Key.Kind != syntax.ScalarNode {
					continue
				}
				sym.Children = append(sym.Children, Symbol{
					Name: p.Key.Value, Kind: kind, Detail: entryDetail(kind, p.Value),
					Span: EntrySpan(p.Key, p.Value), SelectionSpan: p.Key.Span(),
				})
			}
		}
		out = append(out, sym)
	}
	return out
}

// EntrySpan is the span of a mapping entry from its key to the end of its
// value.
func EntrySpan(key, value *syntax.Node) source.Span {
	return (syntax.Pair{Key: key, Value: value}).Span()
}

// entryDetail is the short text shown beside an entry's name.
func entryDetail(kind SymbolKind, body *syntax.Node) string {
	field := ""
	switch kind {
	case SymbolParameter, SymbolResource:
		field = "type"
	case SymbolOutput:
		field = "description"
	}
	if field == "" {
		return ""
	}
	if v := body.Resolve().Get(field).Resolve(); v.IsScalar() && !v.IsNull() {
		d := v.Value
		if i := strings.IndexByte(d, '\n'); i >= 0 {
			d = d[:i] + "…"
		}
		return d
	}
	return ""
}

func parameterGroupSymbols(n *syntax.Node) []Symbol {
	seq := n.Resolve()
	if !seq.IsSequence() {
		return nil
	}
	var out []Symbol
	for i, item := range seq.Items() {
		body := item.Resolve()
		name := "group " + strconv.Itoa(i+1)
		sel := item.Span()
		if l := body.Lookup("label"); l.Key != nil && l.Value.Resolve().IsScalar() && !l.Value.Resolve().IsNull() {
			name = l.Value.Resolve().Value
			sel = l.Value.Span()
		}
		out = append(out, Symbol{Name: name, Kind: SymbolParameterGroup, Span: item.Span(), SelectionSpan: sel})
	}
	return out
}

// FlatSymbol is a symbol with the name of the section holding it, for
// clients without hierarchical outlines and for workspace symbols.
type FlatSymbol struct {
	Name      string
	Kind      SymbolKind
	Container string
	Span      source.Span
}

// FlattenSymbols lists a tree depth first, each child naming its parent.
func FlattenSymbols(syms []Symbol) []FlatSymbol {
	var out []FlatSymbol
	var walk func(ss []Symbol, container string, depth int)
	walk = func(ss []Symbol, container string, depth int) {
		if depth > 8 {
			return
		}
		for _, s := range ss {
			out = append(out, FlatSymbol{Name: s.Name, Kind: s.Kind, Container: container, Span: s.Span})
			walk(s.Children, s.Name, depth+1)
		}
	}
	walk(syms, "", 0)
	return out
}

// NamedDocument is one document offered to workspace symbol search.
type NamedDocument struct {
	URI string
	Doc *hot.Document
	// Symbols, when not nil, are searched instead of Doc's: the summary
	// the workspace keeps of a closed file has no tree to walk.
	Symbols []FlatSymbol
}

// WorkspaceSymbol is one match of a workspace symbol search.
type WorkspaceSymbol struct {
	URI string
	FlatSymbol
	score int
}

// maxWorkspaceSymbols bounds a workspace search's answer.
const maxWorkspaceSymbols = 500

// WorkspaceSymbols searches the parameters, resources, outputs and
// conditions of docs for query: case-insensitive, the query's characters in
// order (an exact name first, then prefixes, then substrings, then
// scattered matches). An empty query lists everything, up to a bound.
func WorkspaceSymbols(docs []NamedDocument, query string) []WorkspaceSymbol {
	q := strings.ToLower(query)
	var out []WorkspaceSymbol
	for _, d := range docs {
		syms := d.Symbols
		if syms == nil {
			syms = FlattenSymbols(DocumentSymbols(d.Doc))
		}
		for _, s := range syms {
			switch s.Kind {
			case SymbolParameter, SymbolResource, SymbolOutput, SymbolCondition:
			default:
				continue
			}
			score, ok := fuzzyScore(strings.ToLower(s.Name), q)
			if !ok {
				continue
			}
			out = append(out, WorkspaceSymbol{URI: d.URI, FlatSymbol: s, score: score})
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].score != out[j].score {
			return out[i].score < out[j].score
		}
		return strings.ToLower(out[i].Name) < strings.ToLower(out[j].Name)
	})
	if len(out) > maxWorkspaceSymbols {
		out = out[:maxWorkspaceSymbols]
	}
	return out
}

// fuzzyScore ranks how name matches q (lower is better).
func fuzzyScore(name, q string) (int, bool) {
	switch {
	case q == "" || name == q:
		return 0, true
	case strings.HasPrefix(name, q):
		return 1, true
	case strings.Contains(name, q):
		return 2, true
	}
	i := 0
	for j := 0; j < len(name) && i < len(q); j++ {
		if name[j] == q[i] {
			i++
		}
	}
	return 3, i == len(q)
}
