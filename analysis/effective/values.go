package effective

import (
	"path/filepath"
	"strings"

	"heat-ls/analysis/environ"
	"heat-ls/analysis/eval"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/source"
	"heat-ls/analysis/syntax"
	"heat-ls/schema"
)

// Values is what a template's parameters and conditions are under one
// environment set. It is immutable once made and safe to share.
type Values struct {
	// Active says an environment set applies (it may be empty: the user
	// chose none); without one, values are the template's defaults.
	Active bool
	// Envs are the applied files' paths, in order.
	Envs []string
	// path is the template's path; params its declared parameters, each
	// worked out when first asked (params.go); pseudo the pseudo
	// parameters' values.
	path   string
	params map[string]*lazyParam
	pseudo map[string]eval.Param
	// conditions holds each condition's truth by name; lenses each
	// condition use's truth, in the order of the template.
	conditions map[string]eval.Value
	lenses     []Lens
	excluded   []Excluded
}

// Lens is the truth of a condition at Span: a condition's name in the
// conditions section, or the condition key of a resource or output.
type Lens struct {
	Span source.Span
	// Title is "true", "false" or "unknown (why)".
	Title string
}

// Excluded is a resource a false condition leaves out of the stack.
type Excluded struct {
	Resource string
	// Span covers the resource's whole entry (name and body).
	Span source.Span
	// Condition is the condition as written (a name, or the expression's
	// text).
	Condition string
}

// Compute works out the values of the template doc at path under envs
// (parsed environment files, in order). active says whether a set
// applies at all. sc picks the template version's semantics (nil: the
// newest). The conditions are worked out at once; a parameter's value
// when first asked (by a condition, a hover or a hint).
func Compute(doc *hot.Document, path string, envs []environ.File, active bool, sc *schema.Schema) *Values {
	return ComputeAfter(nil, doc, path, envs, active, sc)
}

// ComputeAfter is Compute for a new version of the template whose
// previous Values, prev, were made for the same path under the same
// environment files (nil: none to reuse): the parameters prev worked out
// whose entries are written the same way keep their values. The origins
// inside a kept value are those of the version that worked it out; no
// answer of this package reads them.
func ComputeAfter(prev *Values, doc *hot.Document, path string, envs []environ.File, active bool, sc *schema.Schema) *Values {
	v := &Values{Active: active, path: path, conditions: map[string]eval.Value{}}
	for _, e := range envs {
		v.Envs = append(v.Envs, e.Path)
	}
	if doc == nil || doc.Template == nil {
		return v
	}
	t := doc.Template
	env := environ.Merge(envs, environ.Options{ParamType: declaredType(t)})
	in := &eval.Inputs{Params: env.Params, Defaults: env.Defaults, MissingUnknown: true}
	v.pseudo = eval.Pseudo(*in)
	v.params = newParams(doc, in, path, prev)
	var ver *schema.Version
	if sc != nil {
		if ver, _ = sc.Version(strings.TrimSpace(t.VersionText)); ver == nil {
			ver = sc.Latest()
		}
	}
	ev := eval.New(t, eval.Options{Version: ver, ParamLookup: v.value, File: path})
	for _, c := range t.Conditions {
		if t.Condition(c.Name) != c {
			continue
		}
		truth := ev.ConditionNamed(c.Name)
		v.conditions[c.Name] = truth
		v.lenses = append(v.lenses, Lens{Span: c.Key.Span(), Title: title(truth)})
	}
	for _, r := range t.Resources {
		if r.ConditionRef == nil || t.Resource(r.Name) != r {
			continue
		}
		truth := ev.Condition(r.ConditionRef)
		v.lenses = append(v.lenses, Lens{Span: r.Field("condition").Key.Span(), Title: title(truth)})
		if truth.Kind == eval.Bool && !truth.B {
			v.excluded = append(v.excluded, Excluded{Resource: r.Name, Span: entrySpan(&r.Entry),
				Condition: conditionText(doc, r.ConditionRef)})
		}
	}
	for _, o := range t.Outputs {
		if o.ConditionRef == nil || t.Output(o.Name) != o {
			continue
		}
		v.lenses = append(v.lenses, Lens{Span: o.Field("condition").Key.Span(), Title: title(ev.Condition(o.ConditionRef))})
	}
	return v
}

