package pass

import (
	"heat-ls/analysis/eval"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/syntax"
	"heat-ls/schema"
)

// Evaluator is what the rules ask when they need the value of a node:
// analysis/eval under the inputs a check of one template knows. Each
// parameter takes its template default, converted to its type; one an
// environment of the workspace sets, one without a default and the
// pseudo parameters are unknown (their value depends on the stack
// created). Built when first asked and shared by every rule of the run,
// so conditions are worked out once.
func (p *Pass) Evaluator() *eval.Evaluator {
	if p.evaluator != nil {
		return p.evaluator
	}
	in := eval.Inputs{MissingUnknown: true}
	if p.T != nil {
		for _, prm := range p.T.Parameters {
			if !EnvironmentSets(p, prm.Name) {
				continue
			}
			if in.Params == nil {
				in.Params = map[string]eval.Input{}
			}
			in.Params[prm.Name] = eval.Input{
				Value:  eval.UnknownValue("<parameter " + prm.Name + ">"),
				Source: "an environment of the workspace",
			}
		}
	}
	ps, _ := eval.Parameters(p.T, in, p.Path)
	p.evaluator = eval.New(p.T, eval.Options{Version: EntryVersion(p), Params: eval.Values(ps), File: p.Path})
	return p.evaluator
}

// EnvironmentSets: an environment of the workspace gives parameter name
// a value (under parameters or parameter_defaults), so the template's
// default may never be used.
func EnvironmentSets(p *Pass, name string) bool {
	if p.Workspace == nil {
		return false
	}
	if p.Workspace.ParameterDefaulted(name) {
		return true
	}
	for _, ap := range p.Workspace.AppliedParameters() {
		if ap.Name == name {
			return true
		}
	}
	return false
}

// AnyInput is the evaluator of what no input can change: every
// parameter is unknown, so a value or condition it works out is the same
// for every stack created from the template (values.ConstCondition).
// Built when first asked, under the template's declared version (the
// newest when that is unknown).
func (p *Pass) AnyInput() *eval.Evaluator {
	if p.anyInput == nil {
		p.anyInput = AnyInputOf(p.T, EntryVersion(p), p.Path)
	}
	return p.anyInput
}

// AnyInputOf is Pass.AnyInput for a template t of version v (nil: the
// newest) outside a check run; file names t in values' origins.
func AnyInputOf(t *hot.Template, v *schema.Version, file string) *eval.Evaluator {
	return eval.New(t, eval.Options{Version: v, Params: UnknownParams(t), File: file})
}

// UnknownParams gives every parameter of t, and the pseudo parameters,
// an unknown value: what no input fixes. The map is the caller's.
func UnknownParams(t *hot.Template) map[string]eval.Value {
	ps, _ := eval.Parameters(nil, eval.Inputs{}, "") // the pseudo parameters, unknown
	params := eval.Values(ps)
	if t != nil {
		for _, prm := range t.Parameters {
			params[prm.Name] = eval.UnknownValue("<parameter " + prm.Name + ">")
		}
	}
	return params
}

// KindWithDefaults names the kind of value n works out to for a stack
// created with the template's defaults ("list", "text", "mapping"...):
// what Heat computes when stack create gives no other value. It is ""
// when that depends on an input the check does not know (a parameter
// without default or one an environment sets) or on a live stack, and
// when Heat cannot compute it at all (another check says why).
func (p *Pass) KindWithDefaults(n *syntax.Node) string {
	v := p.Evaluator().Eval(n)
	if v.Kind == eval.Unknown || v.Kind == eval.Invalid {
		return ""
	}
	return v.Kind.String()
}
