package plugins

import (
	"heat-ls/analysis/check/pass"
	"heat-ls/analysis/check/resources"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/syntax"
)

// checkMemberPlugins runs the plugin checks on the member definition of a
// ResourceGroup (resource_def) or an AutoScalingGroup (resource) of a
// built-in type. Heat validates one member when it validates the group,
// and that runs the member type's own validate() (the oracle refuses an
// AutoScalingGroup whose inline server has nothing to boot from, case
// group-member-server-without-image in testdata/difftest); a group with
// no member has none validated (QuietEmptyGroup).
func checkMemberPlugins(p *pass.Pass, checks map[string][]pluginCheck) {
	p.EachResourceAlone(func(r *hot.Resource) {
		if r.Type != "OS::Heat::ResourceGroup" && r.Type != "OS::Heat::AutoScalingGroup" || r.Field("external_id").Key != nil {
			return
		}
		defer resources.QuietEmptyGroup(p, len(p.Diags), r)
		for _, def := range pass.ResourceDefinitions(r)[1:] {
			rt, ok := p.Schema.ResourceType(def.TypeName)
			if !ok || rt.UserFile != "" || rt.NoOp || len(checks[rt.Name]) == 0 {
				continue
			}
			props := def.Properties.Resolve()
			switch {
			case def.Properties == nil || props.IsNull():
				props = &syntax.Node{Kind: syntax.MappingNode}
			case !props.IsMapping():
				continue
			}
			at := def.PropertiesKey
			if at == nil {
				at = def.Type
			}
			for _, c := range checks[rt.Name] {
				c(pluginCtx{p: p, r: r, props: props, typ: rt.Name, member: at})
			}
		}
	})
}