// declaredType answers the declared type of the template's parameters,
// for the merge strategies (Heat merges by the types of the templates it
// is sent; the editor knows this one).
func declaredType(t *hot.Template) func(string) (string, bool) {
	return func(name string) (string, bool) {
		p := t.Parameter(name)
		if p == nil {
			return "", false
		}
		if typ := strings.TrimSpace(p.Type); typ != "" {
			return typ, true
		}
		return "string", true
	}
}

// title is a condition's lens text.
func title(truth eval.Value) string {
	switch {
	case truth.Kind == eval.Bool && truth.B:
		return "true"
	case truth.Kind == eval.Bool:
		return "false"
	}
	return "unknown (" + clip(reason(strings.Join(strings.Fields(truth.Why()), " ")), 80) + ")"
}

// reason says in words why a condition is undecided, from the evaluator's
// placeholder: a parameter nothing sets, or a pseudo parameter only a
// stack being created knows.
func reason(why string) string {
	if _, rest, ok := strings.Cut(why, "<parameter "); ok {
		if name, _, ok := strings.Cut(rest, ">"); ok {
			return "parameter " + name + " has no value"
		}
	}
	if _, rest, ok := strings.Cut(why, "<OS::"); ok {
		if name, _, ok := strings.Cut(rest, ">"); ok {
			return "OS::" + name + " is known only when the stack is created"
		}
	}
	if why == "" {
		return "not decided offline"
	}
	return why
}

// entrySpan covers an entry's name and body.
func entrySpan(e *hot.Entry) source.Span {
	sp := e.Key.Span()
	if e.Value != nil && e.Value.Span().End > sp.End {
		sp.End = e.Value.Span().End
	}
	return sp
}

// conditionText is a condition reference as written, on one line.
func conditionText(doc *hot.Document, n *syntax.Node) string {
	if r := n.Resolve(); r != nil && r.IsScalar() {
		return r.Value
	}
	return clip(strings.Join(strings.Fields(doc.Syntax.Text(n)), " "), 60)
}

// clip bounds s to n characters.
func clip(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}

// Lenses are the condition lenses, in the template's order.
func (v *Values) Lenses() []Lens { return v.lenses }

// Excluded lists the resources a false condition leaves out.
func (v *Values) Excluded() []Excluded { return v.excluded }

// Condition is the truth of the condition called name.
func (v *Values) Condition(name string) (eval.Value, bool) {
	c, ok := v.conditions[name]
	return c, ok
}

// Param is a parameter's effective value: its text (Display), where it
// came from (Where), and ok false when the template declares no such
// parameter.
func (v *Values) Param(name string) (value, where string, ok bool) {
	p, ok := v.param(name)
	if !ok || p.Decl == nil {
		return "", "", false
	}
	if p.Hidden && p.Value.IsKnown() {
		return "(hidden)", v.where(p.Source), true
	}
	return v.display(name, p), v.where(p.Source), true
}

// display is Display of a declared parameter's value, kept with it: a
// hint repeats at every get_param of the parameter, and a hover or hints
// asked after each keystroke must not write a large default out again.
func (v *Values) display(name string, p eval.Param) string {
	if l, ok := v.params[name]; ok {
		return l.text(p)
	}
	return Display(p.Value)
}

// where says where a value came from, in words: the template's default,
// or the environment file (named relative to the template) and section.
func (v *Values) where(src string) string {
	switch src {
	case "default":
		return "default in this template"
	case "":
		return "nothing sets it"
	}
	section, file, ok := strings.Cut(src, " in ")
	if !ok {
		return src
	}
	for _, e := range v.Envs {
		if filepath.Base(e) == file {
			if r, err := filepath.Rel(filepath.Dir(v.path), e); err == nil {
				file = filepath.ToSlash(r)
			}
			break
		}
	}
	return section + " in " + file
}

// Display is a value's text: a string as it is, unknowns as their
// placeholder, anything else as JSON.
func Display(val eval.Value) string {
	switch val.Kind {
	case eval.String, eval.Unknown, eval.Invalid:
		return val.S
	}
	return eval.JSON(val)
}

// param is the parameter called name, declared or pseudo, worked out if
// it was not yet.
func (v *Values) param(name string) (eval.Param, bool) {
	if l, ok := v.params[name]; ok {
		return l.get(), true
	}
	p, ok := v.pseudo[name]
	return p, ok
}

// value is a parameter's value, for the evaluator's ParamLookup.
func (v *Values) value(name string) (eval.Value, bool) {
	p, ok := v.param(name)
	return p.Value, ok
}
