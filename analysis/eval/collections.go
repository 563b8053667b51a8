package eval

import (
	"strings"

	"heat-ls/analysis/syntax"
)

// mapMerge is map_merge: the maps of a list merged in order, a later key
// replacing an earlier one.
func (e *Evaluator) mapMerge(m, args *syntax.Node, inCond bool, depth int) Value {
	items, bad, ok := e.listArgs(m, args, 0, "the argument of `map_merge` must be a list of mappings", inCond, depth)
	if !ok {
		return bad
	}
	var b mapBuilder
	for _, it := range items {
		switch it.Kind {
		case Null:
		case Map:
			for i := range it.Keys {
				b.setKey(it.Key(i), it.Vals[i])
			}
		case Unknown, Invalid:
			return UnknownValue("<map_merge with " + it.S + ">")
		default:
			return e.fail(m, "`map_merge` merges mappings, not "+it.Kind.String())
		}
	}
	return b.value()
}

// mapReplace is map_replace: [map, {keys: {old: new}, values: {old:
// new}}], renaming keys and replacing values of the map.
func (e *Evaluator) mapReplace(m, args *syntax.Node, inCond bool, depth int) Value {
	usage := "the arguments of `map_replace` must be [mapping, {keys: mapping, values: mapping}]"
	items, bad, ok := e.listArgs(m, args, 2, usage, inCond, depth)
	if !ok {
		return bad
	}
	if u, ok := firstUnsettled(items...); ok {
		return UnknownValue("<map_replace with " + u.S + ">")
	}
	in, repl := asMap(items[0]), asMap(items[1])
	if in.Kind != Map || repl.Kind != Map {
		return e.fail(m, usage)
	}
	for _, k := range repl.Keys {
		if k != "keys" && k != "values" {
			return e.fail(m, usage)
		}
	}
	kv, _ := repl.Get("keys")
	vv, _ := repl.Get("values")
	keys, vals := asMap(kv), asMap(vv)
	if keys.Kind != Map || vals.Kind != Map {
		return e.fail(m, usage)
	}
	if u, ok := firstUnsettled(append(append([]Value{}, keys.Vals...), vals.Vals...)...); ok {
		return UnknownValue("<map_replace with " + u.S + ">")
	}
	var b mapBuilder
	for i, k := range in.Keys {
		key := k
		if nk, ok := keys.Get(k); ok && nk.Kind != Null {
			if nk.Kind != String {
				key = PyStr(nk)
			} else {
				key = nk.S
			}
			if _, clash := in.Get(key); clash && key != k {
				return e.fail(m, "`map_replace`: the new key "+key+" is already a key of the mapping")
			}
			if _, clash := b.value().Get(key); clash {
				return e.fail(m, "`map_replace`: the new key "+key+" is given twice")
			}
		}
		v := in.Vals[i]
		if v.Kind == String {
			if nv, ok := vals.Get(v.S); ok {
				v = nv
			}
		}
		b.set(key, v)
	}
	return b.value()
}

// asMap reads null as an empty mapping, as Heat's ensure_map does.
func asMap(v Value) Value {
	if v.Kind == Null {
		return MapValue(nil, nil)
	}
	return v
}

// listConcat is list_concat and list_concat_unique: the lists of a list
// joined, keeping only the first of equal items for the unique form.
func (e *Evaluator) listConcat(unique bool, m, args *syntax.Node, inCond bool, depth int) Value {
	name := "list_concat"
	if unique {
		name += "_unique"
	}
	items, bad, ok := e.listArgs(m, args, 0, "the argument of `"+name+"` must be a list of lists", inCond, depth)
	if !ok {
		return bad
	}
	var out []Value
	for _, it := range items {
		switch it.Kind {
		case Null:
		case List:
			out = append(out, it.Items...)
		case Unknown, Invalid:
			return UnknownValue("<" + name + " with " + it.S + ">")
		default:
			return e.fail(m, "`"+name+"` joins lists, not "+it.Kind.String())
		}
	}
	if !unique {
		return ListValue(out)
	}
	var uniq []Value
	for _, it := range out {
		if !it.IsKnown() {
			return UnknownValue("<" + name + " with " + PyStr(it) + ">")
		}
		dup := false
		for _, u := range uniq {
			if Equal(u, it) {
				dup = true
				break
			}
		}
		if !dup {
			uniq = append(uniq, it)
		}
	}
	return ListValue(uniq)
}

