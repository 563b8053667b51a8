package workspace

import (
	"slices"
	"strings"

	"heat-ls/analysis/check/pass"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/rules"
	"heat-ls/analysis/syntax"
)

// CheckNestedAttributes checks get_attr on resources whose type is a
// nested template: the attribute must be one of its outputs or an
// attribute every stack resource has. Each call is judged alone: the
// resource it reads is looked up through Pass.OtherResource, so an edit
// of that resource judges the call again.
func CheckNestedAttributes(p *pass.Pass) {
	if p.Workspace == nil {
		return
	}
	p.EachCallOfAlone("get_attr", func(_ int, c *hot.Call) { checkNestedAttribute(p, c) })
}

// checkNestedAttribute judges one get_attr call c.
func checkNestedAttribute(p *pass.Pass, c *hot.Call) {
	args := c.Args.Resolve()
	if !args.IsSequence() || len(args.Items()) < 2 {
		return
	}
	resNode, attrNode := args.Items()[0].Resolve(), args.Items()[1].Resolve()
	if !resNode.IsScalar() || !attrNode.IsScalar() || attrNode.Tag() != "!!str" {
		return
	}
	r := p.OtherResource(resNode.Value)
	if r == nil || r.Type == "" {
		return
	}
	if checkGroupMemberAttribute(p, r, args) {
		return
	}
	nt := p.Workspace.NestedTemplates(p.Path, r.Name, r.Type)
	if !nt.Mapped || nt.Opaque || len(nt.Templates) == 0 {
		return
	}
	attr := attrNode.Value
	if IsStackBuiltinAttribute(attr) || slices.Contains(nestedOutputNames(nt.Templates), attr) {
		return
	}
	cands := wsNearest(attr, nestedOutputNames(nt.Templates), 3)
	d := p.Reportf(attrNode.Span(), rules.NestedUnknownAttribute,
		"`%s` is not an output of the nested template %s used by resource `%s`.%s Use one of its outputs (or `show`, `OS::stack_id`, `resource.NAME`), or add the output to that template. Heat accepts the template; reading the attribute fails once the stack runs.",
		attr, wsTemplateNames(nt.Templates), r.Name, pass.SuggestText(cands))
	d.Suggestions = cands
}

// IsStackBuiltinAttribute reports whether attr is available on every
// resource backed by a nested stack whatever its outputs: "show", the
// nested stack's id "OS::stack_id", and "resource.NAME[.ATTR...]" which
// reaches into the nested stack's own resources.
func IsStackBuiltinAttribute(attr string) bool {
	return attr == "show" || attr == "OS::stack_id" || strings.HasPrefix(attr, "resource.")
}

// wsString returns a plain string scalar's value.
func wsString(n *syntax.Node) (string, bool) {
	n = n.Resolve()
	if !n.IsScalar() || n.Tag() != "!!str" {
		return "", false
	}
	return n.Value, true
}

// checkGroupMemberAttribute checks get_attr on a group whose members are
// nested templates, where the attribute read from the members must be one
// of their outputs: [group, NAME] and [group, attributes, NAME] on a
// ResourceGroup, [group, outputs|outputs_list, NAME] on an
// AutoScalingGroup, and "resource.N.NAME" (or [group, resource.N, NAME])
// on both. It returns true when r is such a group (checked or not).
func checkGroupMemberAttribute(p *pass.Pass, r *hot.Resource, args *syntax.Node) bool {
	var groupAttrs map[string]bool
	switch r.Type {
	case "OS::Heat::ResourceGroup":
		groupAttrs = map[string]bool{"refs": true, "refs_map": true, "removed_rsrc_list": true, "show": true}
	case "OS::Heat::AutoScalingGroup":
		groupAttrs = map[string]bool{"current_size": true, "refs": true, "refs_map": true, "show": true}
	default:
		return false
	}
	first := args.Items()[1].Resolve()
	var member *syntax.Node
	name := ""
	second := func() {
		if len(args.Items()) > 2 {
			if n := args.Items()[2].Resolve(); n.IsScalar() && n.Tag() == "!!str" {
				member, name = n, n.Value
			}
		}
	}
	switch a := first.Value; {
	case groupAttrs[a]:
		return true
	case strings.HasPrefix(a, "resource."):
		if parts := strings.SplitN(a, ".", 3); len(parts) == 3 {
			member, name = first, parts[2]
		} else {
			second()
		}
	case r.Type == "OS::Heat::ResourceGroup" && a == "attributes",
		r.Type == "OS::Heat::AutoScalingGroup" && (a == "outputs" || a == "outputs_list"):
		second()
	case r.Type == "OS::Heat::ResourceGroup":
		member, name = first, a
	default:
		return true // other rules judge the group's own attributes
	}
	if member == nil || name == "" || IsStackBuiltinAttribute(name) {
		return true
	}
	var def *pass.Definition
	for _, d := range pass.ResourceDefinitions(r) {
		if d.Inner {
			def = &d
			break
		}
	}
	if def == nil {
		return true
	}
	nt := p.Workspace.NestedTemplates(p.Path, "", def.TypeName)
	if !nt.Mapped || nt.Opaque || len(nt.Templates) == 0 {
		return true
	}
	outs := nestedOutputNames(nt.Templates)
	for _, o := range outs {
		if o == name {
			return true
		}
	}
	cands := wsNearest(name, outs, 3)
	d := p.Reportf(member.Span(), rules.NestedUnknownAttribute,
		"`%s` is not an output of %s, the member template of group `%s`.%s Use one of its outputs, or add the output to that template.",
		name, wsTemplateNames(nt.Templates), r.Name, pass.SuggestText(cands))
	d.Suggestions = cands
	return true
}
