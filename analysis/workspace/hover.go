package workspace

import (
	"fmt"
	"path/filepath"
	"strings"

	"heat-ls/analysis/feature/hover"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/syntax"
	"heat-ls/schema"
)

// Hover explains the cross-file thing under offset in the template at
// path: a nested template (its parameters and outputs), a property that
// sets one of its parameters, an output read with get_attr, and for
// get_param and parameter names the places a value can come from (the
// default, the parent resources that pass it when this template is
// nested, and every environment of the workspace that sets it), added to
// the in-file hover when some other file gives a value. ok is false when
// nothing cross-file is there.
func (s *Snapshot) Hover(path string, doc *hot.Document, sc *schema.Schema, offset int, markdown bool) (res hover.Result, ok bool) {
	defer func() {
		if recover() != nil {
			res, ok = hover.Result{}, false
		}
	}()
	ct := s.locate(path, doc, offset)
	w := hover.NewText(markdown)
	switch ct.kind {
	case crossNestedType:
		for _, f := range ct.templates {
			s.describeTemplate(w, path, f)
		}
	case crossMappedType:
		var lines []hover.ListItem
		for _, m := range s.Mappings() {
			if m.Matches(ct.name) {
				line := rel(path, m.Env.Path) + ": " + m.Target
				if m.Resource != "" {
					line += " (for resource " + m.Resource + " only)"
				}
				lines = append(lines, hover.ListItem{Text: line})
			}
		}
		w.Title(ct.name, "custom resource type")
		w.Items("Mapped by the environments", lines)
		if sc != nil {
			for _, c := range s.Resolve(path, "", ct.name).Candidates {
				if rt, ok := sc.ResourceType(c.TypeName); ok && rt.Description != "" {
					w.Para(c.TypeName + ": " + rt.Description)
				}
			}
		}
	case crossNestedProp:
		for _, f := range ct.templates {
			if p := f.Outline().Parameter(ct.name); p != nil {
				describeParameter(w, f, p, rel(path, f.Path))
			}
		}
	case crossNestedAttr:
		for _, f := range ct.templates {
			if o := f.Outline().Output(ct.name); o != nil {
				w.Title(ct.name, "output of "+rel(path, f.Path))
				w.Para(o.Description)
			}
		}
	case crossGetParam, crossParamDef:
		if len(s.Settings(ct.name)) == 0 && len(s.parentPropertyKeys(filepath.Clean(path), ct.name)) == 0 {
			return hover.Result{}, false // nothing beyond the in-file hover
		}
		base, baseOK := hover.Hover(doc, sc, offset, markdown)
		if baseOK {
			w.Raw(base.Text)
		}
		s.describeSources(w, path, doc, ct.name)
		if w.Len() == 0 {
			return hover.Result{}, false
		}
		return hover.Result{Span: ct.node.Span(), Text: w.String(), Markdown: markdown}, true
	default:
		return hover.Result{}, false
	}
	if w.Len() == 0 {
		return hover.Result{}, false
	}
	return hover.Result{Span: ct.node.Span(), Text: w.String(), Markdown: markdown}, true
}

// describeTemplate summarises a nested template: description, parameters
// (required ones marked) and outputs.
func (s *Snapshot) describeTemplate(w *hover.Text, from string, f *File) {
	t := f.Outline()
	w.Title(rel(from, f.Path), "nested template")
	w.Para(t.Description)
	var params, outs []hover.ListItem
	for _, p := range t.Parameters {
		var notes []string
		if p.Type != "" {
			notes = append(notes, p.Type)
		}
		if !p.HasDefault {
			notes = append(notes, "required")
		}
		item := hover.ListItem{Code: p.Name}
		if len(notes) > 0 {
			item.Text = "(" + strings.Join(notes, ", ") + ")"
		}
		params = append(params, item)
	}
	for _, o := range t.Outputs {
		outs = append(outs, hover.ListItem{Code: o.Name})
	}
	w.Items("Parameters (its properties)", params)
	w.Items("Outputs (its attributes)", outs)
}

// describeParameter shows one parameter of a nested template.
func describeParameter(w *hover.Text, f *File, p *hot.OutlineParameter, where string) {
	w.Title(p.Name, "parameter of "+where)
	w.Field("Type", p.Type, true)
	w.Para(p.Description)
	if p.HasDefault {
		w.Field("Default", clip(f.Text(p.Default)), true)
	} else {
		w.Para("No default: the resource must set it (or an environment's parameter_defaults).")
	}
}

// describeSources lists where a parameter's value can come from.
func (s *Snapshot) describeSources(w *hover.Text, path string, doc *hot.Document, name string) {
	var lines []hover.ListItem
	add := func(line string) { lines = append(lines, hover.ListItem{Text: line}) }
	if p := doc.Template.Parameter(name); p != nil {
		if d := p.Field("default"); d.Key != nil {
			add("default in this template: " + clip(doc.Syntax.Text(d.Value)))
		} else {
			add("no default in this template")
		}
	}
	for _, pk := range s.parentPropertyKeys(filepath.Clean(path), name) {
		add(fmt.Sprintf("%s, resource %s: %s", rel(path, pk.file.Path), pk.resource, clip(pk.file.Text(pk.key.Value))))
	}
	// An environment's "parameters" reach only the top-level stack, so
	// they are no source for a template the workspace nests.
	nested := s.usedAsNested(path, s.Templates())
	for _, st := range s.Settings(name) {
		if nested && st.Section == "parameters" {
			continue
		}
		add(fmt.Sprintf("%s (%s): %s", rel(path, st.Env.Path), st.Section, clip(st.Env.Text(st.Value))))
	}
	w.Items("Where the value can come from", lines)
}

// scalarField returns a pair's scalar value, "" otherwise.
func scalarField(p syntax.Pair) string {
	if p.Key == nil {
		return ""
	}
	if v := p.Value.Resolve(); v.IsScalar() {
		return strings.TrimSpace(v.Value)
	}
	return ""
}

// clip shortens a value's source text to one short line.
func clip(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 60 {
		s = s[:57] + "..."
	}
	return s
}

// rel shows target relative to from's directory.
func rel(from, target string) string {
	if from == "" {
		return target
	}
	r, err := filepath.Rel(filepath.Dir(from), target)
	if err != nil {
		return target
	}
	return r
}
