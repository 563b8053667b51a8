package workspace

import (
	"sort"
	"strings"

	"heat-ls/analysis/check/pass"
	"heat-ls/analysis/check/resources"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/rules"
	"heat-ls/analysis/syntax"
)

// CheckNestedResources checks every resource (and group member
// definition) whose type stands for a template against that template's
// parameters. A resource is judged alone (its own text, the workspace's
// answers), so after an edit inside one resource only that one is judged
// again.
func CheckNestedResources(p *pass.Pass) {
	if p.Workspace == nil {
		return
	}
	p.EachResourceAlone(func(r *hot.Resource) {
		from := len(p.Diags)
		for def := range pass.Definitions(r) {
			if def.Type == nil || def.TypeName == "" {
				continue
			}
			checkNestedDefinition(p, def)
		}
		resources.QuietEmptyGroup(p, from, r) // a group with no member: none is built
	})
}

// checkNestedDefinition judges one definition of a resource whose type
// maps to nested templates: that they can be read, the properties it
// gives them, and the parameters it leaves without a value.
func checkNestedDefinition(p *pass.Pass, def pass.Definition) {
	name := def.Resource.Name
	if def.Inner {
		name = ""
	}
	nt := p.Workspace.NestedTemplates(p.Path, name, def.TypeName)
	if !nt.Mapped {
		return
	}
	switch {
	case nt.MissingPath != "" && nt.Outside:
		p.Reportf(def.Type.Span(), rules.NestedTemplateOutside,
			"The template `%s` is outside the workspace folders and this template's directory, so heat-ls does not read it; its parameters are not checked.", def.TypeName)
		return
	case nt.MissingPath != "":
		p.Reportf(def.Type.Span(), rules.NestedTemplateMissing,
			"The nested template `%s` was not found (looked for `%s`). Create it, or fix the path: it is relative to this template's directory.", def.TypeName, nt.MissingPath)
		return
	}
	if nt.Opaque || len(nt.Templates) == 0 {
		return
	}
	checkFacade(p, def, nt.Templates)
	props := def.Properties.Resolve()
	if def.Properties != nil && !props.IsMapping() && !props.IsNull() {
		return // a function or a wrong shape: other rules speak about it
	}
	given := checkGivenProperties(p, def, nt.Templates, props)
	checkNestedEmptyValues(p, def, nt.Templates, props)
	if props.IsMapping() {
		checkNestedLookups(p, def, nt.Templates, props)
		checkNestedListItems(p, def, nt.Templates, props)
	}
	reportMissingProperties(p, def, nt.Templates, props, given)
}

// checkGivenProperties judges each property def gives the nested
// templates ts: its value against the parameter's type and whether the
// templates have such a parameter at all; it returns the names given.
func checkGivenProperties(p *pass.Pass, def pass.Definition, ts []pass.NestedTemplate, props *syntax.Node) map[string]bool {
	given := map[string]bool{}
	if props.IsMapping() {
		for _, pr := range props.Pairs() {
			k := pr.Key
			if k.Kind != syntax.ScalarNode {
				continue
			}
			given[k.Value] = true
			// A group's member values may hold the index placeholder, which
			// the group replaces before Heat reads them: not judged.
			if prop := nestedPropertySchema(ts, k.Value, pr.Value.Resolve()); prop != nil && !def.Inner {
				rc := resources.NewChecker(p, nil, nil)
				rc.CheckValue(prop, pr.Value, k, 1)
			}
			if !wsAnyTemplate(ts, func(t *hot.Outline) bool { return t.Parameter(k.Value) != nil }) {
				cands := wsNearest(k.Value, nestedParameterNames(ts), 3)
				d := p.Reportf(k.Span(), rules.NestedUnknownProperty,
					"`%s` is not a parameter of the nested template %s.%s A nested template's properties are its parameters: use one of them, or add the parameter to the template.",
					k.Value, wsTemplateNames(ts), pass.SuggestText(cands))
				d.Suggestions = cands
			}
		}
	}
	return given
}

// reportMissingProperties reports the parameters of the nested templates
// ts that have no default and that def does not give.
func reportMissingProperties(p *pass.Pass, def pass.Definition, ts []pass.NestedTemplate, props *syntax.Node, given map[string]bool) {
	var missing []string
	for _, prm := range ts[0].Outline.Parameters {
		if given[prm.Name] || p.Workspace.ParameterDefaulted(prm.Name) {
			continue
		}
		if wsAnyTemplate(ts, func(t *hot.Outline) bool { q := t.Parameter(prm.Name); return q == nil || q.HasDefault }) {
			continue
		}
		missing = append(missing, prm.Name)
	}
	if len(missing) == 0 {
		return
	}
	sort.Strings(missing)
	at := def.Type.Span()
	if def.Properties != nil && props.IsMapping() {
		at = def.Properties.Span()
		if def.PropertiesKey != nil {
			at = def.PropertiesKey.Span()
		}
	}
	// With environments applied explicitly (check --env) nothing else can
	// give the value: Heat refuses the stack. Otherwise an environment
	// generated at deploy time may still set it under parameter_defaults.
	report := p.Warnf
	if p.Workspace.EnvironmentsApplied() {
		report = p.Errorf
	}
	d := report(at, rules.NestedMissingProperty,
		"The nested template %s needs a value for %s, which has no default: set it under properties, or give it a default (in the template or under parameter_defaults of an environment).",
		wsTemplateNames(ts), wsQuoteList(missing))
	d.Data = map[string]string{"missing": strings.Join(missing, ",")}
}

func wsAnyTemplate(ts []pass.NestedTemplate, fn func(*hot.Outline) bool) bool {
	for _, t := range ts {
		if t.Outline != nil && fn(t.Outline) {
			return true
		}
	}
	return false
}

func nestedParameterNames(ts []pass.NestedTemplate) []string {
	seen := map[string]bool{}
	var out []string
	for _, t := range ts {
		for _, prm := range t.Outline.Parameters {
			if !seen[prm.Name] {
				seen[prm.Name] = true
				out = append(out, prm.Name)
			}
		}
	}
	return out
}

// wsQuoteList writes names as code, the way in-file messages do.
func wsQuoteList(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = "`" + n + "`"
	}
	return strings.Join(q, ", ")
}
