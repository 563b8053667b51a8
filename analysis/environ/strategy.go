package environ

import (
	"strings"

	"heat-ls/analysis/eval"
)

// mergeValue merges a parameter's new value into its previous one by the
// parameter's type, as Heat's merge and deep_merge strategies do: json
// mappings are merged key by key (deep_merge also inside nested mappings,
// lists and texts), comma_delimited_list values are appended, texts
// concatenated and numbers added; booleans cannot be merged.
func mergeValue(typ string, old eval.Value, had bool, v eval.Value, deep bool) (eval.Value, string) {
	switch strings.ToLower(typ) {
	case "json":
		nv, bad := asJSON(v)
		if bad != "" {
			return v, bad
		}
		if nv.Kind != eval.Map {
			return nv, ""
		}
		if !had {
			old = eval.MapValue(nil, nil)
		}
		return mergeMap(old, nv, deep, 0), ""
	case "comma_delimited_list":
		if v.Kind != eval.List && v.Kind != eval.String {
			return v, "the value in the environment is no list, so it cannot be merged"
		}
		if !had {
			return v, ""
		}
		return mergeList(old, v), ""
	case "string":
		if v.Kind != eval.String && v.Kind != eval.List {
			return v, "the value in the environment is no text, so it cannot be merged"
		}
		if !had {
			return v, ""
		}
		return eval.StringValue(eval.PyStr(old) + eval.PyStr(v)), ""
	case "number":
		return v, "a number written in an environment cannot be merged (Heat refuses it)"
	}
	return v, "the merge strategy does not apply to a " + typ + " parameter"
}

func asJSON(v eval.Value) (eval.Value, string) {
	if v.Kind != eval.String {
		return v, ""
	}
	if v.S == "" {
		return v, ""
	}
	j, err := eval.ParseJSON(v.S)
	if err != nil {
		return v, "the value is not valid JSON: " + err.Error()
	}
	return j, ""
}

// mergeList is Heat's merge_list: lists appended, texts joined with ",".
func mergeList(old, v eval.Value) eval.Value {
	if !old.Truthy() {
		return v
	}
	if v.Kind == eval.List {
		if old.Kind == eval.List {
			return eval.ListValue(append(append([]eval.Value{}, old.Items...), v.Items...))
		}
		return v
	}
	return eval.StringValue(eval.PyStr(old) + "," + eval.PyStr(v))
}

// mergeMap is Heat's merge_map.
func mergeMap(old, v eval.Value, deep bool, depth int) eval.Value {
	if !old.Truthy() || old.Kind != eval.Map || depth > eval.MaxDepth {
		return v
	}
	keys := append([]string{}, old.Keys...)
	vals := append([]eval.Value{}, old.Vals...)
	set := func(k string, x eval.Value) {
		for i := range keys {
			if keys[i] == k {
				vals[i] = x
				return
			}
		}
		keys = append(keys, k)
		vals = append(vals, x)
	}
	for i, k := range v.Keys {
		x := v.Vals[i]
		if x.Kind == eval.Null {
			continue
		}
		prev, had := eval.MapValue(keys, vals).Get(k)
		switch {
		case !deep:
			set(k, x)
		case x.Kind == eval.Map:
			if had && prev.Truthy() {
				set(k, mergeMap(prev, x, deep, depth+1))
			} else {
				set(k, x)
			}
		case x.Kind == eval.List:
			if had && prev.Truthy() {
				set(k, mergeList(prev, x))
			} else {
				set(k, x)
			}
		case x.Kind == eval.String:
			s := ""
			if had {
				s = eval.PyStr(prev)
			}
			set(k, eval.StringValue(s+x.S))
		default:
			set(k, x)
		}
	}
	return eval.MapValue(keys, vals)
}
