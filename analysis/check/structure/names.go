package structure

import (
	"heat-ls/analysis/check/pass"
	"heat-ls/analysis/rules"
)

// CheckSharedNames reports a resource named like a parameter. Heat keeps
// parameters and resources in one namespace when it validates a stack
// (Ref and get_param / get_resource read names from both in the older
// formats), and refuses the stack when a name is in both. A resource
// whose condition is false for every input is not in the stack, so it
// clashes with nothing (rules.LeftOutResource quiets it).
func CheckSharedNames(p *pass.Pass) {
	if p.T == nil || len(p.T.Parameters) == 0 {
		return
	}
	for _, r := range p.T.Resources {
		if r.Key == nil || p.T.Parameter(r.Name) == nil {
			continue
		}
		p.Reportf(r.Key.Span(), rules.ResourceNameIsParameter,
			"Resource `%s` has the name of a parameter; Heat refuses a stack where a parameter and a resource share a name. Rename one of them.", r.Name)
	}
}
