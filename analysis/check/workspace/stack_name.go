package workspace

import (
	"heat-ls/analysis/check/pass"
	"heat-ls/analysis/check/resources"
	"heat-ls/analysis/check/values"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/rules"
	"heat-ls/analysis/syntax"
)

// At stack create Heat validates a resource that makes a nested stack (a
// template resource, a group, a chain, a load balancer...) by building
// that stack, and names it "<parent stack>-<resource name>". A stack name
// must start with an ASCII letter, hold only ASCII letters, digits, "_",
// "-" and "." and be at most 255 characters long (Python's `$` lets one
// newline end it), so a resource name with any other character makes Heat
// refuse the template, whatever the parent stack is called (the oracle:
// spaces, ":", "+", "@", tabs, inner newlines, a carriage return and
// non-ASCII letters are refused; dots, dashes, underscores, a leading
// digit, the empty name and one trailing newline are not). The parent's
// name is unknown here, so only a name too long for the shortest parent
// name (one letter and the "-") counts as too long.

// CheckNestedStackNames reports resources that make a nested stack whose
// name Heat refuses. It reads every resource at once (an identical
// definition elsewhere changes the verdict), so it is no entry-alone
// walk; the cheap test of the name comes first.
func CheckNestedStackNames(p *pass.Pass) {
	if p.T == nil {
		return
	}
	for _, r := range p.T.Resources {
		if p.Stopped() {
			return
		}
		fault, fix := stackNameFault(r.Name)
		if r.Key == nil {
			continue
		}
		if fault == "" {
			checkNestedNameLengths(p, r)
			continue
		}
		if !values.PyYAMLText(r.Key) {
			continue // a name PyYAML reads as a number or null is not this text
		}
		made := makesNestedStack(p, r)
		if made == stackNotMade {
			continue
		}
		where, end := nameContext(p.T, r, made)
		d := p.ReportInf(r.Key.Span(), rules.ResourceNameInvalid, where,
			"Heat makes a nested stack for `%s` and names it after the parent stack and this resource (`<stack>-%s`); %s, %s. Rename the resource.",
			r.Name, r.Name, fault, end)
		if fix != "" {
			d.Suggestions = []string{fix}
		}
	}
}

// checkNestedNameLengths reports resource r when a stack nested under
// it has a name too long for any top stack name.
func checkNestedNameLengths(p *pass.Pass, r *hot.Resource) {
	if p.Workspace == nil || p.Path == "" || r.Type == "" {
		return
	}
	if !isScalingGroup(r.Type) && builtinType(p, r.Type) || makesNestedStack(p, r) != stackMade {
		return // the cheap tests first: only templates are walked
	}
	long := nestedNameTooLong(p, r)
	if long == nil {
		return
	}
	where, end := nameContext(p.T, r, stackMade)
	p.ReportInf(r.Key.Span(), rules.ResourceNameInvalid, where,
		"Heat names each stack nested under `%s` after the stack holding it and the resource making it; the stack it makes for `%s` of the nested template `%s` has a name of at least %d characters even under a one-letter top stack name, and a stack name is at most 255 characters long, %s. Shorten the names on the way.",
		r.Name, long.resource, wsShortPath(long.template), long.length, end)
}

// isScalingGroup: a group type whose member template the name walk
// follows.
func isScalingGroup(typeName string) bool {
	return typeName == "OS::Heat::ResourceGroup" || typeName == "OS::Heat::AutoScalingGroup"
}

// nameContext is the context of a nested stack name's refusal on r,
// which makes its stack as made says, and the end of the message saying
// when Heat refuses it.
func nameContext(t *hot.Template, r *hot.Resource, made stackMaking) (where, end string) {
	switch {
	case definitionRepeated(t, r):
		return rules.NestedStackNameRepeated, "so Heat refuses the template when it validates this resource; another resource has the same definition and Heat validates only one of them, which one depending on the run"
	case made == stackMaybeMade:
		return rules.NestedStackNameUnsure, "so Heat refuses the template at stack create whenever the group's size is above zero (at size zero it makes no nested stack)"
	}
	return rules.NestedStackName, "so Heat refuses the template at stack create"
}

// stackMaking says whether Heat builds a nested stack for a resource
// when it validates the template at create.
type stackMaking int

