package plugins

import (
	"heat-ls/analysis/check/pass"
	"heat-ls/analysis/check/values"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/rules"
)

// launchConfigRef: an instance group (and the AWS scaling group) finds
// its launch configuration by reference id at stack create. Before the
// stack exists a resource's reference id is its name, so a name written
// as text finds the resource, but Heat then demands the group depend on it
// (a get_resource, or depends_on), and text naming no resource is not
// found at all. An empty name leaves the group without a configuration:
// Heat fails building an instance group's members.
func launchConfigRef(pc pluginCtx) {
	pr := pc.props.Lookup("LaunchConfigurationName")
	if pr.Key == nil || pc.member != nil || pc.p.T == nil {
		return
	}
	v := pr.Value.Resolve()
	if values.IsFunctionCall(v) || !(v.IsScalar() || v.IsNull()) {
		return
	}
	if v.IsNull() || v.Value == "" {
		if pc.typ == "OS::Heat::InstanceGroup" {
			pc.p.Reportf(values.ValueSpan(pr.Value, pr.Key), rules.ResourcePropertyConflict,
				"`LaunchConfigurationName` is empty, so the group has no launch configuration to build its members from; Heat fails at stack create. Write `{get_resource: NAME}` of an AWS::AutoScaling::LaunchConfiguration.")
		}
		return
	}
	conf := pc.p.T.Resource(v.Value)
	switch {
	case conf == nil:
		pc.p.Reportf(v.Span(), rules.ResourcePropertyConflict,
			"`LaunchConfigurationName` names `%s`, which is no resource of this template; Heat cannot find the launch configuration at stack create. Write `{get_resource: NAME}`.", v.Value)
	case !dependsOn(pc.p.T, pc.r, conf.Name):
		d := pc.p.Reportf(v.Span(), rules.ResourcePropertyConflict,
			"`LaunchConfigurationName` names `%s` as text; Heat wants a reference to it (the group must depend on it) and refuses it at stack create. Write `{get_resource: %s}`.", v.Value, v.Value)
		d.Suggestions = []string{"{get_resource: " + v.Value + "}"}
	}
}

// dependsOn reports whether resource r depends on the resource named
// name: through depends_on, or a get_resource or get_attr of it.
func dependsOn(t *hot.Template, r *hot.Resource, name string) bool {
	for _, d := range r.DependsOn {
		if d.Value == name {
			return true
		}
	}
	for _, c := range t.Calls {
		if c.Context != hot.InResource || c.Owner == nil || c.Owner.Key != r.Key {
			continue
		}
		if target := pass.ReferencedResource(c); target != nil && target.Value == name {
			return true
		}
	}
	return false
}