// contains is contains: [value, sequence], Python's "in" (for a text,
// whether the value is part of it).
func (e *Evaluator) contains(m, args *syntax.Node, inCond bool, depth int) Value {
	usage := "the arguments of `contains` must be [value, list]"
	items, bad, ok := e.listArgs(m, args, 2, usage, inCond, depth)
	if !ok {
		return bad
	}
	v, seq := items[0], items[1]
	if !v.IsKnown() {
		return UnknownValue("<contains " + PyStr(v) + ">")
	}
	switch seq.Kind {
	case Unknown, Invalid:
		return UnknownValue("<contains in " + seq.S + ">")
	case String:
		if v.Kind != String {
			return e.fail(m, "`contains` looks for text in a text")
		}
		return BoolValue(strings.Contains(seq.S, v.S))
	case List:
		for _, it := range seq.Items {
			if !it.IsKnown() {
				return UnknownValue("<contains in " + PyStr(seq) + ">")
			}
			if Equal(it, v) {
				return BoolValue(true)
			}
		}
		return BoolValue(false)
	}
	return e.fail(m, "the second argument of `contains` must be a list")
}

// filter is filter: [values, list], the list without the values.
func (e *Evaluator) filter(m, args *syntax.Node, inCond bool, depth int) Value {
	usage := "the arguments of `filter` must be [values, list]"
	items, bad, ok := e.listArgs(m, args, 2, usage, inCond, depth)
	if !ok {
		return bad
	}
	vals, seq := items[0], items[1]
	if seq.Kind == Unknown || seq.Kind == Invalid {
		return seq
	}
	if !seq.Truthy() {
		return seq
	}
	if seq.Kind != List {
		return e.fail(m, "`filter` filters lists, not "+seq.Kind.String())
	}
	if vals.Kind == Unknown || vals.Kind == Invalid {
		return UnknownValue("<filter " + vals.S + ">")
	}
	if !vals.Truthy() {
		return seq
	}
	if vals.Kind != List {
		return e.fail(m, "the values `filter` removes must be a list")
	}
	var out []Value
	for _, it := range seq.Items {
		if !it.IsKnown() {
			return UnknownValue("<filter of " + PyStr(seq) + ">")
		}
		drop := false
		for _, v := range vals.Items {
			if !v.IsKnown() {
				return UnknownValue("<filter " + PyStr(vals) + ">")
			}
			if Equal(v, it) {
				drop = true
				break
			}
		}
		if !drop {
			out = append(out, it)
		}
	}
	return ListValue(out)
}

// selectCall is Fn::Select: [index, list or mapping]. As Heat's, it
// gives "" for an empty text (another function's "not available yet"),
// reads any other text as JSON, counts a negative index from the end as
// Python does, and gives "" past either end or for null.
func (e *Evaluator) selectCall(m, args *syntax.Node, inCond bool, depth int) Value {
	items, bad, ok := e.listArgs(m, args, 2, "the arguments of `Fn::Select` must be [index, collection]", inCond, depth)
	if !ok {
		return bad
	}
	if u, ok := firstUnsettled(items...); ok {
		return u
	}
	idx, c := items[0], items[1]
	if c.Kind == String {
		if c.S == "" {
			return StringValue("")
		}
		parsed, err := ParseJSON(c.S)
		if err != nil {
			return e.fail(m, "`Fn::Select` reads a text as JSON, and this one is not: "+err.Error())
		}
		c = parsed
	}
	switch c.Kind {
	case Map:
		if idx.Kind != String {
			return e.fail(m, "the index of `Fn::Select` into a mapping must be text")
		}
		if v, ok := c.Get(idx.S); ok {
			return v
		}
		return StringValue("")
	case List:
		i, ok := toInt(idx)
		if !ok {
			return e.fail(m, "the index of `Fn::Select` must be a whole number")
		}
		if i < 0 {
			i += int64(len(c.Items))
		}
		if i < 0 || i >= int64(len(c.Items)) {
			return StringValue("")
		}
		return c.Items[i]
	case Null:
		return StringValue("")
	}
	return e.fail(m, "`Fn::Select` selects from a list or mapping")
}
