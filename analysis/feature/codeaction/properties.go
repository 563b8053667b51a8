package codeaction

import (
	"fmt"
	"strings"

	"heat-ls/analysis/feature"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/syntax"
)

// addProperties adds the required properties Data["missing"] names to the
// resource the diagnostic sits in, each with a placeholder of its type.
// Nested paths (with dots) are left to the author.
func (f *fixer) addProperties(missing string) (Action, bool) {
	r := f.resourceAt(f.diag.Span.Start)
	if r == nil {
		return Action{}, false
	}
	var names []string
	for _, m := range strings.Split(missing, ",") {
		m = strings.TrimSpace(m)
		if m == "" || strings.Contains(m, ".") || !safeScalar(m) {
			continue
		}
		if props := r.Properties.Resolve(); props != nil && props.Lookup(m).Key != nil {
			continue
		}
		names = append(names, m)
	}
	if len(names) == 0 {
		return Action{}, false
	}
	var lines, flows []string
	for _, n := range names {
		v := f.placeholder(r.Type, n)
		lines = append(lines, n+": "+v)
		flows = append(flows, n+": "+v)
	}
	nl := f.newline()
	step := f.indentStep()
	block := func(indent int) string {
		var b strings.Builder
		for i, l := range lines {
			if i > 0 {
				b.WriteString(nl)
			}
			b.WriteString(spaces(indent) + l)
		}
		return b.String()
	}
	var ins feature.Edit
	var ok bool
	if pr := r.Field("properties"); pr.Key != nil {
		ins, ok = f.appendToMapping(pr.Key, pr.Value, block, strings.Join(flows, ", "))
	} else {
		body := r.Value.Resolve()
		if body == nil || body.Kind != syntax.MappingNode || body.NumPairs() == 0 {
			return Action{}, false
		}
		withProps := func(indent int) string {
			return spaces(indent) + "properties:" + nl + block(indent+step)
		}
		ins, ok = f.appendToMapping(r.Key, body, withProps, "properties: {"+strings.Join(flows, ", ")+"}")
	}
	if !ok {
		return Action{}, false
	}
	title := fmt.Sprintf("Add required propert%s %s", plural(len(names), "y", "ies"), strings.Join(names, ", "))
	return f.action(title, true, ins), true
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// resourceAt is the resource whose entry holds offset.
func (f *fixer) resourceAt(off int) *hot.Resource {
	for _, r := range f.doc.Template.Resources {
		if r.Key.Span().Start <= off && off <= feature.EntrySpan(r.Key, r.Value).End {
			return r
		}
	}
	return nil
}

// placeholder is a value of the property's type for the author to fill.
func (f *fixer) placeholder(typeName, prop string) string {
	if f.sch == nil {
		return `""`
	}
	rt, ok := f.sch.ResourceType(typeName)
	if !ok {
		return `""`
	}
	p, ok := rt.Property(prop)
	if !ok {
		return `""`
	}
	switch p.Type {
	case "list":
		return "[]"
	case "map":
		return "{}"
	case "integer", "number":
		return "0"
	case "boolean":
		return "false"
	}
	return `""`
}
