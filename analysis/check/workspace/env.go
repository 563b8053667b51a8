package workspace

import (
	"path/filepath"

	"heat-ls/analysis/check/parameters"
	"heat-ls/analysis/check/pass"
	"heat-ls/analysis/check/values"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/rules"
	"heat-ls/analysis/source"
)

// CheckAppliedParameters reports parameters that applied environments
// set under "parameters" although the template does not declare them.
// The diagnostic sits on the template's parameters section (or its
// version line) and points at the environment's entry.
func CheckAppliedParameters(p *pass.Pass) {
	if p.Workspace == nil {
		return
	}
	applied := p.Workspace.AppliedParameters()
	if len(applied) == 0 {
		return
	}
	at := source.Span{}
	if e := p.T.Section("parameters"); e != nil {
		at = e.Key.Span()
	} else if p.T.Version.Key != nil {
		at = p.T.Version.Key.Span()
	}
	// Heat takes every name of the first file that sets parameters; from
	// later files it merges only a non-null value for a name some uploaded
	// template declares, and ignores the rest.
	first := ""
	for _, ap := range applied {
		if !ap.Defaults {
			first = ap.Env
			break
		}
	}
	nested := -1 // unknown until an entry needs it
	for _, ap := range applied {
		if ap.Defaults || p.T.Parameter(ap.Name) != nil {
			continue
		}
		if ap.Env != first && (ap.Value == nil || ap.Value.IsNull() || !nestedDeclares(p, ap.Name)) {
			continue
		}
		// An environment's "parameters" reach only the top-level stack: a
		// template another checked template nests never sees them.
		if nested < 0 {
			nested = 0
			if p.Path != "" && p.Workspace.UsedAsNested(p.Path) {
				nested = 1
			}
		}
		if nested == 1 {
			return
		}
		var names []string
		for _, prm := range p.T.Parameters {
			names = append(names, prm.Name)
		}
		cands := wsNearest(ap.Name, names, 3)
		d := p.Reportf(at, rules.EnvUnknownParameter,
			"The environment `%s` sets the parameter `%s`, which this template does not declare; Heat refuses the stack.%s Declare the parameter, remove it from the environment, or move it under parameter_defaults there.",
			filepath.Base(ap.Env), ap.Name, pass.SuggestText(cands))
		d.Related = []source.Related{{Path: ap.Env, Span: ap.Span, Message: "set here"}}
		d.Data = map[string]string{"parameter": ap.Name, "environment": ap.Env}
	}
}

// nestedDeclares reports whether a template the checked one nests (a
// resource's or a group member's type standing for a template, at any
// depth) declares the parameter name. The client uploads those templates
// with the stack and Heat reads their parameters when it merges later
// environment files.
func nestedDeclares(p *pass.Pass, name string) bool {
	if p.Path == "" {
		return false
	}
	type step struct {
		from    string
		outline *hot.Outline
	}
	visited := map[string]bool{p.Path: true}
	queue := []step{{p.Path, p.Doc.Outline()}}
	for len(queue) > 0 && len(visited) <= maxNestingWalk {
		s := queue[0]
		queue = queue[1:]
		if s.outline == nil {
			continue
		}
		for _, q := range s.outline.Resources {
			for _, d := range q.Definitions {
				if !d.HasType || d.TypeName == "" {
					continue
				}
				res := q.Name
				if d.Inner {
					res = ""
				}
				t, ok := nestedStep(p, s.from, res, d.TypeName)
				if !ok || visited[t.Path] || t.Outline == nil {
					continue
				}
				visited[t.Path] = true
				for _, prm := range t.Outline.Parameters {
					if prm.Name == name {
						return true
					}
				}
				queue = append(queue, step{t.Path, t.Outline})
			}
		}
	}
	return false
}

