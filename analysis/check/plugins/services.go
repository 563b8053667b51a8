package plugins

import (
	"strconv"
	"strings"

	"heat-ls/analysis/rules"
)

// serviceChecks are the checks of the plugins of Designate, Glance,
// Magnum, Manila, Mistral's cron triggers, Trove and Zaqar beyond their
// property schemas.
func serviceChecks() map[string][]pluginCheck {
	images := []pluginCheck{imageFormatsMatch, onlyWith(truthy("members"), "visibility", "shared")}
	return map[string][]pluginCheck{
		"OS::Designate::Zone": {
			requiredWhen("type", []string{"PRIMARY"}, truthy("email")),
			requiredWhen("type", []string{"SECONDARY"}, truthy("masters")),
		},
		"OS::Glance::WebImage":        images,
		"OS::Glance::Image":           images[:1],
		"OS::Magnum::ClusterTemplate": {magnumVolumeDriver},
		"OS::Manila::ShareNetwork": {
			conflict(truthy("neutron_network"), truthy("nova_network")),
			conflict(truthy("neutron_subnet"), truthy("nova_network")),
			requires(truthy("neutron_network"), truthy("neutron_subnet")),
		},
		"OS::Mistral::CronTrigger": {oneOf(truthy("pattern"), truthy("first_time"))},
		"OS::Mistral::Workflow":    {mistralTaskPolicies},
		"OS::Trove::Instance":      {troveUsers, troveNetworks},
		"OS::Zaqar::Subscription":  {zaqarSubscriber},
	}
}

// imageFormatsMatch: an ami, ari or aki container holds a disk of the
// same format.
func imageFormatsMatch(pc pluginCtx) {
	cf, df := pc.scalar("container_format"), pc.scalar("disk_format")
	if cf.is("ami", "ari", "aki") && df.known && df.text != cf.text {
		pc.p.Reportf(pc.at(cf).Span(), rules.ResourcePropertyValue,
			"An %s container holds an %s disk only; Heat refuses disk_format %s with it at stack create.", cf.text, cf.text, strconv.Quote(df.text))
	}
}

// magnumVolumes are the volume drivers each container engine takes.
func magnumVolumes() map[string][]string {
	return map[string][]string{"kubernetes": {"cinder"}, "swarm": {"rexray"}, "mesos": {"rexray"}}
}

// magnumVolumeDriver: the volume driver is one the COE takes.
func magnumVolumeDriver(pc pluginCtx) {
	coe, drv := pc.scalar("coe"), pc.scalar("volume_driver")
	valid, ok := magnumVolumes()[coe.text]
	if !coe.given() || !ok || !drv.given() || drv.is(valid...) {
		return
	}
	pc.p.Reportf(pc.at(drv).Span(), rules.ResourcePropertyValue,
		"The %s engine takes the volume driver %s only; Heat refuses %s at stack create.", coe.text, quoteJoin(valid), strconv.Quote(drv.text))
}

// troveAsksFirst reports an instance whose validate() asks Trove for its
// datastore versions before the checks below (a datastore_type that may
// be given): only a cloud answers that, so the checks after it are left
// alone there.
func troveAsksFirst(pc pluginCtx) bool {
	return pc.read(truthy("datastore_type")).possible(truthy("datastore_type"))
}

// troveUsers: users need databases, and each database a user names is
// one of the instance's.
func troveUsers(pc pluginCtx) {
	users := pc.read(truthy("users"))
	if !users.certain(truthy("users")) || troveAsksFirst(pc) {
		return
	}
	dbs, ok := literalList(pc.props, "databases")
	if !ok {
		return
	}
	if len(dbs) == 0 {
		pc.p.Reportf(users.key.Span(), rules.ResourcePropertyConflict,
			"Users need `databases` on the instance; Heat refuses them at stack create without any.")
		return
	}
	names := map[string]bool{}
	for _, db := range dbs {
		m := db.Resolve()
		name := scalarOf(m, "name", nil)
		if !m.IsMapping() || mergesKeys(m) || !name.given() || name.at == nil {
			return // a name not known offline: not judged
		}
		names[name.text] = true
	}
	for _, u := range literalMappings(pc.props, "users") {
		list, ok := literalList(u, "databases")
		if !ok {
			continue
		}
		for _, it := range list {
			v := it.Resolve()
			if v.IsScalar() && !v.IsNull() && !names[v.Value] {
				pc.p.Reportf(v.Span(), rules.ResourcePropertyValue,
					"The instance has no database %s; Heat refuses a user naming it at stack create.", strconv.Quote(v.Value))
			}
		}
	}
}

// troveNetworks: each network entry names a network or a port, not both
// (judged where both releases agree: both given as literals, or neither
// written).
func troveNetworks(pc pluginCtx) {
	if troveAsksFirst(pc) {
		return
	}
	for _, n := range literalMappings(pc.props, "networks") {
		net, port := n.Lookup("network"), n.Lookup("port")
		switch {
		case net.Key == nil && port.Key == nil && !mergesKeys(n):
			pc.p.Reportf(n.Span(), rules.ResourcePropertyConflict,
				"This network entry names neither a `network` nor a `port`; Heat refuses it at stack create.")
		case scalarOf(n, "network", nil).truthy() && scalarOf(n, "port", nil).truthy():
			pc.p.Reportf(port.Key.Span(), rules.ResourcePropertyConflict,
				"A network entry names a `network` or a `port`, not both; Heat refuses it at stack create.")
		}
	}
}

// zaqarSubscriber: the subscriber's scheme is one Zaqar notifies.
func zaqarSubscriber(pc pluginCtx) {
	s := pc.scalar("subscriber")
	if !s.given() {
		return
	}
	scheme, _, _ := strings.Cut(s.text, ":")
	valid := []string{"http", "https", "mailto", "trust+http", "trust+https"}
	for _, v := range valid {
		if scheme == v {
			return
		}
	}
	pc.p.Reportf(pc.at(s).Span(), rules.ResourcePropertyValue,
		"A subscriber is a URL with the scheme %s; Heat refuses %s at stack create.", quoteJoin(valid), strconv.Quote(s.text))
}
