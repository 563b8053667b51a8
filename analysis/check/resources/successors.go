package resources

import (
	"strings"

	"heat-ls/schema"
)

// A hidden property is still accepted by Heat but no longer documented;
// its warning says what to write instead. Most hidden properties are
// "<thing>_id" ones retired in favour of "<thing>" (which takes a name or
// an id), found by renamedProperty. hiddenSuccessor adds the known cases
// that rule cannot see: a successor with another name, or none at all.
// A hidden or deprecated type's warning likewise names its replacement
// (hiddenTypeReplacement) or passes on Heat's own advice (statusAdvice).

// hiddenSuccessorEntry is one known hidden property of a resource type:
// its successor, or, when there is none, advice saying so.
type hiddenSuccessorEntry struct {
	Successor string
	advice    string
}

// KnownHiddenSuccessor is the explicit table, keyed by type and property.
func KnownHiddenSuccessor(typeName, prop string) (hiddenSuccessorEntry, bool) {
	switch typeName + "." + prop {
	case "OS::Heat::RandomString.sequence":
		return hiddenSuccessorEntry{Successor: "character_classes"}, true
	case "OS::Cinder::Volume.imageRef":
		return hiddenSuccessorEntry{Successor: "image"}, true
	case "OS::Neutron::Router.l3_agent_id":
		return hiddenSuccessorEntry{Successor: "l3_agent_ids"}, true
	case "OS::Sahara::Cluster.image":
		return hiddenSuccessorEntry{Successor: "default_image_id"}, true
	case "OS::Cinder::Volume.multiattach":
		return hiddenSuccessorEntry{advice: "It has no property successor: whether a volume can be attached to several servers now comes from its volume type, so pick a `volume_type` that allows it."}, true
	case "OS::Nova::Server.admin_user":
		return hiddenSuccessorEntry{advice: "It has no successor: Heat no longer creates that user; create users through `user_data` (for example cloud-init) instead."}, true
	case "OS::Neutron::Port.replacement_policy":
		return hiddenSuccessorEntry{advice: "It has no successor and no effect any more; remove it."}, true
	}
	return hiddenSuccessorEntry{}, false
}

// hiddenSuccessor returns the visible property that replaces hidden
// property name of typeName ("" when unknown or there is none) and the
// advice sentence for the warning (starting with a space, or "" to keep
// the support status's own advice). fields are the properties at the
// same level; typeName is "" below the top level.
func hiddenSuccessor(typeName, name string, fields map[string]*schema.Property) (successor, advice string) {
	if e, ok := KnownHiddenSuccessor(typeName, name); ok {
		if e.Successor == "" {
			return "", " " + e.advice
		}
		if f := fields[e.Successor]; f != nil && !f.Hidden {
			return e.Successor, " Use `" + e.Successor + "` instead."
		}
	}
	if repl := renamedProperty(name, fields); repl != "" {
		return repl, " Use `" + repl + "` instead."
	}
	return "", ""
}

// renamedProperty finds the visible successor of a hidden property. Heat
// retired many "<thing>_id" properties in favour of "<thing>", which
// accepts a name or an id; the successor is that name when the schema has it.
func renamedProperty(name string, fields map[string]*schema.Property) string {
	base, ok := strings.CutSuffix(name, "_id")
	if !ok {
		return ""
	}
	if f := fields[base]; f != nil && !f.Hidden {
		return base
	}
	return ""
}

// hiddenTypeReplacement names what to use instead of a hidden type.
func hiddenTypeReplacement(name string) string {
	switch name {
	case "OS::Neutron::RouterGateway":
		return "`external_gateway_info` on OS::Neutron::Router"
	case "OS::Designate::Domain":
		return "OS::Designate::Zone"
	case "OS::Designate::Record":
		return "OS::Designate::RecordSet"
	case "OS::Nova::FloatingIP":
		return "OS::Neutron::FloatingIP"
	case "OS::Nova::FloatingIPAssociation":
		return "OS::Neutron::FloatingIPAssociation"
	case "OS::Neutron::Pool", "OS::Neutron::PoolMember", "OS::Neutron::HealthMonitor", "OS::Neutron::LoadBalancer":
		return "the OS::Octavia types (OS::Octavia::Pool, PoolMember, HealthMonitor, LoadBalancer)"
	case "OS::Neutron::LBaaS::LoadBalancer", "OS::Neutron::LBaaS::Listener", "OS::Neutron::LBaaS::Pool",
		"OS::Neutron::LBaaS::PoolMember", "OS::Neutron::LBaaS::HealthMonitor", "OS::Neutron::LBaaS::L7Policy",
		"OS::Neutron::LBaaS::L7Rule":
		return "OS::Octavia::" + name[strings.LastIndex(name, "::")+2:]
	case "OS::Heat::SoftwareDeployments":
		return "OS::Heat::SoftwareDeploymentGroup"
	case "OS::Heat::StructuredDeployments":
		return "OS::Heat::StructuredDeploymentGroup"
	case "OS::Magnum::Bay":
		return "OS::Magnum::Cluster"
	case "OS::Magnum::BayModel":
		return "OS::Magnum::ClusterTemplate"
	case "OS::Aodh::CombinationAlarm":
		return "OS::Aodh::CompositeAlarm"
	case "OS::Heat::HARestarter":
		return "an OS::Aodh alarm with a Mistral or Heat signal"
	}
	return ""
}

// sinceText says since which Heat version a status holds, when known.
func sinceText(s *schema.SupportStatus) string {
	if s == nil || s.Version == "" {
		return ""
	}
	return " since Heat " + s.Version
}

// statusAdvice passes on what Heat's status says to use instead, in a
// short sentence, when it says something.
func statusAdvice(s *schema.SupportStatus) string {
	if s == nil || s.Message == "" {
		return " Plan to move to its replacement."
	}
	return " Heat's note: " + strings.TrimSpace(s.Message)
}
