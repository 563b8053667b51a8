package workspace

import (
	"strings"

	"heat-ls/analysis/check/pass"
	"heat-ls/analysis/syntax"
	"heat-ls/schema"
)

// What the nested templates a definition maps to declare, and how
// messages name them: the look-ups every nested-template check shares.

// nestedOutputNames are the outputs of the templates ts, each once, in
// the order first declared.
func nestedOutputNames(ts []pass.NestedTemplate) []string {
	seen := map[string]bool{}
	var out []string
	for _, t := range ts {
		for _, o := range t.Outline.Outputs {
			if !seen[o.Name] {
				seen[o.Name] = true
				out = append(out, o.Name)
			}
		}
	}
	return out
}

// wsTemplateNames names the templates ts for a message: one, or "(any
// of ...)".
func wsTemplateNames(ts []pass.NestedTemplate) string {
	names := make([]string, 0, len(ts))
	for _, t := range ts {
		names = append(names, "`"+wsShortPath(t.Path)+"`")
	}
	if len(names) == 1 {
		return names[0]
	}
	return "(any of " + strings.Join(names, ", ") + ")"
}

// wsShortPath keeps the last two elements of a path for messages.
func wsShortPath(p string) string {
	parts := strings.Split(p, "/")
	if len(parts) > 2 {
		parts = parts[len(parts)-2:]
	}
	return strings.Join(parts, "/")
}

// nestedPropertySchema is the property schema Heat gives a nested
// template's parameter name (its provider resource's property), when
// every template read for the type declares it with the same type; nil
// when the value is not judged. A json parameter takes any value (Heat
// turns a list into JSON text), and a comma_delimited_list one takes text
// too, which Heat splits, so only a value that is neither text nor a list
// is judged against it (the oracle refuses a mapping or a number there).
func nestedPropertySchema(ts []pass.NestedTemplate, name string, value *syntax.Node) *schema.Property {
	typ := ""
	for i, t := range ts {
		prm := t.Outline.Parameter(name)
		if prm == nil || (i > 0 && prm.Type != typ) {
			return nil
		}
		typ = prm.Type
	}
	switch typ {
	case "string", "":
		return &schema.Property{Type: "string"}
	case "number":
		return &schema.Property{Type: "number"}
	case "boolean":
		return &schema.Property{Type: "boolean"}
	case "comma_delimited_list":
		if value.IsScalar() && value.Tag() == "!!str" {
			return nil
		}
		return &schema.Property{Type: "list"}
	}
	return nil
}

// nestedParameterType is the type every template of ts declares name
// with, "" when they differ or one lacks it.
func nestedParameterType(ts []pass.NestedTemplate, name string) string {
	typ := ""
	for i, t := range ts {
		prm := t.Outline.Parameter(name)
		if prm == nil || (i > 0 && prm.Type != typ) {
			return ""
		}
		typ = prm.Type
	}
	return typ
}
