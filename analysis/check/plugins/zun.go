package plugins

import (
	"strconv"
	"strings"

	"heat-ls/analysis/rules"
)

// containerChecks are the checks of Zun's container plugin beyond its
// property schema.
func containerChecks() map[string][]pluginCheck {
	return map[string][]pluginCheck{
		"OS::Zun::Container": {zunRestartPolicy, zunMounts, zunNetworks},
	}
}

// zunRestartPolicy: no, always, unless-stopped, on-failure, or
// on-failure:COUNT.
func zunRestartPolicy(pc pluginCtx) {
	s := pc.scalar("restart_policy")
	if !s.truthy() {
		return
	}
	if !knownRestartPolicy(s.text) {
		pc.p.Reportf(pc.at(s).Span(), rules.ResourcePropertyValue,
			"Heat knows the restart policies `no`, `always`, `unless-stopped` and `on-failure[:COUNT]`; it refuses %s at stack create.", strconv.Quote(s.text))
	}
}

// zunMounts: each mount names a volume_id or a volume_size, not both.
func zunMounts(pc pluginCtx) {
	items, fields := itemsOf(pc.props, "mounts", pc.property("mounts"))
	for _, m := range items {
		id, size := scalarOf(m, "volume_id", fields["volume_id"]), scalarOf(m, "volume_size", fields["volume_size"])
		switch {
		case id.known && id.none && size.known && size.none && !mergesKeys(m):
			pc.p.Reportf(m.Span(), rules.ResourcePropertyConflict,
				"This mount names neither `volume_id` nor `volume_size`; Heat refuses it at stack create.")
		case id.truthy() && size.truthy():
			pc.p.Reportf(size.at.Span(), rules.ResourcePropertyConflict,
				"A mount names a `volume_id` or a `volume_size`, not both; Heat refuses it at stack create.")
		}
	}
}

// zunNetworks: each network entry names a network or a port, and a port
// takes no fixed_ip.
func zunNetworks(pc pluginCtx) {
	items, fields := itemsOf(pc.props, "networks", pc.property("networks"))
	for _, n := range items {
		net, port := scalarOf(n, "network", fields["network"]), scalarOf(n, "port", fields["port"])
		switch {
		case net.known && net.none && port.known && port.none && !mergesKeys(n):
			pc.p.Reportf(n.Span(), rules.ResourcePropertyConflict,
				"This network entry names neither a `network` nor a `port`; Heat refuses it at stack create.")
		case port.given() && scalarOf(n, "fixed_ip", fields["fixed_ip"]).truthy():
			pc.p.Reportf(n.Lookup("fixed_ip").Key.Span(), rules.ResourcePropertyConflict,
				"A network entry with a `port` takes no `fixed_ip` (the port has its addresses); Heat refuses it at stack create.")
		}
	}
}

// knownRestartPolicy reports a policy Heat's Zun plugin reads: no,
// always, unless-stopped, on-failure, or on-failure:COUNT (one colon;
// the count is not checked).
func knownRestartPolicy(policy string) bool {
	name, count, hasCount := strings.Cut(policy, ":")
	if hasCount {
		return name == "on-failure" && !strings.Contains(count, ":")
	}
	return name == "no" || name == "always" || name == "unless-stopped" || name == "on-failure"
}
