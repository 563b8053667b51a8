package workspace

import (
	"heat-ls/analysis/check/pass"
	"heat-ls/analysis/check/resources"
	"heat-ls/analysis/check/values"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/syntax"
)

// Names grow with nesting: Heat validates every nested stack it builds
// down to the last level, and names each after the stack holding it and
// the resource that makes it ("<parent>-<resource>"); a resource group's
// member stack adds the member's name ("0" for the first, the one
// validated). So a nested template's resource whose name alone fits may
// still make a stack name longer than 255 characters once the names on
// the way are counted, even under a one-letter top stack name (the
// oracle: a group's member template holding a resource of 250 letters is
// refused). Only steps that certainly build a stack are followed: a
// template resource with neither condition nor external_id, a resource
// group's member template at a literal size above zero (or none given),
// and an autoscaling group's own stack and, at a literal size above zero,
// its members' (named with 12-character ids); a nested template's parameters may be given other values by
// its parent, so nothing that hangs on them is followed.

// maxStackNameLen is the longest stack name Heat takes.
const maxStackNameLen = 255

// autoscalingMemberNameLen is the length of an autoscaling group's member
// names: Heat makes a 12-character id for each.
const autoscalingMemberNameLen = 12

// tooLongNested is the first nested stack, under the resource of the
// checked template, whose name is too long for any top stack name.
type tooLongNested struct {
	resource, template string
	length             int
}

// nestedNameTooLong walks the templates r certainly nests and returns
// the first stack whose name cannot fit, if any.
func nestedNameTooLong(p *pass.Pass, r *hot.Resource) *tooLongNested {
	if p.Workspace == nil || p.Path == "" {
		return nil
	}
	base := len("a-") + len(r.Name)
	var t pass.NestedTemplate
	ok := false
	switch {
	case r.Type == "OS::Heat::ResourceGroup":
		for _, d := range pass.ResourceDefinitions(r)[1:] {
			if t, ok = nestedStep(p, p.Path, "", d.TypeName); ok {
				ok = resources.GroupBuildsMember(p, r)
				base += len("-0")
			}
		}
	case r.Type == "OS::Heat::AutoScalingGroup":
		for _, d := range pass.ResourceDefinitions(r)[1:] {
			if t, ok = nestedStep(p, p.Path, "", d.TypeName); ok {
				n, known := resources.AutoscalingSize(p, r)
				ok = known && n > 0
				base += len("-") + autoscalingMemberNameLen
			}
		}
	case !builtinType(p, r.Type):
		t, ok = nestedStep(p, p.Path, r.Name, r.Type)
	}
	// the outlines first: they overcount (every step taken), and the full
	// parse is wanted only when some name could be too long
	if !ok || !outlineNamesLong(p, t, base, map[string]bool{p.Path: true}) {
		return nil
	}
	return walkNestedNames(p, t, base, map[string]bool{p.Path: true})
}

// outlineNamesLong reports whether some stack nested in t (whose own name
// has at least length characters) may have a name too long, following
// every template and group the outlines show.
func outlineNamesLong(p *pass.Pass, t pass.NestedTemplate, length int, visited map[string]bool) bool {
	if visited[t.Path] || len(visited) > maxNestingWalk || t.Outline == nil {
		return false
	}
	visited[t.Path] = true
	for _, q := range t.Outline.Resources {
		own := length + len("-") + len(q.Name)
		for i, d := range q.Definitions {
			if !d.HasType || d.TypeName == "" || i == 0 && q.Type == "OS::Heat::ResourceGroup" {
				continue
			}
			if i > 0 || !builtinType(p, d.TypeName) {
				name := q.Name
				if d.Inner {
					name = ""
				}
				step := len("-0")
				if q.Type == "OS::Heat::AutoScalingGroup" {
					step = len("-") + autoscalingMemberNameLen
				}
				next, ok := nestedStep(p, t.Path, name, d.TypeName)
				if ok && (own > maxStackNameLen || outlineNamesLong(p, next, own+step, visited)) {
					return true
				}
			}
		}
		if (q.Type == "OS::Heat::ResourceGroup" || q.Type == "OS::Heat::AutoScalingGroup") && own > maxStackNameLen {
			return true
		}
	}
	return false
}

// walkNestedNames looks at the stacks nested template t (whose own stack
// name has at least length characters) certainly builds.
func walkNestedNames(p *pass.Pass, t pass.NestedTemplate, length int, visited map[string]bool) *tooLongNested {
	if visited[t.Path] || len(visited) > maxNestingWalk || t.Full == nil {
		return nil
	}
	visited[t.Path] = true
	doc := t.Full()
	if doc == nil || doc.Template == nil {
		return nil
	}
	for _, q := range doc.Template.Resources {
		if q.Key == nil || !values.PyYAMLText(q.Key) || q.Field("condition").Key != nil || q.Field("external_id").Key != nil {
			continue
		}
		if fault, _ := stackNameFault(q.Name); fault != "" {
			continue // reported in that template itself
		}
		own := length + len("-") + len(q.Name)
		var next pass.NestedTemplate
		member, memberLen := false, len("-0")
		switch {
		case q.Type == "OS::Heat::ResourceGroup" && literalGroupMember(q):
			for _, d := range pass.ResourceDefinitions(q)[1:] {
				next, member = nestedStep(p, t.Path, "", d.TypeName)
			}
		case q.Type == "OS::Heat::AutoScalingGroup":
			// its own stack always; its members' at a literal size
			memberLen = len("-") + autoscalingMemberNameLen
			for _, d := range pass.ResourceDefinitions(q)[1:] {
				if literalAutoscalingMember(q) {
					next, member = nestedStep(p, t.Path, "", d.TypeName)
				}
			}
		case q.Type != "" && !builtinType(p, q.Type):
			var ok bool
			if next, ok = nestedStep(p, t.Path, q.Name, q.Type); !ok {
				continue // not certainly a template
			}
		default:
			continue
		}
		if own > maxStackNameLen {
			return &tooLongNested{resource: q.Name, template: t.Path, length: own}
		}
		if next.Path == "" {
			continue
		}
		if member {
			own += memberLen
		}
		if found := walkNestedNames(p, next, own, visited); found != nil {
			return found
		}
	}
	return nil
}

// literalAutoscalingMember: autoscaling group r starts with a member
// whatever its template's parameters are given: a literal
// desired_capacity above zero, or else a literal min_size above zero.
func literalAutoscalingMember(r *hot.Resource) bool {
	props := resources.ResourceProperties(r)
	if props == nil {
		return false
	}
	literal := func(name string) (int, bool) {
		_, v, ok := resources.LiteralProperty(props, name)
		if !ok {
			return 0, props.Lookup(name).Key == nil || props.Get(name).Resolve().IsNull()
		}
		f, isInt, ok := values.PyNumber(v)
		return int(f), ok && isInt
	}
	if n, ok := literal("desired_capacity"); !ok || n > 0 {
		return ok
	}
	n, ok := literal("min_size")
	return ok && n > 0
}

// literalGroupMember: resource group r builds a member whatever its
// template's parameters are given: count absent, or a literal above zero.
func literalGroupMember(r *hot.Resource) bool {
	props := resources.ResourceProperties(r)
	if props == nil {
		return false
	}
	pr := props.Lookup("count")
	if pr.Key == nil {
		return true
	}
	v := pr.Value.Resolve()
	if v == nil || v.IsNull() || v.Kind != syntax.ScalarNode {
		return v == nil || v.IsNull()
	}
	f, isInt, ok := values.PyNumber(v)
	return ok && isInt && f > 0
}
