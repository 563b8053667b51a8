package plugins

import (
	"heat-ls/analysis/check/resources"
	"heat-ls/analysis/rules"
	"heat-ls/analysis/syntax"
)

// novaChecks are the checks of Nova plugins' validate() beyond their
// property schemas (the server's block device checks are in plugins.go).
func novaChecks() map[string][]pluginCheck {
	return map[string][]pluginCheck{
		"OS::Nova::Server": {serverOneBootSource, serverDeploymentsMetadata},
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
