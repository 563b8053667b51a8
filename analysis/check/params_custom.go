package check

import (
	"slices"

	"heat-ls/schema"
)

// knownCustomConstraints is every custom constraint name Heat registers:
// the names its resource types use (read from the schema, which also
// carries the user's own types) plus those only parameters use, which
// Heat's plugins register too. Built once per run, only when a parameter
// has a custom_constraint.
func knownCustomConstraints(s *schema.Schema) map[string]bool {
	names := map[string]bool{}
	for _, n := range heatRegisteredConstraints() {
		names[n] = true
	}
	if s == nil {
		return names
	}
	for _, tn := range s.ResourceTypes() {
		rt, ok := s.ResourceType(tn)
		if !ok {
			continue
		}
		for _, prop := range rt.Properties() {
			collectCustomNames(prop, names, 0)
		}
	}
	return names
}

// isKnownCustomConstraint reports whether name is a known custom
// constraint. Heat's own registrations are looked at first, so the full
// set (which walks every resource type's properties) is only built for
// other names.
func isKnownCustomConstraint(name string, all func() map[string]bool) bool {
	return slices.Contains(heatRegisteredConstraints(), name) || all()[name]
}

func collectCustomNames(p *schema.Property, names map[string]bool, depth int) {
	if p == nil || depth > 16 {
		return
	}
	for _, c := range p.Constraints {
		if c.Kind == schema.ConstraintCustom && c.Custom != "" {
			names[c.Custom] = true
		}
	}
	collectCustomNames(p.Item, names, depth+1)
	for _, f := range p.Fields {
		collectCustomNames(f, names, depth+1)
	}
}

// heatRegisteredConstraints lists constraint names Heat's plugins register
// (its heat.constraints entry points), including those no resource type
// property uses.
func heatRegisteredConstraints() []string {
	return []string{
		"cron_expression", "dns_domain", "dns_name", "expiration", "rel_dns_name",
		"ip_addr", "iso_8601", "mac_addr", "net_cidr", "test_constr", "timezone",
		"barbican.container", "barbican.secret", "cinder.backup", "cinder.snapshot",
		"cinder.volume", "cinder.vtype", "cinder.qos_specs", "designate.domain", "designate.zone",
		"glance.image", "heat.resource_type", "keystone.domain", "keystone.group",
		"keystone.project", "keystone.region", "keystone.role", "keystone.service",
		"keystone.user", "magnum.baymodel", "magnum.cluster_template", "manila.share_network",
		"manila.share_snapshot", "manila.share_type", "mistral.workflow",
		"monasca.notification", "neutron.address_scope", "neutron.lbaas.listener",
		"neutron.lbaas.loadbalancer", "neutron.lbaas.pool", "neutron.lbaas.provider",
		"neutron.lb.provider", "neutron.network", "neutron.port", "neutron.qos_policy",
		"neutron.router", "neutron.security_group", "neutron.subnet", "neutron.subnetpool",
		"nova.flavor", "nova.host", "nova.keypair", "nova.network", "nova.server",
		"sahara.image", "sahara.plugin", "senlin.cluster", "senlin.policy_type",
		"senlin.profile", "senlin.profile_type", "trove.flavor",
	}
}
