package preview

import (
	"slices"
	"strings"

	"heat-ls/analysis/eval"
	"heat-ls/schema"
)

// schemaProperties lays a built-in type's property schema over the
// properties written, as Heat's preview shows them: every property the
// type has, a missing one with its default (or null), a written one
// converted to the property's type (text, integer, number, boolean), and
// the same inside maps and lists whose keys and items have a schema.
// Properties the schema does not know stay as written.
func (b *builder) schemaProperties(typeName string, props eval.Value) eval.Value {
	if b.o.Schema == nil || props.Kind != eval.Map {
		return props
	}
	rt, ok := b.o.Schema.ResourceType(typeName)
	if !ok || rt.AcceptsAnyProperties {
		return props
	}
	return applyFields(rt.Properties(), props, 0)
}

// applyFields applies a map schema (fields by name) to a map value.
func applyFields(fields map[string]*schema.Property, v eval.Value, depth int) eval.Value {
	if v.Kind != eval.Map || depth > eval.MaxDepth {
		return v
	}
	keys := slices.Clone(v.Keys)
	vals := make([]eval.Value, len(v.Vals))
	for i, k := range v.Keys {
		vals[i] = v.Vals[i]
		if p, ok := fields[k]; ok {
			vals[i] = applyProperty(p, vals[i], depth+1)
		}
	}
	names := make([]string, 0, len(fields))
	for name := range fields {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		if _, ok := v.Get(name); ok {
			continue
		}
		p := fields[name]
		d := eval.NullValue()
		if p.HasDefault {
			d = applyProperty(p, fromJSON(p.Default, 0), depth+1)
		}
		keys = append(keys, name)
		vals = append(vals, d)
	}
	translate(fields, keys, vals)
	return eval.MapValue(keys, vals)
}

// translate moves the value of a hidden property that Heat renamed to
// the property that replaces it (network_id to network, subnet_id to
// subnet, a server network's uuid to network...), as Heat's translation
// rules do before a preview shows the properties: the replacement is the
// visible field named the same without "_id" (for uuid, network).
func translate(fields map[string]*schema.Property, keys []string, vals []eval.Value) {
	at := make(map[string]int, len(keys))
	for i, k := range keys {
		at[k] = i
	}
	for i, k := range keys {
		p, ok := fields[k]
		if !ok || !p.Hidden || vals[i].Kind == eval.Null {
			continue
		}
		target := strings.TrimSuffix(k, "_id")
		if k == "uuid" {
			target = "network"
		}
		j, ok := at[target]
		if !ok || target == k || fields[target] == nil || fields[target].Hidden || vals[j].Kind != eval.Null {
			continue
		}
		vals[j], vals[i] = vals[i], eval.NullValue()
	}
}

// applyProperty converts a value to one property's schema.
func applyProperty(p *schema.Property, v eval.Value, depth int) eval.Value {
	if depth > eval.MaxDepth {
		return v
	}
	switch {
	case v.Kind == eval.Map && len(p.Fields) > 0:
		return applyFields(p.Fields, v, depth+1)
	case v.Kind == eval.List && p.Item != nil:
		items := make([]eval.Value, len(v.Items))
		for i, it := range v.Items {
			items[i] = applyProperty(p.Item, it, depth+1)
		}
		return eval.ListValue(items)
	}
	return convertProperty(p.Type, v)
}

// convertProperty converts a known value to a property type as Heat's
// properties do; what cannot be converted stays (Heat would refuse it,
// which is the check command's business).
func convertProperty(typ string, v eval.Value) eval.Value {
	if !v.IsKnown() {
		return v
	}
	switch strings.ToLower(typ) {
	case "string":
		switch v.Kind {
		case eval.Null:
			return eval.StringValue("")
		case eval.Bool, eval.Int, eval.Float:
			return eval.StringValue(eval.PyStr(v))
		}
	case "integer":
		if v.Kind == eval.String {
			if c, bad := eval.Convert("number", v); bad == "" && c.Kind == eval.Int {
				return c
			}
		}
	case "number":
		if v.Kind == eval.String {
			if c, bad := eval.Convert("number", v); bad == "" {
				return c
			}
		}
	case "boolean":
		if v.Kind == eval.String || v.Kind == eval.Int {
			if c, bad := eval.Convert("boolean", v); bad == "" {
				return c
			}
		}
	}
	return v
}

// fromJSON converts a schema default (decoded JSON) to a Value.
func fromJSON(x any, depth int) eval.Value {
	if depth > eval.MaxDepth {
		return eval.NullValue()
	}
	switch t := x.(type) {
	case nil:
		return eval.NullValue()
	case bool:
		return eval.BoolValue(t)
	case float64:
		if t == float64(int64(t)) {
			return eval.IntValue(int64(t))
		}
		return eval.FloatValue(t)
	case string:
		return eval.StringValue(t)
	case []any:
		items := make([]eval.Value, len(t))
		for i, it := range t {
			items[i] = fromJSON(it, depth+1)
		}
		return eval.ListValue(items)
	case map[string]any:
		keys := make([]string, 0, len(t))
		for k := range t {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		vals := make([]eval.Value, len(keys))
		for i, k := range keys {
			vals[i] = fromJSON(t[k], depth+1)
		}
		return eval.MapValue(keys, vals)
	}
	return eval.NullValue()
}
