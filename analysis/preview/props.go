package preview

import (
	"strings"

	"heat-ls/analysis/eval"
)

// schemaProperties lays a built-in type's property schema over the
// properties written, as Heat's preview shows them: every property the
// type has, a missing one with its default (or null), a written one
// converted to the property's type (text, integer, number, boolean).
// Properties the schema does not know stay as written.
func (b *builder) schemaProperties(typeName string, props eval.Value) eval.Value {
	if b.o.Schema == nil || props.Kind != eval.Map {
		return props
	}
	rt, ok := b.o.Schema.ResourceType(typeName)
	if !ok || rt.AcceptsAnyProperties {
		return props
	}
	keys := append([]string{}, props.Keys...)
	vals := make([]eval.Value, len(props.Vals))
	for i, k := range props.Keys {
		vals[i] = props.Vals[i]
		if p, ok := rt.Property(k); ok {
			vals[i] = convertProperty(p.Type, vals[i])
		}
	}
	all := rt.Properties()
	names := make([]string, 0, len(all))
	for name := range all {
		names = append(names, name)
	}
	sortBy(names, func(s string) string { return s })
	for _, name := range names {
		if _, ok := props.Get(name); ok {
			continue
		}
		p := all[name]
		v := eval.NullValue()
		if p.HasDefault {
			v = fromJSON(p.Default, 0)
		}
		keys = append(keys, name)
		vals = append(vals, v)
	}
	return eval.MapValue(keys, vals)
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
		sortBy(keys, func(s string) string { return s })
		vals := make([]eval.Value, len(keys))
		for i, k := range keys {
			vals[i] = fromJSON(t[k], depth+1)
		}
		return eval.MapValue(keys, vals)
	}
	return eval.NullValue()
}
