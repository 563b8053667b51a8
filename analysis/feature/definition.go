package feature

import (
	"heat-ls/analysis/hot"
	"heat-ls/analysis/source"
)

// Definition returns the span of the name key that the reference under
// offset points at: a parameter, resource or condition in its section.
// ok is false for anything else, including pseudo parameters and names
// that are not defined (there is nowhere to go; that is not an error).
// On a definition key it returns the key itself, as editors expect.
func Definition(doc *hot.Document, offset int) (sp source.Span, ok bool) {
	defer func() {
		if recover() != nil {
			sp, ok = source.Span{}, false
		}
	}()
	t := Locate(doc, offset)
	if t.Kind != TargetReference && t.Kind != TargetDefinition {
		return source.Span{}, false
	}
	entry := DefinitionEntry(doc.Template, t.Namespace, t.Name)
	if entry == nil || entry.Key == nil {
		return source.Span{}, false
	}
	return entry.Key.Span(), true
}

// DefinitionEntry finds the Entry that defines name in ns.
func DefinitionEntry(tpl *hot.Template, ns Namespace, name string) *hot.Entry {
	switch ns {
	case NamespaceParameter:
		if p := tpl.Parameter(name); p != nil {
			return &p.Entry
		}
	case NamespaceResource:
		if r := tpl.Resource(name); r != nil {
			return &r.Entry
		}
	case NamespaceCondition:
		if c := tpl.Condition(name); c != nil {
			return &c.Entry
		}
	case NamespaceOutput:
		if o := tpl.Output(name); o != nil {
			return &o.Entry
		}
	}
	return nil
}
