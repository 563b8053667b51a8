package preview

import (
	"reflect"
	"slices"
	"strconv"
	"strings"

	"heat-ls/analysis/eval"
	"heat-ls/analysis/source"
	"heat-ls/schema"
)

// schemaProperties lays a built-in type's property schema over the
// properties written, as Heat's preview shows them: every property the
// type has, a missing one with its default (or null), a written one
// converted to the property's type (text, integer, number, boolean), and
// the same inside maps and lists whose keys and items have a schema.
// Properties the schema does not know stay as written. The type's own
// translation rules then move values as Heat's do (translate.go).
//
// A known value Heat cannot take (a property the type does not have, a
// text that is no integer, a list where a map belongs...) is reported:
// Heat refuses the stack.
func (b *builder) schemaProperties(f frame, resName, typeName string, props eval.Value) eval.Value {
	return b.laySchema(f.path, resName, typeName, props, b.problem, b.order, b.defaults)
}

// laySchema is schemaProperties for a resource of the template at path,
// its problems given to problem and its caches given: a worker lays
// schemas with caches of its own and keeps the problems for the builder
// (speculate.go).
func (b *builder) laySchema(path, resName, typeName string, props eval.Value, problem func(string, source.Span, string), order fieldOrder, defaults defaultCache) eval.Value {
	if b.o.Schema == nil || props.Kind != eval.Map {
		return props
	}
	rt, ok := b.o.Schema.ResourceType(typeName)
	if !ok || rt.AcceptsAnyProperties {
		return props
	}
	report := func(v eval.Value, msg string) {
		file := v.From.File
		if file == "" {
			file = path
		}
		problem(file, v.From.Span, "resource `"+resName+"`: "+msg)
	}
	return translateType(typeName, applyFields(rt.Properties(), props, applier{report, order, defaults}, 0))
}

type reporter func(v eval.Value, msg string)

// applier is what schema application carries: where problems go, and the
// cached field orders.
type applier struct {
	report   reporter
	order    fieldOrder
	defaults defaultCache
}

// applyFields applies a map schema (fields by name) to a map value.
func applyFields(fields map[string]*schema.Property, v eval.Value, ap applier, depth int) eval.Value {
	if v.Kind != eval.Map || depth > eval.MaxDepth {
		return v
	}
	var drop []int
	keys := make([]string, len(v.Keys), len(v.Keys)+len(fields))
	copy(keys, v.Keys)
	vals := make([]eval.Value, len(v.Vals), len(v.Keys)+len(fields))
	for i, k := range v.Keys {
		vals[i] = v.Vals[i]
		p, ok := fields[k]
		if !ok {
			// Heat refuses an unknown property of the resource; inside
			// a map property it keeps only the keys the schema has.
			if depth == 0 {
				ap.report(v.Vals[i], "Heat knows no property `"+k+"` here")
			} else {
				drop = append(drop, i)
			}
			continue
		}
		if vals[i].Kind == eval.Null {
			vals[i] = nullProperty(p)
		}
		vals[i] = applyProperty(k, p, vals[i], ap, depth+1)
	}
	for _, name := range ap.order.names(fields) {
		if _, ok := v.Get(name); ok {
			continue
		}
		p := fields[name]
		d := eval.NullValue()
		if p.HasDefault {
			d = ap.defaultOf(name, p, depth+1)
		}
		keys = append(keys, name)
		vals = append(vals, d)
	}
	translate(fields, keys, vals)
	for j := len(drop) - 1; j >= 0; j-- {
		i := drop[j]
		keys = append(keys[:i], keys[i+1:]...)
		vals = append(vals[:i], vals[i+1:]...)
	}
	return eval.MapValue(keys, vals)
}

// defaultCache keeps the converted defaults of properties, by property
// and depth: every resource of a type shows the same defaults, and
// converting the schema's JSON again for each was a tenth of a large
// preview's work. Resources share the values kept: a preview's values
// are never changed in place once built (substitute and the schema
// application make new slices).
type defaultCache map[defaultKey]eval.Value

type defaultKey struct {
	p     *schema.Property
	depth int
}

// defaultOf is a property's default converted to its type, as a preview
// shows a property not written; problems with a default are Heat's, not
// the author's, and are not reported.
func (ap applier) defaultOf(name string, p *schema.Property, depth int) eval.Value {
	key := defaultKey{p, depth}
	if d, ok := ap.defaults[key]; ok {
		return d
	}
	d := applyProperty(name, p, fromJSON(p.Default, 0), applier{func(eval.Value, string) {}, ap.order, ap.defaults}, depth)
	if ap.defaults != nil {
		ap.defaults[key] = d
	}
	return d
}

