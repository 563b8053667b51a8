package plugins

import (
	"strconv"

	"heat-ls/analysis/check/resources"
	"heat-ls/analysis/check/values"
	"heat-ls/analysis/rules"
)

// engineChecks are the plugin checks of Heat's Neutron base class and
// router, and of OS::Heat::Delay, gathered with the others by
// allPluginChecks.
func engineChecks() map[string][]pluginCheck {
	valueSpecs := []pluginCheck{neutronValueSpecs}
	return map[string][]pluginCheck{
		"OS::Neutron::Net":            valueSpecs,
		"OS::Neutron::Firewall":       valueSpecs,
		"OS::Neutron::FirewallPolicy": valueSpecs,
		"OS::Neutron::FirewallRule":   valueSpecs,
		"OS::Neutron::Router": {
			routerAgentIDAndIDs,
			conflict(truthy("distributed"), truthy("l3_agent_id")),
			conflict(truthy("distributed"), truthy("l3_agent_ids")),
			routerAgentsWithoutHA},
		"OS::Heat::Delay": {delayOverTimeout},
	}
}

// neutronValueSpecs: Heat's Neutron base class finds value_specs keys
// that would overwrite what Heat sends itself (shared, tenant_id and any
// property of the type, set or not) and returns its complaint from
// validate(), which the stack's validation raises. Only types that keep
// the base class's validate() refuse them: Port, Subnet, Router and
// FloatingIP call it and drop its answer (hc/port-value-specs-property-ok).
func neutronValueSpecs(pc pluginCtx) {
	pr := pc.props.Lookup("value_specs")
	specs := pr.Value.Resolve()
	if pr.Key == nil || !specs.IsMapping() || values.IsFunctionCall(specs) || resources.MergesOtherKeys(specs) {
		return
	}
	rt, ok := pc.p.Schema.ResourceType(pc.typ)
	if !ok {
		return
	}
	for _, kv := range specs.Pairs() {
		k := kv.Key
		if k == nil || !k.IsScalar() {
			continue
		}
		_, isProperty := rt.Property(k.Value)
		if k.Value != "shared" && k.Value != "tenant_id" && !isProperty {
			continue
		}
		why := "a property of " + pc.typ
		if !isProperty {
			why = "a key Heat sets itself"
		}
		pc.p.Reportf(k.Span(), rules.ResourcePropertyConflict,
			"`value_specs` may not set `%s`, %s; Heat refuses it at stack create. Use the property instead, or remove the key.", k.Value, why)
	}
}

// routerAgentIDAndIDs: Heat turns l3_agent_id into an item of
// l3_agent_ids; beside a list already given, the translation fails on
// its first item.
func routerAgentIDAndIDs(pc pluginCtx) {
	id, ids := truthy("l3_agent_id"), truthy("l3_agent_ids")
	if !pc.read(id).certain(id) || !pc.read(ids).certain(ids) {
		return
	}
	at := pc.props.Lookup("l3_agent_ids").Key
	if items, ok := literalList(pc.props, "l3_agent_ids"); ok && len(items) > 0 {
		at = items[0]
	}
	pc.p.Reportf(at.Span(), rules.ResourcePropertyConflict,
		"OS::Neutron::Router refuses `l3_agent_id` together with `l3_agent_ids` at stack create; list every agent under `l3_agent_ids` and remove `l3_agent_id`.")
}

// routerAgentsWithoutHA: a router that is not HA takes one L3 agent.
func routerAgentsWithoutHA(pc pluginCtx) {
	ids, ok := literalList(pc.props, "l3_agent_ids")
	if !ok || len(ids) < 2 || resources.MergesOtherKeys(pc.props) {
		return
	}
	if ha := truthy("ha"); pc.read(ha).possible(ha) {
		return
	}
	pc.p.Reportf(pc.props.Lookup("l3_agent_ids").Key.Span(), rules.ResourcePropertyConflict,
		"A router that is not HA takes one L3 agent, not %d; Heat refuses it at stack create. Set `ha: true` or list one agent.", len(ids))
}

// defaultStackTimeout is the stack timeout Heat applies when the create
// request gives none (heat.conf's stack_action_timeout, one hour unless
// the operator changes it).
const defaultStackTimeout = 3600

// delayOverTimeout: Heat refuses a Delay whose longest wait (min_wait
// plus max_jitter times jitter_multiplier) is longer than the stack's
// timeout. The timeout comes with the create request, so this is a
// warning measured against the default.
func delayOverTimeout(pc pluginCtx) {
	minWait, ok1 := literalNumber(pc, "min_wait", 0)
	jitter, ok2 := literalNumber(pc, "max_jitter", 0)
	multiplier, ok3 := literalNumber(pc, "jitter_multiplier", 1)
	if !ok1 || !ok2 || !ok3 {
		return
	}
	longest := minWait + jitter*multiplier
	if longest <= defaultStackTimeout {
		return
	}
	anchor := pc.anchor()
	if pr := pc.props.Lookup("min_wait"); pr.Key != nil {
		anchor = pr.Key
	}
	pc.p.Reportf(anchor.Span(), rules.DelayOverTimeout,
		"This Delay may wait %s seconds, longer than the default stack timeout of %d; Heat refuses it at stack create unless the stack is created with a longer timeout (openstack stack create --timeout).",
		strconv.FormatFloat(longest, 'f', -1, 64), defaultStackTimeout)
}

// literalNumber reads a number property, def when absent or null; ok is
// false when it is a call or no number (the schema check judges that).
func literalNumber(pc pluginCtx, name string, def float64) (float64, bool) {
	pr := pc.props.Lookup(name)
	if pr.Key == nil {
		return def, true
	}
	v := pr.Value.Resolve()
	if v.IsNull() {
		return def, true
	}
	if values.IsYAML11Bool(v) {
		return 0, false
	}
	f, _, ok := values.PyNumber(v)
	return f, ok
}