// CheckAppliedValues checks the values applied environments give declared
// parameters against the parameters' constraints, as Heat does when it
// creates the stack. A "parameters" value beats a "parameter_defaults"
// one and a later environment beats an earlier one, so only the value
// that wins is checked. The diagnostic sits on the parameter's name and
// points at the environment's entry.
func CheckAppliedValues(p *pass.Pass) {
	if p.Workspace == nil {
		return
	}
	effective := map[string]pass.AppliedParameter{}
	var order []string
	nested := -1 // unknown until a "parameters" entry needs it
	for _, ap := range p.Workspace.AppliedParameters() {
		if !ap.Defaults {
			// "parameters" reach only the top-level stack.
			if nested < 0 {
				nested = 0
				if p.Path != "" && p.Workspace.UsedAsNested(p.Path) {
					nested = 1
				}
			}
			if nested == 1 {
				continue
			}
		}
		old, seen := effective[ap.Name]
		if seen && !old.Defaults && ap.Defaults {
			continue
		}
		if !seen {
			order = append(order, ap.Name)
		}
		effective[ap.Name] = ap
	}
	v := pass.EntryVersion(p)
	if v == nil {
		return
	}
	// Constraints are parsed on a scratch pass: their own problems are
	// reported by the parameter rules already.
	scratch := &pass.Pass{Ctx: p.Ctx, Doc: p.Doc, T: p.T, Schema: p.Schema}
	res := values.RegexpCache{}
	for _, name := range order {
		ap := effective[name]
		prm := p.T.Parameter(name)
		if prm == nil || ap.Value == nil || !prm.Value.Resolve().IsMapping() {
			continue
		}
		typ := parameters.CheckParameterType(scratch, v, prm)
		if reportAppliedListType(p, ap, name, typ) {
			continue
		}
		cons := parameters.ParseParameterConstraints(scratch, v, prm, typ, func() map[string]bool { return parameters.KnownCustomConstraints(p.Schema) })
		for _, c := range cons {
			if problem := values.ConstraintProblem(c, typ, ap.Value, res); problem != "" {
				d := p.Reportf(prm.Key.Span(), rules.EnvValueConstraint,
					"The value that `%s` gives `%s` breaks its constraint: %s. Heat refuses the stack; change the value in the environment or the constraint.",
					filepath.Base(ap.Env), name, problem)
				d.Related = []source.Related{{Path: ap.Env, Span: ap.Value.Span(), Message: "value set here"}}
				break
			}
		}
	}
}

// CheckEnvironmentParameters compares an environment file's entries with
// the parameters the workspace templates declare. A "parameters" entry no
// template declares is a warning (Heat refuses it for any template it is
// applied to, and it is often a misspelling); a "parameter_defaults" one
// is only a hint, since Heat ignores defaults nobody declares.
func CheckEnvironmentParameters(p *pass.Pass) {
	if p.Workspace == nil || p.Env == nil {
		return
	}
	names := p.Workspace.TemplateParameters()
	if names == nil {
		return
	}
	declared := make(map[string]bool, len(names))
	for _, n := range names {
		declared[n] = true
	}
	var topLevel map[string]bool
	if top := p.Workspace.TopLevelParameters(); top != nil {
		topLevel = make(map[string]bool, len(top))
		for _, n := range top {
			topLevel[n] = true
		}
	}
	for _, e := range p.Env.Parameters {
		if declared[e.Name] && topLevel != nil && !topLevel[e.Name] {
			p.Reportf(e.Key.Span(), rules.EnvParameterUndeclared,
				"Only nested templates declare `%s`, and an environment's parameters reach only the top-level stack, so Heat refuses it there. Move it under parameter_defaults, which reaches nested templates too.",
				e.Name)
			continue
		}
		if declared[e.Name] {
			continue
		}
		cands := wsNearest(e.Name, names, 3)
		d := p.Reportf(e.Key.Span(), rules.EnvParameterUndeclared,
			"No template in the workspace declares the parameter `%s`; Heat refuses a stack whose template lacks it.%s Fix the name, or move it under parameter_defaults if it is meant for templates elsewhere.",
			e.Name, pass.SuggestText(cands))
		d.Suggestions = cands
	}
	for _, e := range p.Env.ParameterDefaults {
		if declared[e.Name] {
			continue
		}
		cands := wsNearest(e.Name, names, 3)
		d := p.Hintf(e.Key.Span(), rules.EnvParameterUndeclared,
			"No template in the workspace declares `%s`; Heat ignores defaults that no template uses.%s", e.Name, pass.SuggestText(cands))
		d.Suggestions = cands
	}
}

// reportAppliedListType reports a comma_delimited_list parameter an
// environment gives a mapping, a number or a boolean: Heat splits any
// value but a list as text, and those have no split.
func reportAppliedListType(p *pass.Pass, ap pass.AppliedParameter, name, typ string) bool {
	n := ap.Value.Resolve()
	if typ != "list" || n == nil || n.IsSequence() || n.IsNull() || values.PyYAMLText(n) {
		return false
	}
	d := p.Reportf(p.T.Parameter(name).Key.Span(), rules.EnvValueType,
		"`%s` gives the comma_delimited_list parameter `%s` %s; Heat refuses the stack, as it reads such a value only from a list or comma-separated text. Change the value in the environment.",
		filepath.Base(ap.Env), name, values.DescribeNode(n))
	d.Related = []source.Related{{Path: ap.Env, Span: ap.Value.Span(), Message: "value set here"}}
	return true
}
