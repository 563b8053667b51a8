package check

import (
	"path/filepath"

	"heat-ls/analysis/source"
)

// checkAppliedParameters reports parameters that applied environments
// set under "parameters" although the template does not declare them.
// The diagnostic sits on the template's parameters section (or its
// version line) and points at the environment's entry.
func checkAppliedParameters(p *Pass) {
	if p.Workspace == nil {
		return
	}
	applied := p.Workspace.AppliedParameters()
	if len(applied) == 0 {
		return
	}
	at := source.Span{}
	if e := p.T.Section("parameters"); e != nil {
		at = e.Key.Span
	} else if p.T.Version != nil {
		at = p.T.Version.Key.Span
	}
	for _, ap := range applied {
		if p.T.Parameter(ap.Name) != nil {
			continue
		}
		var names []string
		for _, prm := range p.T.Parameters {
			names = append(names, prm.Name)
		}
		cands := wsNearest(ap.Name, names, 3)
		d := p.Errorf(at, codeEnvUnknownParam,
			"The environment %s sets the parameter %q, which this template does not declare%s; Heat refuses the stack. Declare the parameter, remove it from the environment, or move it under parameter_defaults there.",
			filepath.Base(ap.Env), ap.Name, wsDidYouMean(cands))
		d.Related = []source.Related{{Path: ap.Env, Span: ap.Span, Message: "set here"}}
		d.Data = map[string]string{"parameter": ap.Name, "environment": ap.Env}
	}
}
