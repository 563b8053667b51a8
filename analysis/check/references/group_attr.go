package references

import (
	"strings"

	"heat-ls/analysis/check/pass"
	"heat-ls/analysis/check/resources"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/rules"
	"heat-ls/analysis/source"
	"heat-ls/analysis/syntax"
)

// groupMemberAttribute judges get_attr [GROUP, NAME] on a resource group
// whose members are of a built-in type. Besides its own attributes (refs,
// refs_map, removed_rsrc_list, attributes, show) and resource.N, the
// group answers NAME and resource.N.NAME by reading NAME from its
// members, so NAME must be an attribute of the member type: Heat builds
// the group's nested stack with outputs that read it, and refuses the
// stack at create otherwise. Members that are nested templates are judged
// against their outputs by the workspace rules. A group with no member
// builds no such outputs (QuietEmptyGroup).
func (r *refChecker) groupMemberAttribute(group *hot.Resource, attr *syntax.Node) {
	defer resources.QuietEmptyGroup(r.p, len(r.p.Diags), group)
	a := attr.Value
	name := a
	switch {
	case a == "refs", a == "refs_map", a == "removed_rsrc_list", a == "attributes", a == "show":
		return
	case strings.HasPrefix(a, "resource."):
		parts := strings.SplitN(a, ".", 3)
		if len(parts) < 3 {
			return
		}
		name = parts[2]
	}
	if name == "show" {
		return
	}
	var member string
	for _, d := range pass.ResourceDefinitions(group) {
		if d.Inner {
			member = d.TypeName
			break
		}
	}
	rt, ok := r.p.Schema.ResourceType(member)
	if !ok || rt.DynamicAttributes || rt.AcceptsAnyProperties || rt.NoOp {
		return
	}
	if _, ok := rt.Attribute(name); ok {
		return
	}
	near := nearAttributes(rt, name)
	d := r.p.ReportInf(attr.Span(), rules.UnknownAttribute, rules.GroupMemberAttribute,
		"The members of group `%s` are %s, which has no attribute `%s`; Heat refuses the group's nested stack at create.%s", group.Name, rt.Name, name, pass.DidYouMean(near))
	d.Suggestions = nil
	if len(near) > 0 && name != a {
		for _, n := range near {
			d.Suggestions = append(d.Suggestions, strings.TrimSuffix(a, name)+n)
		}
	} else {
		d.Suggestions = near
	}
	d.Related = []source.Related{{Span: group.Key.Span(), Message: "the group"}}
}
