package feature

import (
	"slices"

	"heat-ls/analysis/hot"
	"heat-ls/analysis/source"
)

// Declaration is one named entry a reference-count lens sits on.
type Declaration struct {
	Namespace Namespace
	Name      string
	// Span is the name key's span.
	Span source.Span
}

// Declarations lists the parameters, resources, conditions and, when
// nested, the outputs of a template in source order (the entries Heat
// uses, not earlier duplicates). Nothing inside a template can reference
// its own outputs: only a parent's get_attr on the resource that nests it
// can, so a lens on an output of a template nothing nests would always
// count zero.
func Declarations(doc *hot.Document, nested bool) []Declaration {
	if doc == nil || doc.Template == nil {
		return nil
	}
	t := doc.Template
	var out []Declaration
	add := func(ns Namespace, e *hot.Entry, kept bool) {
		if kept && e.Key != nil {
			out = append(out, Declaration{Namespace: ns, Name: e.Name, Span: e.Key.Span()})
		}
	}
	for _, p := range t.Parameters {
		add(NamespaceParameter, &p.Entry, t.Parameter(p.Name) == p)
	}
	for _, c := range t.Conditions {
		add(NamespaceCondition, &c.Entry, t.Condition(c.Name) == c)
	}
	for _, r := range t.Resources {
		add(NamespaceResource, &r.Entry, t.Resource(r.Name) == r)
	}
	for _, o := range t.Outputs {
		add(NamespaceOutput, &o.Entry, nested && t.Output(o.Name) == o)
	}
	slices.SortStableFunc(out, func(a, b Declaration) int { return a.Span.Start - b.Span.Start })
	return out
}
