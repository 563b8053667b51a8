package feature

import (
	"heat-ls/analysis/hot"
	"heat-ls/analysis/source"
)

// Reference is one occurrence found by FindReferences.
type Reference struct {
	Span source.Span
	// Span covers the name text (inside quotes, as rename edits it).
	// Definition marks the name's key in its section (a write in document
	// highlight terms); the others are uses (reads).
	Definition bool
}

// FindReferences lists every occurrence of the parameter, resource or
// condition under offset, from its definition or any use, in source
// order. includeDeclaration keeps the definition key in the list. It
// returns nil when the cursor is on nothing that has references.
func FindReferences(doc *hot.Document, offset int, includeDeclaration bool) (out []Reference) {
	defer func() {
		if recover() != nil {
			out = nil
		}
	}()
	t := Locate(doc, offset)
	if t.Kind != TargetReference && t.Kind != TargetDefinition {
		return nil
	}
	switch t.Namespace {
	case NamespaceParameter, NamespaceResource, NamespaceCondition:
	default:
		return nil
	}
	for _, o := range Occurrences(doc, t.Namespace, t.Name) {
		if o.Definition && !includeDeclaration {
			continue
		}
		out = append(out, Reference{Span: o.NameSpan, Definition: o.Definition})
	}
	return out
}
