package hover

import (
	"heat-ls/analysis/hot"
	"heat-ls/analysis/syntax"
	"heat-ls/schema"
)

// This file explains the keys of an environment file that need no other
// file: its sections (resource_registry, parameter_defaults...) and the
// "resources" key inside resource_registry. Registry entries and
// parameters, which need the workspace, are answered by analysis/feature/envfile.

// envKeyHover explains the environment key under offset.
func envKeyHover(doc *hot.Document, offset int, markdown bool) (Result, bool) {
	if doc == nil || doc.Syntax == nil {
		return Result{}, false
	}
	root := doc.Syntax.Root().Resolve()
	if !root.IsMapping() {
		return Result{}, false
	}
	on := func(p syntax.Pair) bool {
		k := p.Key.Resolve()
		return k.IsScalar() && k.Span().Start <= offset && offset <= k.Span().End && k.Span().Len() > 0
	}
	d := &Text{markdown: markdown}
	for i := range root.Pairs() {
		p := root.Pair(i)
		if on(p) {
			text := schema.KeyDoc(schema.ContextEnvironment, p.Key.Resolve().Value)
			if text == "" {
				return Result{}, false
			}
			d.Title(p.Key.Resolve().Value, "environment section")
			d.Para(text)
			return Result{Span: p.Key.Resolve().Span(), Text: d.String(), Markdown: markdown}, true
		}
		if p.Key.Resolve().Value != "resource_registry" {
			continue
		}
		reg := p.Value.Resolve()
		if !reg.IsMapping() {
			continue
		}
		for j := range reg.Pairs() {
			q := reg.Pair(j)
			if q.Key.Resolve().Value == "resources" && on(q) {
				d.Title("resources", "per-resource registry")
				d.Para("Mappings that apply only to the resources named below it (by their name in the template), and the hooks that pause on them; entries outside it apply to every resource of the type.")
				return Result{Span: q.Key.Resolve().Span(), Text: d.String(), Markdown: markdown}, true
			}
		}
	}
	return Result{}, false
}
