package check

import (
	"heat-ls/analysis/source"
	"heat-ls/analysis/syntax"
	"heat-ls/schema"
)

// Rule ids of the checks that depend on the Heat release heat-ls judges
// for (the heatRelease setting). Each is backed by Heat's recorded verdict
// in every release (testdata/release-cases).
//
//	id                                   severity  Heat phase  meaning
//	resource-type-too-new                error     validate    a type the target release lacks; a later release adds it
//	resource-type-no-op                  warning   –           a type the target release turned into a stub: Heat accepts it, creates nothing, every attribute is null
//	parameter-custom-constraint-removed  error     create      a custom constraint the target release no longer registers (its service was retired)
//	parameter-custom-constraint-too-new  error     create      a custom constraint a later release adds
//	provider-net-segmentation-id         error     create      segmentation_id with a network_type that release's ProviderNet refuses it for
//	provider-net-physical-network        error     create      physical_network with vxlan, gre, geneve or local (from 2025.1)
//	subnet-gateway-ip-invalid            error     create      a gateway_ip that is no IP address ("auto" only from 2026.1)
//	octavia-listener-target-missing      error     create      an Octavia listener with neither loadbalancer nor default_pool (before 2024.1)
//	manila-nova-network-removed          error     create      nova_network on a Manila share network (from 2024.2)
const (
	codeResourceTypeTooNew           = "resource-type-too-new"
	codeResourceTypeNoOp             = "resource-type-no-op"
	codeParameterCustomRemoved       = "parameter-custom-constraint-removed"
	codeParameterCustomTooNew        = "parameter-custom-constraint-too-new"
	codeProviderNetSegmentationID    = "provider-net-segmentation-id"
	codeProviderNetPhysicalNetwork   = "provider-net-physical-network"
	codeSubnetGatewayIPInvalid       = "subnet-gateway-ip-invalid"
	codeOctaviaListenerTargetMissing = "octavia-listener-target-missing"
	codeManilaNovaNetworkRemoved     = "manila-nova-network-removed"
)

// reportTooNew reports a type the target release lacks but a later one
// adds, and says whether it did.
func reportTooNew(p *Pass, tn *syntax.Node, name string) bool {
	rel, ok := p.Schema.TypeArrival(name)
	if !ok {
		return false
	}
	p.Errorf(tn.Span, codeResourceTypeTooNew,
		"`%s` arrives in %s; %s, which heat-ls judges for, does not have it and refuses the template.",
		name, rel, p.Schema.HeatVersion())
	return true
}

// isNoOpStub tells a type whose service was retired, kept as a hidden
// stub, from OS::Heat::None, which is a no-op on purpose.
func isNoOpStub(rt *schema.ResourceType) bool { return rt.NoOp && rt.Hidden() }

// reportNoOp warns that a type does nothing in the target release. Heat
// accepts any properties there, so they are not checked.
func reportNoOp(p *Pass, tn *syntax.Node, rt *schema.ResourceType) {
	since := "this release"
	if rel, ok := p.Schema.NoOpSince(rt.Name); ok {
		since = rel.String()
		if rel.Index == 0 {
			since += " or earlier"
		}
	}
	msg := "`%s` does nothing since %s: the service behind it was retired, so Heat accepts the resource but creates nothing, and every get_attr on it is null."
	if repl := hiddenTypeReplacement(rt.Name); repl != "" {
		msg += " Use " + repl + " instead."
	}
	d := p.Warnf(tn.Span, codeResourceTypeNoOp, msg, tn.Value, since)
	d.Tags = []source.Tag{source.TagDeprecated}
}

// customConstraintGone reports a parameter's custom constraint that the
// target release does not register but another release does, and says
// whether it did.
func customConstraintGone(p *Pass, arg *syntax.Node, param string) bool {
	if rel, ok := p.Schema.CustomConstraintRemoved(arg.Value); ok {
		p.Errorf(arg.Span, codeParameterCustomRemoved,
			"%s removed the custom constraint `%s` with its retired service; heat-ls judges for %s, where any value for `%s` fails at stack create. Remove the constraint.",
			rel, arg.Value, p.Schema.HeatVersion(), param)
		return true
	}
	if rel, ok := p.Schema.CustomConstraintAdded(arg.Value); ok {
		p.Errorf(arg.Span, codeParameterCustomTooNew,
			"The custom constraint `%s` arrives in %s; on %s, which heat-ls judges for, any value for `%s` fails at stack create.",
			arg.Value, rel, p.Schema.HeatVersion(), param)
		return true
	}
	return false
}

// fieldArrives names the later release that adds the key name to the
// field owner o (a type's properties, or a nested map property of the type
// being checked), or "".
func (rc *resourceChecker) fieldArrives(o fieldOwner, name string) string {
	rt := rc.rt
	if rt == nil || rt.UserFile != "" || rc.p.Schema.Release() == nil {
		return ""
	}
	path := name
	if o.rt == nil {
		prefix, ok := propertyPathOf(rt, o.prop)
		if !ok {
			return ""
		}
		path = prefix + "." + name
	}
	cur := rc.p.Schema.Release()
	for _, c := range rc.p.Schema.PropertyHistory(rt.Name, path) {
		if c.What == "added" && c.Release.Index > cur.Index {
			return c.Release.String()
		}
	}
	return ""
}

// propertyPathOf finds the dotted path ("block_device_mapping_v2.*") of a
// nested property schema within a type, by identity.
func propertyPathOf(rt *schema.ResourceType, target *schema.Property) (string, bool) {
	var walk func(p *schema.Property, path string, depth int) (string, bool)
	walk = func(p *schema.Property, path string, depth int) (string, bool) {
		if p == nil || depth > 8 {
			return "", false
		}
		if p == target {
			return path, true
		}
		if got, ok := walk(p.Item, path+".*", depth+1); ok {
			return got, true
		}
		for n, f := range p.Fields {
			if got, ok := walk(f, path+"."+n, depth+1); ok {
				return got, true
			}
		}
		return "", false
	}
	for n, p := range rt.Properties() {
		if got, ok := walk(p, n, 0); ok {
			return got, true
		}
	}
	return "", false
}
