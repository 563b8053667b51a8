package plugins

import (
	"strings"

	"heat-ls/analysis/check/values"
	"heat-ls/analysis/syntax"
	"heat-ls/schema"
)

// A plugin's validate() reads a property through Heat's property layer,
// which turns a key written with no value into the property's default
// when that default is truthy, and otherwise into the empty value of the
// property's type ("" for text, 0 for numbers, false, [] or {}), never
// into None. Plugins then ask one of two questions: "is it None" (was the
// key written at all) or "is it truthy". The same template can pass one
// and fail the other, so each check says which question its plugin asks.

// reading is what Heat's property layer gives a plugin for one property.
type reading struct {
	key *syntax.Node // the property's key; nil when it is absent
	// call: the value is a function call, known only at create.
	call bool
	// notNone: Heat's value is not None (the key is written, even empty).
	notNone bool
	// truthy: Python's truthiness of Heat's value (false for a call).
	truthy bool
}

// readProperty reads property name of props as Heat's property layer
// does; prop is its schema (nil when unknown: a literal is then judged
// as text, and an empty value as falsy).
func readProperty(props *syntax.Node, name string, prop *schema.Property) reading {
	pr := props.Lookup(name)
	if pr.Key == nil {
		return reading{}
	}
	r := reading{key: pr.Key, notNone: true}
	v := pr.Value.Resolve()
	switch {
	case v == nil || v.IsNull():
		r.truthy = prop != nil && prop.HasDefault && values.PyTruthyDefault(prop.Default)
	case values.IsFunctionCall(v):
		r.call = true
	case v.IsSequence():
		r.truthy = len(v.Items()) > 0
	case v.IsMapping():
		r.truthy = v.NumPairs() > 0
	default:
		r.truthy = scalarTruthy(v, prop)
	}
	return r
}

// scalarTruthy is the truthiness of a scalar once Heat has converted it
// to the property's type.
func scalarTruthy(v *syntax.Node, prop *schema.Property) bool {
	typ := "string"
	if prop != nil {
		typ = prop.Type
	}
	switch typ {
	case "integer", "number":
		if f, _, ok := values.PyNumber(v); ok {
			return f != 0
		}
	case "boolean":
		if b, ok := values.YamlBool(v); ok {
			return b
		}
		return strings.EqualFold(v.Value, "true")
	}
	return v.Value != ""
}

// probe is one property a plugin check asks about, with the question its
// plugin asks.
type probe struct {
	name string
	// notNone: the plugin asks "is it not None"; otherwise "is it truthy".
	notNone bool
}

// isSet probes a property the plugin tests against None.
func isSet(name string) probe { return probe{name: name, notNone: true} }

// truthy probes a property the plugin tests for truthiness.
func truthy(name string) probe { return probe{name: name} }

// read reads the probed property of the checked resource.
func (pc pluginCtx) read(pb probe) reading {
	return readProperty(pc.props, pb.name, pc.property(pb.name))
}

// certain reports whether the probe's answer is known offline and true:
// a function call's value is not known, so no conflict is claimed on it.
func (r reading) certain(pb probe) bool {
	if r.call {
		return false
	}
	if pb.notNone {
		return r.notNone
	}
	return r.truthy
}

// possible reports whether the probe's answer may be true: a function
// call may give anything, so it counts as given.
func (r reading) possible(pb probe) bool {
	return r.call || r.certain(pb)
}

// property is the schema of one of the checked type's properties, or nil.
func (pc pluginCtx) property(name string) *schema.Property {
	if pc.p.Schema == nil {
		return nil
	}
	rt, ok := pc.p.Schema.ResourceType(pc.typ)
	if !ok || rt == nil {
		return nil
	}
	return rt.Properties()[name]
}
