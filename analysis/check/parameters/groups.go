package parameters

import (
	"heat-ls/analysis/check/pass"
	"heat-ls/analysis/check/values"
	"heat-ls/analysis/rules"
	"heat-ls/analysis/source"
	"heat-ls/analysis/syntax"
)

// CheckParameterGroups checks parameter_groups items: mappings whose
// parameters list names declared parameters, each in one group only. A
// section that is not a list is the structure rules' to report.
func CheckParameterGroups(p *pass.Pass) {
	if p.T == nil {
		return
	}
	sec := p.T.Section("parameter_groups")
	if sec == nil || !sec.Value.Resolve().IsSequence() {
		return
	}
	names := make([]string, 0, len(p.T.Parameters))
	for _, prm := range p.T.Parameters {
		names = append(names, prm.Name)
	}
	v := pass.EntryVersion(p)
	first := map[string]*syntax.Node{}
	for _, item := range sec.Value.Resolve().Items() {
		body := item.Resolve()
		if !body.IsMapping() {
			p.Reportf(item.Span(), rules.ParameterGroupNotMapping,
				"Each parameter group must be a mapping with `label`, `description` and `parameters`, not %s.", values.DescribeNode(body))
			continue
		}
		pf := body.Lookup("parameters")
		if pf.Key == nil || pf.Value.Resolve().IsNull() {
			// Heat requires the list in every group, empty or not.
			sp := item.Span()
			if pf.Key != nil {
				sp = pf.Key.Span()
			}
			p.Reportf(sp, rules.ParameterGroupParametersInvalid,
				"This parameter group has no `parameters` list; Heat refuses a group without one. Add `parameters: [name, ...]`.")
			continue
		}
		list := pf.Value.Resolve()
		if !list.IsSequence() {
			p.Reportf(values.ValueSpan(pf.Value, pf.Key), rules.ParameterGroupParametersInvalid,
				"The `parameters` of a group must be a list of parameter names, not %s.", values.DescribeNode(list))
			continue
		}
		for _, n := range list.Items() {
			n = n.Resolve()
			if !n.IsScalar() || n.IsNull() {
				p.Reportf(n.Span(), rules.ParameterGroupParametersInvalid, "A group lists parameter names; %s is not one.", values.DescribeNode(n))
				continue
			}
			if p.T.Parameter(n.Value) == nil && (v == nil || !v.IsPseudoParameter(n.Value)) {
				near := pass.NearestNames(n.Value, names, 3)
				d := p.Reportf(n.Span(), rules.ParameterGroupUnknownParameter,
					"The group names `%s`, which is not a parameter of this template; Heat refuses it.%s", n.Value, pass.SuggestText(near))
				d.Suggestions = near
				continue
			}
			if prev, ok := first[n.Value]; ok {
				d := p.Reportf(n.Span(), rules.ParameterGroupDuplicateParameter,
					"Parameter `%s` is already in a group; Heat allows each parameter in one group only. Remove this entry.", n.Value)
				d.Related = []source.Related{{Span: prev.Span(), Message: "first listed here"}}
				continue
			}
			first[n.Value] = n
		}
	}
}