// translate moves the value of a hidden property that Heat renamed to
// the property that replaces it (network_id to network, subnet_id to
// subnet, a server network's uuid to network...), as Heat's translation
// rules do before a preview shows the properties: the replacement is the
// visible field named the same without "_id" (for uuid, network).
func translate(fields map[string]*schema.Property, keys []string, vals []eval.Value) {
	if !hasHiddenValue(fields, keys, vals) {
		return
	}
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

// hasHiddenValue reports whether a hidden property has a value, the only
// case in which translate has anything to move.
func hasHiddenValue(fields map[string]*schema.Property, keys []string, vals []eval.Value) bool {
	for i, k := range keys {
		if p, ok := fields[k]; ok && p.Hidden && vals[i].Kind != eval.Null {
			return true
		}
	}
	return false
}

// applyProperty converts a value to one property's schema.
func applyProperty(name string, p *schema.Property, v eval.Value, ap applier, depth int) eval.Value {
	report := ap.report
	if depth > eval.MaxDepth || v.Kind == eval.Unknown || v.Kind == eval.Invalid {
		return v
	}
	switch typ := strings.ToLower(p.Type); {
	case typ == "map" && v.Kind != eval.Map && v.Kind != eval.Null:
		report(v, "`"+name+"` must be a map, not "+v.Kind.String())
		return v
	case typ == "list" && v.Kind != eval.List && v.Kind != eval.Null:
		report(v, "`"+name+"` must be a list, not "+v.Kind.String())
		return v
	case typ == "string" && (v.Kind == eval.List || v.Kind == eval.Map):
		report(v, "`"+name+"` must be text, not a "+v.Kind.String())
		return v
	case v.Kind == eval.Map && len(p.Fields) > 0:
		return applyFields(p.Fields, v, ap, depth+1)
	case v.Kind == eval.List && p.Item != nil:
		items := make([]eval.Value, len(v.Items))
		for i, it := range v.Items {
			if it.Kind == eval.Null {
				it = nullProperty(p.Item)
			}
			items[i] = applyProperty(name, p.Item, it, ap, depth+1)
		}
		return eval.ListValue(items).At(v.From)
	}
	c, ok := convertProperty(p.Type, v)
	if !ok {
		msg := "`" + name + "` must be " + article(p.Type) + ", not " + eval.PyStr(v)
		report(v, msg)
		return eval.InvalidValue(msg).At(v.From)
	}
	return c
}

func article(typ string) string {
	switch strings.ToLower(typ) {
	case "integer":
		return "an integer"
	case "number":
		return "a number"
	case "boolean":
		return "true or false"
	}
	return "a " + typ
}

// convertProperty converts a known value to a property type as Heat's
// properties do; ok is false when Heat cannot. A string property takes
// text, integers and booleans (not floats); an integer one what Python's
// int() takes (a float is cut); a boolean one only true, false or those
// words as text.
func convertProperty(typ string, v eval.Value) (eval.Value, bool) {
	if !v.IsKnown() || v.Kind == eval.Null {
		return v, true
	}
	switch strings.ToLower(typ) {
	case "string":
		switch v.Kind {
		case eval.String:
		case eval.Bool, eval.Int:
			return eval.StringValue(eval.PyStr(v)).At(v.From), true
		default:
			return v, false
		}
	case "integer":
		switch v.Kind {
		case eval.Int:
		case eval.Bool:
			return eval.IntValue(map[bool]int64{false: 0, true: 1}[v.B]).At(v.From), true
		case eval.Float:
			return eval.IntValue(int64(v.F)).At(v.From), true
		case eval.String:
			n, err := strconv.ParseInt(strings.TrimSpace(strings.ReplaceAll(v.S, "_", "")), 10, 64)
			if err != nil {
				return v, false
			}
			return eval.IntValue(n).At(v.From), true
		default:
			return v, false
		}
	case "number":
		switch v.Kind {
		case eval.Int, eval.Float, eval.Bool:
		case eval.String:
			c, bad := eval.Convert("number", v)
			if bad != "" {
				return v, false
			}
			return c.At(v.From), true
		default:
			return v, false
		}
	case "boolean":
		switch v.Kind {
		case eval.Bool:
		case eval.String:
			switch strings.ToLower(v.S) {
			case "true":
				return eval.BoolValue(true).At(v.From), true
			case "false":
				return eval.BoolValue(false).At(v.From), true
			}
			return v, false
		default:
			return v, false
		}
	}
	return v, true
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

// nullProperty is what a property written as null becomes: its default,
// else the empty value of its type (Heat's properties read null so).
func nullProperty(p *schema.Property) eval.Value {
	if p.HasDefault {
		return fromJSON(p.Default, 0)
	}
	switch strings.ToLower(p.Type) {
	case "string":
		return eval.StringValue("")
	case "integer", "number":
		return eval.IntValue(0)
	case "boolean":
		return eval.BoolValue(false)
	case "map":
		return eval.MapValue(nil, nil)
	case "list":
		return eval.ListValue(nil)
	}
	return eval.NullValue()
}

// fieldOrder caches the sorted names of schema field maps, by the map's
// identity, for one preview: every resource of a type asks for the same
// order.
type fieldOrder map[uintptr][]string

func (o fieldOrder) names(fields map[string]*schema.Property) []string {
	key := reflect.ValueOf(fields).Pointer()
	if names, ok := o[key]; ok && len(names) == len(fields) {
		return names
	}
	names := make([]string, 0, len(fields))
	for name := range fields {
		names = append(names, name)
	}
	slices.Sort(names)
	o[key] = names
	return names
}
