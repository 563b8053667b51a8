package plugins

import (
	"strconv"

	"heat-ls/analysis/rules"
)

// neutronChecks are the checks of Neutron plugins' validate() beyond
// their property schemas.
func neutronChecks() map[string][]pluginCheck {
	return map[string][]pluginCheck{
		"OS::Neutron::SecurityGroupRule": {conflict(isSet("remote_group"), isSet("remote_ip_prefix")), securityGroupRulePorts},
		"OS::Neutron::Segment": {
			requiredWhen("network_type", []string{"flat", "vlan"}, isSet("physical_network")),
			requiredWhen("network_type", []string{"vlan"}, isSet("segmentation_id")),
			prohibitedWhen("network_type", []string{"local", "flat"}, isSet("segmentation_id")),
			prohibitedWhen("network_type", []string{"vxlan", "gre", "geneve"}, isSet("physical_network")),
			segmentVlanRange,
		},
		"OS::Neutron::SubnetPool":     {subnetPoolBounds},
		"OS::Neutron::Subnet":         {subnetIPv6ModesEqual},
		"OS::Neutron::NetworkGateway": {networkGatewayConnections},
		"OS::Neutron::RBACPolicy":     {rbacAction},
		"OS::Neutron::Quota":          {quotaSetsSomething},
	}
}

// securityGroupRulePorts: a standalone rule's port range may not be
// reversed, except for the ICMP protocols, whose two ports are a type
// and a code. (Rules written inside OS::Neutron::SecurityGroup are not
// judged by this plugin: Heat accepts them reversed.)
func securityGroupRulePorts(pc pluginCtx) {
	lo, hi := pc.scalar("port_range_min"), pc.scalar("port_range_max")
	proto := pc.scalar("protocol")
	if !proto.known || proto.is("icmp", "icmpv6", "ipv6-icmp") {
		return
	}
	l, okL := lo.number()
	h, okH := hi.number()
	if okL && okH && h < l {
		pc.p.Reportf(pc.at(lo).Span(), rules.ResourcePropertyValue,
			"port_range_min %s is above port_range_max %s; Heat refuses the rule at stack create.", lo.text, hi.text)
	}
}

// segmentVlanRange: a vlan segment's id is at most 4094.
func segmentVlanRange(pc pluginCtx) {
	id := pc.scalar("segmentation_id")
	if n, ok := id.number(); ok && n > 4094 && pc.scalar("network_type").is("vlan") {
		pc.p.Reportf(pc.at(id).Span(), rules.ResourcePropertyValue,
			"A vlan segment's segmentation_id is at most 4094; Heat refuses %s at stack create.", id.text)
	}
}

// subnetPoolBounds: min_prefixlen ≤ default_prefixlen ≤ max_prefixlen,
// each compared only when both are given and not zero.
func subnetPoolBounds(pc pluginCtx) {
	names := []string{"min_prefixlen", "default_prefixlen", "max_prefixlen"}
	var n [3]float64
	var ok [3]bool
	vals := make([]scalar, 3)
	for i, name := range names {
		vals[i] = pc.scalar(name)
		n[i], ok[i] = vals[i].number()
		ok[i] = ok[i] && n[i] != 0
	}
	for _, pair := range [][2]int{{0, 2}, {1, 2}, {0, 1}} {
		lo, hi := pair[0], pair[1]
		if ok[lo] && ok[hi] && n[lo] > n[hi] {
			pc.p.Reportf(pc.at(vals[lo]).Span(), rules.ResourcePropertyValue,
				"%s %s is above %s %s; Heat refuses the subnet pool at stack create.", names[lo], vals[lo].text, names[hi], vals[hi].text)
			return
		}
	}
}

// networkGatewayConnections: a vlan connection names its segmentation_id;
// a flat one has none (or 0).
func networkGatewayConnections(pc pluginCtx) {
	items, fields := itemsOf(pc.props, "connections", pc.property("connections"))
	for _, c := range items {
		typ := scalarOf(c, "segmentation_type", fields["segmentation_type"])
		id := scalarOf(c, "segmentation_id", fields["segmentation_id"])
		switch {
		case typ.is("vlan") && id.known && id.none && !mergesKeys(c):
			pc.p.Reportf(pc.at(typ).Span(), rules.ResourcePropertyConflict,
				"A vlan connection needs `segmentation_id`; Heat refuses the gateway at stack create without one.")
		case typ.is("flat") && id.truthy():
			pc.p.Reportf(id.at.Span(), rules.ResourcePropertyConflict,
				"A flat connection takes no `segmentation_id` (other than 0); Heat refuses the gateway at stack create.")
		}
	}
}

// rbacActions are the actions each object type takes (every release's
// union: the types a release lacks are refused by its schema first).
func rbacActions() map[string][]string {
	return map[string][]string{
		"network":        {"access_as_shared", "access_as_external"},
		"qos_policy":     {"access_as_shared"},
		"security_group": {"access_as_shared"},
		"address_scope":  {"access_as_shared"},
		"subnetpool":     {"access_as_shared"},
	}
}

// rbacAction: the action must be one the object type takes.
func rbacAction(pc pluginCtx) {
	typ, action := pc.scalar("object_type"), pc.scalar("action")
	valid, ok := rbacActions()[typ.text]
	if !typ.given() || !ok || !action.given() || action.is(valid...) {
		return
	}
	pc.p.Reportf(pc.at(action).Span(), rules.ResourcePropertyValue,
		"Object type %s takes the action %s only; Heat refuses %s at stack create.", typ.text, quoteJoin(valid), strconv.Quote(action.text))
}

// subnetIPv6ModesEqual: ipv6_ra_mode and ipv6_address_mode, when both
// are set, are the same mode.
func subnetIPv6ModesEqual(pc pluginCtx) {
	ra, addr := pc.scalar("ipv6_ra_mode"), pc.scalar("ipv6_address_mode")
	if ra.truthy() && addr.truthy() && ra.text != addr.text {
		pc.p.Reportf(pc.at(addr).Span(), rules.ResourcePropertyConflict,
			"ipv6_address_mode %s differs from ipv6_ra_mode %s; Heat refuses the subnet at stack create unless they are the same.", addr.text, ra.text)
	}
}
