package plugins

import (
	"heat-ls/analysis/check/resources"
	"heat-ls/analysis/check/values"
	"heat-ls/analysis/rules"
	"heat-ls/analysis/syntax"
)

// novaChecks are the checks of Nova plugins' validate() beyond their
// property schemas (the server's block device checks are in plugins.go).
func novaChecks() map[string][]pluginCheck {
	return map[string][]pluginCheck{
		"OS::Nova::Server": {serverOneBootSource, serverDeploymentsMetadata, serverNetworks},
		"OS::Nova::Quota":  {quotaSetsSomething},
	}
}

// serverOneBootSource: a server with block_device_mapping_v2 boots from
// exactly one source: its image, or the volume, snapshot or image of an
// entry at boot index 0 (or none given). Only sources written as
// literals are counted, so a count above one is certain.
func serverOneBootSource(pc pluginCtx) {
	entries, ok := literalList(pc.props, "block_device_mapping_v2")
	if !ok || len(entries) == 0 {
		return
	}
	var sources []*syntax.Node
	if r := pc.read(isSet("image")); r.certain(isSet("image")) {
		sources = append(sources, r.key)
	}
	for _, it := range entries {
		m := it.Resolve()
		if !m.IsMapping() {
			continue
		}
		var here []*syntax.Node
		for _, name := range []string{"volume_id", "snapshot_id", "image"} {
			if _, v, ok := resources.LiteralProperty(m, name); ok {
				here = append(here, v)
			}
		}
		if len(here) == 0 {
			continue
		}
		k, idx, lit := resources.LiteralProperty(m, "boot_index")
		if k == nil || lit && idx.Value == "0" {
			sources = append(sources, here...)
		}
	}
	if len(sources) > 1 {
		pc.p.Reportf(sources[1].Span(), rules.ResourcePropertyConflict,
			"This server has %d boot sources (its image, or a volume, snapshot or image at boot_index 0); Heat refuses more than one at stack create.", len(sources))
	}
}

// serverDeploymentsMetadata: a server whose user_data_format is
// SOFTWARE_CONFIG keeps its deployments in metadata Heat writes itself,
// so its own metadata may not hold a deployments key.
func serverDeploymentsMetadata(pc pluginCtx) {
	if pc.member != nil || !pc.scalar("user_data_format").is("SOFTWARE_CONFIG") {
		return
	}
	md := pc.r.Field("metadata")
	if md.Key == nil {
		return
	}
	m := md.Value.Resolve()
	if !m.IsMapping() {
		return
	}
	if d := m.Lookup("deployments"); d.Key != nil {
		pc.p.Reportf(d.Key.Span(), rules.ResourcePropertyConflict,
			"A server with `user_data_format: SOFTWARE_CONFIG` may not hold `deployments` in its metadata (Heat keeps its deployments there); Heat refuses it at stack create.")
	}
}

// serverAsksFirst reports a server whose validate() asks a service
// before it reaches its network checks: one with an image (Glance and
// Nova are asked about the image and flavor), or, from 2026.1, with a
// block device volume_type (Nova is asked for its API version). Only a
// cloud answers those, so the checks after them are left alone there.
func serverAsksFirst(pc pluginCtx) bool {
	if pc.read(truthy("image")).possible(truthy("image")) {
		return true
	}
	entries, ok := literalList(pc.props, "block_device_mapping_v2")
	if !ok {
		return true
	}
	for _, it := range entries {
		if m := it.Resolve(); !m.IsMapping() || m.Lookup("volume_type").Key != nil {
			return true
		}
	}
	return false
}

// notNone reports a key of an entry Heat reads as not None: written at
// all, even empty (a function call may give None, so it does not count).
func notNone(m *syntax.Node, name string) (*syntax.Node, bool) {
	pr := m.Lookup(name)
	if pr.Key == nil {
		return nil, false
	}
	v := pr.Value.Resolve()
	return pr.Key, v == nil || !values.IsFunctionCall(v)
}

// serverNetworks: what each networks entry of a server names (a network,
// port or subnet, or allocate_network alone; no fixed_ip beside a port;
// no floating_ip on a bare network), allocate_network as the only entry,
// and no security_groups beside a port. Judged only on a server whose
// validate() gets there before asking a service (serverAsksFirst).
func serverNetworks(pc pluginCtx) {
	entries, ok := literalList(pc.props, "networks")
	if !ok || len(entries) == 0 || serverAsksFirst(pc) {
		return
	}
	var allocate, port *syntax.Node
	for _, it := range entries {
		m := it.Resolve()
		if !m.IsMapping() || mergesKeys(m) {
			return
		}
		if a := scalarOf(m, "allocate_network", nil); a.truthy() && allocate == nil {
			allocate = a.at
		}
		if k, ok := notNone(m, "port"); ok && port == nil {
			port = k
		}
		serverNetworkEntry(pc, m)
	}
	if allocate != nil && len(entries) != 1 {
		pc.p.Reportf(allocate.Span(), rules.ResourcePropertyConflict,
			"allocate_network makes the server's only network; Heat refuses it beside other networks entries at stack create.")
	}
	if sg := pc.read(truthy("security_groups")); port != nil && sg.certain(truthy("security_groups")) {
		pc.p.Reportf(sg.key.Span(), rules.ResourcePropertyConflict,
			"A server on a port takes its security groups from the port; Heat refuses `security_groups` beside a `port` in networks at stack create.")
	}
}

// serverNetworkEntry judges one networks entry (a literal mapping).
func serverNetworkEntry(pc pluginCtx, m *syntax.Node) {
	maybe := func(name string) bool { return m.Lookup(name).Key != nil }
	allocate := scalarOf(m, "allocate_network", nil)
	_, port := notNone(m, "port")
	_, net := notNone(m, "network")
	switch {
	case !maybe("network") && !maybe("uuid") && !maybe("port") && !maybe("subnet") && !maybe("allocate_network"):
		pc.p.Reportf(m.Span(), rules.ResourcePropertyConflict,
			"This networks entry names no `network`, `port`, `subnet` or `allocate_network`; Heat refuses it at stack create.")
	case allocate.truthy() && m.NumPairs() > 1 && allKeysNotNone(m):
		pc.p.Reportf(allocate.at.Span(), rules.ResourcePropertyConflict,
			"allocate_network stands alone in its networks entry; Heat refuses other keys beside it at stack create.")
	case port && scalarOf(m, "fixed_ip", nil).truthy():
		pc.p.Reportf(m.Lookup("fixed_ip").Key.Span(), rules.ResourcePropertyConflict,
			"A networks entry with a `port` takes no `fixed_ip` (the port has its addresses); Heat refuses it at stack create.")
	case net && !maybe("port") && !maybe("subnet") && literalSet(m, "floating_ip"):
		pc.p.Reportf(m.Lookup("floating_ip").Key.Span(), rules.ResourcePropertyConflict,
			"A floating_ip needs the entry's `port` or `subnet` (Heat cannot find the port of a bare network); Heat refuses it at stack create.")
	}
}

// allKeysNotNone reports a mapping whose keys are all written with a
// value that is not a function call (each one Heat reads as not None).
func allKeysNotNone(m *syntax.Node) bool {
	for i := 0; i < m.NumPairs(); i++ {
		pr := m.Pair(i)
		if pr.Key == nil {
			return false
		}
		if v := pr.Value.Resolve(); v != nil && values.IsFunctionCall(v) {
			return false
		}
	}
	return true
}