const (
	stackNotMade stackMaking = iota
	stackMade
	// stackMaybeMade: a resource group whose size heat-ls cannot tell.
	stackMaybeMade
)

// makesNestedStack says whether Heat builds a nested stack for r when
// it validates the template at create: a template resource, or a type
// whose plugin is a nested stack. A group of size zero builds none, and
// neither does a resource Heat skips (external_id, a condition false for
// every input).
func makesNestedStack(p *pass.Pass, r *hot.Resource) stackMaking {
	if r.Field("external_id").Key != nil {
		return stackNotMade
	}
	if f := r.Field("condition"); f.Key != nil && pass.FalseForEveryInput(p.AnyInput(), f.Value) {
		return stackNotMade
	}
	if r.TypeNode == nil || r.Type == "" {
		return stackNotMade
	}
	switch r.Type {
	case "OS::Heat::AutoScalingGroup", "OS::Heat::InstanceGroup", "AWS::AutoScaling::AutoScalingGroup",
		"AWS::ElasticLoadBalancing::LoadBalancer", "AWS::CloudFormation::Stack", "OS::Heat::ResourceChain":
		return stackMade
	case "OS::Heat::ResourceGroup":
		switch n, known := resources.GroupSize(p, r); {
		case known && n != 0:
			return stackMade
		case !known && resources.ResourceProperties(r) != nil:
			return stackMaybeMade
		}
		return stackNotMade
	case "OS::Heat::SoftwareDeploymentGroup", "OS::Heat::SoftwareDeployments",
		"OS::Heat::StructuredDeploymentGroup", "OS::Heat::StructuredDeployments":
		props := resources.ResourceProperties(r)
		servers := props.Get("servers").Resolve()
		return madeIf(props != nil && servers.IsMapping() && servers.NumPairs() > 0 && !values.IsFunctionCall(servers))
	}
	if resources.IsTemplatePath(r.Type) {
		return stackMade
	}
	if p.Schema == nil || p.Workspace == nil {
		return stackNotMade
	}
	if _, builtIn := p.Schema.ResourceType(r.Type); builtIn {
		return stackNotMade // an environment may map it to a template, or not
	}
	nt := p.Workspace.NestedTemplates(p.Path, r.Name, r.Type)
	return madeIf(nt.Mapped && !nt.Opaque && len(nt.Templates) > 0)
}

// madeIf is stackMade when made holds.
func madeIf(made bool) stackMaking {
	if made {
		return stackMade
	}
	return stackNotMade
}

// definitionRepeated reports whether another resource of t has r's
// definition (its body but for the description): Heat validates one
// resource of each distinct definition only. Values are compared as
// written, which may find more repeats than Heat does, never fewer.
func definitionRepeated(t *hot.Template, r *hot.Resource) bool {
	for _, o := range t.Resources {
		if o != r && o.Type == r.Type && sameDefinition(r.Value.Resolve(), o.Value.Resolve()) {
			return true
		}
	}
	return false
}

// sameDefinition compares two resource bodies, leaving description out.
func sameDefinition(a, b *syntax.Node) bool {
	if !a.IsMapping() || !b.IsMapping() {
		return false
	}
	keep := func(m *syntax.Node) map[string]*syntax.Node {
		out := map[string]*syntax.Node{}
		for _, pr := range m.Pairs() {
			if pr.Key.Value != "description" {
				out[pr.Key.Value] = pr.Value
			}
		}
		return out
	}
	ka, kb := keep(a), keep(b)
	if len(ka) != len(kb) {
		return false
	}
	for k, v := range ka {
		w, ok := kb[k]
		if !ok || !sameText(v, w, 0) {
			return false
		}
	}
	return true
}

// sameText compares two values by their shape and scalar texts.
func sameText(a, b *syntax.Node, depth int) bool {
	a, b = a.Resolve(), b.Resolve()
	if a == nil || b == nil || depth > values.MaxValueDepth {
		return a == b
	}
	if a.Kind != b.Kind || a.Value != b.Value {
		return false
	}
	ka, kb := a.Children(), b.Children()
	if len(ka) != len(kb) {
		return false
	}
	for i := range ka {
		if !sameText(ka[i], kb[i], depth+1) {
			return false
		}
	}
	return true
}
