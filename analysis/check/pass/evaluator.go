package pass

import "heat-ls/analysis/eval"

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
