package effective

import (
	"path/filepath"
	"strings"

	"heat-ls/analysis/eval"
	"heat-ls/analysis/feature"
	"heat-ls/analysis/feature/hover"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/rules"
	"heat-ls/analysis/source"
)

// Diagnostics are hints, tagged unnecessary so editors grey them, over
// each resource a false condition leaves out of the stack.
func (v *Values) Diagnostics() []source.Diagnostic {
	out := make([]source.Diagnostic, 0, len(v.excluded))
	for _, e := range v.excluded {
		out = append(out, source.Diagnostic{
			Span:     e.Span,
			Severity: rules.Severity(rules.ResourceLeftOut),
			Code:     rules.ResourceLeftOut,
			Message:  "resource `" + e.Resource + "` is left out of the stack: its condition `" + e.Condition + "` is false " + v.under(),
			Tags:     []source.Tag{source.TagUnnecessary},
		})
	}
	return out
}

// under says which values decided: the active environments, or the
// template's defaults alone.
func (v *Values) under() string {
	if !v.Active || len(v.Envs) == 0 {
		return "with the template's defaults"
	}
	return "with the active environments (" + v.envList() + ")"
}

// envList names the applied files relative to the template.
func (v *Values) envList() string {
	names := make([]string, len(v.Envs))
	for i, e := range v.Envs {
		names[i] = e
		if r, err := filepath.Rel(filepath.Dir(v.path), e); err == nil {
			names[i] = filepath.ToSlash(r)
		}
	}
	return strings.Join(names, ", ")
}

// Hover is the effective value of the parameter at offset (a get_param
// argument naming it, or its definition) under the active set; ok is
// false without an active set or elsewhere.
func (v *Values) Hover(doc *hot.Document, offset int, markdown bool) (hover.Result, bool) {
	if !v.Active || doc == nil || doc.Template == nil {
		return hover.Result{}, false
	}
	t := feature.Locate(doc, offset)
	if t.Namespace != feature.NamespaceParameter || t.Kind != feature.TargetReference && t.Kind != feature.TargetDefinition {
		return hover.Result{}, false
	}
	value, where, ok := v.Param(t.Name)
	if !ok {
		return hover.Result{}, false
	}
	w := hover.NewText(markdown)
	shown, rest := head(value)
	w.Field("Effective value", shown, true)
	w.Para(rest)
	w.Para("Set by " + where + ".")
	if len(v.Envs) == 0 {
		w.Para("Active environments: none.")
	} else {
		w.Para("Active environments, in order: " + v.envList() + ".")
	}
	return hover.Result{Span: t.Span, Text: w.String(), Markdown: markdown}, true
}

// Inlay gives inlay hints the effective values over base (the
// workspace's answers; nil for none).
func (v *Values) Inlay(base feature.InlayValues) feature.InlayValues {
	return inlay{base: base, v: v}
}

type inlay struct {
	base feature.InlayValues
	v    *Values
}

func (i inlay) ParameterValues(name string) []feature.ValueSource {
	if i.base == nil {
		return nil
	}
	return i.base.ParameterValues(name)
}

func (i inlay) NestedOutput(r *hot.Resource, output string) (string, bool) {
	if i.base == nil {
		return "", false
	}
	return i.base.NestedOutput(r, output)
}

// EffectiveValue is the parameter's value under the active set (see
// feature.EffectiveValues).
func (i inlay) EffectiveValue(name string) (feature.ValueSource, string, bool) {
	if !i.v.Active {
		return feature.ValueSource{}, "", false
	}
	p, ok := i.v.param(name)
	if !ok || p.Decl == nil || p.Value.Kind == eval.Unknown && p.Source == "" {
		return feature.ValueSource{}, "", false
	}
	value, where, _ := i.v.Param(name)
	file := "default"
	if _, f, ok := strings.Cut(where, " in "); ok && p.Source != "default" {
		file = f
	}
	return feature.ValueSource{Where: file, Value: value}, "Effective value, set by " + where + ".", true
}
