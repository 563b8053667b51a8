package check

import (
	"strings"

	"heat-ls/analysis/syntax"
)

// checkNestedAttributes checks get_attr on resources whose type is a
// nested template: the attribute must be one of its outputs or an
// attribute every stack resource has.
func checkNestedAttributes(p *Pass) {
	if p.Workspace == nil {
		return
	}
	for _, c := range p.T.Calls {
		if c.Name != "get_attr" {
			continue
		}
		args := c.Args.Resolve()
		if !args.IsSequence() || len(args.Items) < 2 {
			continue
		}
		resNode, attrNode := args.Items[0].Resolve(), args.Items[1].Resolve()
		if !resNode.IsScalar() || !attrNode.IsScalar() || attrNode.Tag != "!!str" {
			continue
		}
		r := p.T.Resource(resNode.Value)
		if r == nil || r.Type == "" {
			continue
		}
		nt := p.Workspace.NestedTemplates(p.Path, r.Name, r.Type)
		if !nt.Mapped || nt.Opaque || len(nt.Templates) == 0 {
			continue
		}
		attr := attrNode.Value
		if IsStackBuiltinAttribute(attr) {
			continue
		}
		outs := nestedOutputNames(nt.Templates)
		found := false
		for _, o := range outs {
			if o == attr {
				found = true
				break
			}
		}
		if found {
			continue
		}
		cands := wsNearest(attr, outs, 3)
		d := p.Errorf(attrNode.Span, codeNestedUnknownAttr,
			"%q is not an output of the nested template %s used by resource %q%s. Use one of its outputs (or show, OS::stack_id, resource.NAME), or add the output to that template.",
			attr, wsTemplateNames(nt.Templates), r.Name, wsDidYouMean(cands))
		d.Suggestions = cands
	}
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
	if !n.IsScalar() || n.Tag != "!!str" {
		return "", false
	}
	return n.Value, true
}
