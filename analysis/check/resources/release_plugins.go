package resources

import (
	"net"
	"strings"

	"heat-ls/analysis/check/pass"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/rules"
	"heat-ls/analysis/syntax"
	"heat-ls/schema"
)

// CheckReleasePlugins runs the checks some resource types make in their
// own plugin code (not in their property schema) and that changed from
// one Heat release to the next. Only literal values are judged.
func CheckReleasePlugins(p *pass.Pass) {
	if p.T == nil || p.Schema == nil {
		return
	}
	// Each check reads its resource's properties only.
	p.EachResourceAlone(func(r *hot.Resource) {
		rt, props := BuiltinResource(p, r)
		if rt == nil {
			return
		}
		switch rt.Name {
		case "OS::Neutron::ProviderNet":
			checkProviderNet(p, props)
		case "OS::Neutron::Subnet":
			checkSubnetGateway(p, props)
		case "OS::Octavia::Listener":
			checkListenerTarget(p, r, props)
		case "OS::Manila::ShareNetwork":
			checkManilaNovaNetwork(p, props)
		}
	})
}

// forEachBuiltinResource calls fn for every resource whose type is one of
// Heat's own (not a template, not a no-op stub, not adopted through
// external_id) and whose properties are a literal mapping: the resources
// whose plugin code can be judged from the template.
func forEachBuiltinResource(p *pass.Pass, fn func(r *hot.Resource, rt *schema.ResourceType, props *syntax.Node)) {
	for _, r := range p.T.Resources {
		if p.Ctx.Err() != nil {
			return
		}
		if rt, props := BuiltinResource(p, r); rt != nil {
			fn(r, rt, props)
		}
	}
}

// checkProviderNet: until 2024.1 segmentation_id was refused for any
// network type but vlan; from 2024.2 only for local and flat. From 2025.1
// physical_network is refused for vxlan, gre, geneve and local.
func checkProviderNet(p *pass.Pass, props *syntax.Node) {
	_, nt, ok := LiteralProperty(props, "network_type")
	if !ok {
		return
	}
	typ := nt.Value
	if key, set := GivenProperty(props, "segmentation_id"); set {
		if p.Schema.AtLeast("2024.2") {
			if typ == "local" || typ == "flat" {
				p.Reportf(key.Span(), rules.ProviderNetSegmentationId,
					"`segmentation_id` cannot go with network_type `%s`; Heat refuses it at stack create. Remove it, or use vlan, vxlan, gre or geneve.", typ)
			}
		} else if typ != "vlan" {
			p.Reportf(key.Span(), rules.ProviderNetSegmentationId,
				"%s takes `segmentation_id` only with network_type vlan and refuses it with `%s` at stack create (Heat 2024.2 and later accept it).",
				p.Schema.HeatVersion(), typ)
		}
	}
	if key, set := GivenProperty(props, "physical_network"); set && p.Schema.AtLeast("2025.1") {
		switch typ {
		case "vxlan", "gre", "geneve", "local":
			p.Reportf(key.Span(), rules.ProviderNetPhysicalNetwork,
				"`physical_network` cannot go with network_type `%s` from Heat 2025.1 on; %s refuses it at stack create. Remove it (tunnel networks have no physical network).",
				typ, p.Schema.HeatVersion())
		}
	}
}

// checkSubnetGateway: Heat refuses a gateway_ip that is not an address,
// except "" and "~" (no gateway) and, from 2026.1, "auto" (let Neutron
// pick the first address).
func checkSubnetGateway(p *pass.Pass, props *syntax.Node) {
	_, v, ok := LiteralProperty(props, "gateway_ip")
	if !ok {
		return
	}
	val := v.Value
	switch {
	case val == "" || val == "~" || net.ParseIP(val) != nil:
		return
	case val == "auto" && p.Schema.AtLeast("2026.1"):
		return
	case val == "auto":
		p.Reportf(v.Span(), rules.SubnetGatewayIpInvalid,
			"`gateway_ip: auto` is accepted only from Heat 2026.1; %s refuses it at stack create. Leave gateway_ip out to let Neutron pick the first address.",
			p.Schema.HeatVersion())
	default:
		p.Reportf(v.Span(), rules.SubnetGatewayIpInvalid,
			"`gateway_ip` must be an IP address (or ~ for no gateway); Heat refuses %q at stack create.", strings.TrimSpace(val))
	}
}

// checkListenerTarget: before 2024.1 an Octavia listener needed a
// loadbalancer or a default_pool (a plugin check); from 2024.1 the schema
// makes loadbalancer required, which the property rules report.
func checkListenerTarget(p *pass.Pass, r *hot.Resource, props *syntax.Node) {
	if p.Schema.AtLeast("2024.1") || MergesOtherKeys(props) {
		return
	}
	_, lb := GivenProperty(props, "loadbalancer")
	_, pool := GivenProperty(props, "default_pool")
	if lb || pool {
		return
	}
	anchor := r.Key
	if f := r.Field("properties"); f.Key != nil {
		anchor = f.Key
	}
	p.Reportf(anchor.Span(), rules.OctaviaListenerTargetMissing,
		"An Octavia listener needs `loadbalancer` or `default_pool`; Heat refuses it at stack create without either (from Heat 2024.1 `loadbalancer` is required).")
}

// checkManilaNovaNetwork: from 2024.2 Heat refuses nova_network on a
// Manila share network (Nova networking is gone).
func checkManilaNovaNetwork(p *pass.Pass, props *syntax.Node) {
	key, set := GivenProperty(props, "nova_network")
	if !set || !p.Schema.AtLeast("2024.2") {
		return
	}
	p.Reportf(key.Span(), rules.ManilaNovaNetworkRemoved,
		"%s refuses `nova_network` at stack create: Nova networking is gone. Use neutron_network and neutron_subnet.", p.Schema.HeatVersion())
}

// refusedHiddenProperty tells a hidden property that the release's plugin
// refuses outright (reported by the plugin checks above) from one Heat
// still accepts, so the two are not both said.
func refusedHiddenProperty(s *schema.Schema, typeName, name string) bool {
	return typeName == "OS::Manila::ShareNetwork" && name == "nova_network" && s.AtLeast("2024.2")
}
