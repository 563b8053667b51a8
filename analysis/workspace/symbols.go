package workspace

import (
	"sort"

	"heat-ls/analysis/feature"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/source"
)

// Symbols returns the entries workspace symbol search looks at in a file
// the index holds as a summary (which has no tree for
// feature.DocumentSymbols): a template's parameters, resources, outputs
// and conditions, an environment's parameters, each named with its
// section, as DocumentSymbols would give them. nil for a parsed file.
func (f *File) Symbols() []feature.FlatSymbol {
	if f == nil || f.Doc == nil || !f.Doc.Summary {
		return nil
	}
	out := []feature.FlatSymbol{}
	add := func(name string, kind feature.SymbolKind, section string, span source.Span) {
		out = append(out, feature.FlatSymbol{Name: name, Kind: kind, Container: section, Span: span})
	}
	if o := f.Outline(); o != nil {
		entry := func(e hot.OutlineEntry, kind feature.SymbolKind, section string) { add(e.Name, kind, section, e.Span) }
		for _, p := range o.Parameters {
			entry(p.OutlineEntry, feature.SymbolParameter, "parameters")
		}
		for _, r := range o.Resources {
			entry(r.OutlineEntry, feature.SymbolResource, "resources")
		}
		for _, out := range o.Outputs {
			entry(out.OutlineEntry, feature.SymbolOutput, "outputs")
		}
		for _, c := range o.Conditions {
			entry(c, feature.SymbolCondition, "conditions")
		}
		// In source order, as the tree lists them.
		sort.SliceStable(out, func(i, j int) bool { return out[i].Span.Start < out[j].Span.Start })
		return out
	}
	for _, st := range envOf(f).settings {
		if st.Section == "parameters" {
			span := st.Key
			span.End = max(span.End, st.Value.End)
			add(st.Name, feature.SymbolParameter, st.Section, span)
		}
	}
	return out
}
