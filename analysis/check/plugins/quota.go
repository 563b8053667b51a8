package plugins

import (
	"sort"

	"heat-ls/analysis/rules"
)

// quotaSetsSomething: a Cinder, Neutron, Nova or Octavia quota sets at
// least one quota beside its project; Heat counts the properties that
// are not None (a key written empty counts, a default counts).
func quotaSetsSomething(pc pluginCtx) {
	rt, ok := pc.p.Schema.ResourceType(pc.typ)
	if !ok || rt == nil || mergesKeys(pc.props) {
		return
	}
	var names []string
	for name, prop := range rt.Properties() {
		if name == "project" {
			continue
		}
		names = append(names, name)
		if prop.HasDefault && prop.Default != nil {
			return
		}
		if pb := isSet(name); pc.read(pb).possible(pb) {
			return
		}
	}
	sort.Strings(names)
	pc.p.Reportf(pc.anchor().Span(), rules.ResourcePropertyConflict,
		"This quota sets nothing; Heat refuses it at stack create without one of %s.", quoteJoin(names))
}
