package eval

import (
	"strings"

	"heat-ls/analysis/syntax"
)

// maxRepeat bounds the number of copies a repeat makes, so a preview of a
// product of long lists stays small.
const maxRepeat = 100000

// maxRepeatLists bounds the for_each lists of a permuting repeat (and so
// the recursion of combinations, one level per list).
const maxRepeatLists = 1000

// repeat is repeat: the template copied once per combination of the
// for_each values (every combination, or with permutations false the
// lists side by side), each key replaced by its value in every text.
func (e *Evaluator) repeat(m, args *syntax.Node, inCond bool, depth int) Value {
	a := args.Resolve()
	if !a.IsMapping() || a.Lookup("for_each").Key == nil || a.Lookup("template").Key == nil {
		return e.fail(m, "the arguments of `repeat` must be a mapping with for_each and template")
	}
	nested := true
	if pn := a.Lookup("permutations"); pn.Key != nil && e.since("2017-09-01") {
		pv := Scalar(pn.Value.Resolve())
		if pv.Kind != Bool {
			return e.fail(m, "`permutations` of `repeat` must be true or false")
		}
		nested = pv.B
	}
	fe := e.eval(a.Get("for_each"), inCond, depth)
	if bad, ok := deepInvalid(fe, 0); ok {
		return bad
	}
	if u, ok := firstUnsettled(fe); ok {
		return UnknownValue("<repeat over " + u.S + ">")
	}
	if fe.Kind != Map {
		return e.fail(m, "the for_each of `repeat` must be a mapping")
	}
	if len(fe.Keys) == 0 {
		// Heat unpacks the placeholders and their lists from the
		// mapping's items, which fails on none.
		return e.fail(m, "the for_each of `repeat` maps no placeholder, and Heat needs one to repeat over")
	}
	lists := make([][]Value, len(fe.Keys))
	lens := -1
	for i, v := range fe.Vals {
		switch {
		case v.Kind == Null:
			lists[i] = nil
			continue
		case v.Kind == Unknown || v.Kind == Invalid:
			return UnknownValue("<repeat over " + v.S + ">")
		case v.Kind == List:
			lists[i] = v.Items
		case v.Kind == Map && nested && e.since("2016-10-14"):
			for _, k := range v.Keys {
				lists[i] = append(lists[i], StringValue(k))
			}
		default:
			return e.fail(m, "the values of for_each of `repeat` must be lists")
		}
		if !nested && lens >= 0 && lens != len(lists[i]) {
			return e.fail(m, "with permutations false, the for_each lists of `repeat` must be of equal length")
		}
		lens = len(lists[i])
	}
	tmpl := e.eval(a.Get("template"), inCond, depth)
	if bad, ok := deepInvalid(tmpl, 0); ok {
		return bad
	}
	combos, ok := combinations(lists, nested)
	if !ok {
		// Heat makes them; heat-ls does not preview them.
		e.overrun = true
		return UnknownValue("<repeat makes more copies than heat-ls previews>")
	}
	out := make([]Value, 0, len(combos))
	if e.steps += len(combos) * (size(tmpl, 0) + 1); e.steps > e.o.MaxSteps {
		e.overrun = true
		return UnknownValue("<too large to preview>")
	}
	for _, c := range combos {
		v, bad := replaceIn(tmpl, fe.Keys, c, 0)
		if bad != "" {
			return e.fail(m, "`repeat`: "+bad)
		}
		out = append(out, v)
	}
	return ListValue(out)
}

// combinations lists the value tuples: the product of the lists, or the
// lists zipped (to the shortest).
func combinations(lists [][]Value, nested bool) ([][]Value, bool) {
	if !nested {
		n := -1
		for _, l := range lists {
			if n < 0 || len(l) < n {
				n = len(l)
			}
		}
		out := make([][]Value, 0, max(n, 0))
		for i := 0; i < n; i++ {
			c := make([]Value, len(lists))
			for j, l := range lists {
				c[j] = l[i]
			}
			out = append(out, c)
		}
		return out, true
	}
	if len(lists) > maxRepeatLists {
		return nil, false
	}
	total := 1
	for _, l := range lists {
		total *= len(l)
		if total > maxRepeat {
			return nil, false
		}
	}
	out := make([][]Value, 0, total)
	c := make([]Value, len(lists))
	var rec func(i int)
	rec = func(i int) {
		if i == len(lists) {
			out = append(out, append([]Value(nil), c...))
			return
		}
		for _, v := range lists[i] {
			c[i] = v
			rec(i + 1)
		}
	}
	if len(lists) > 0 {
		rec(0)
	}
	return out, true
}

// replaceIn replaces each key by its value in every text of t: values,
// list items and mapping keys. A value that is no text cannot replace
// (Python's str.replace refuses it).
func replaceIn(t Value, keys []string, vals []Value, depth int) (Value, string) {
	if depth > MaxDepth {
		return UnknownValue("<nested deeper than heat-ls evaluates>"), ""
	}
	switch t.Kind {
	case String, Unknown:
		s, unknown, bad := replaceText(t.S, keys, vals)
		if bad != "" {
			return t, bad
		}
		t.S = s
		if unknown {
			t.Kind = Unknown
		}
		return t, ""
	case List:
		items := make([]Value, len(t.Items))
		for i, it := range t.Items {
			v, bad := replaceIn(it, keys, vals, depth+1)
			if bad != "" {
				return t, bad
			}
			items[i] = v
		}
		t.Items = items
		return t, ""
	case Map:
		var b mapBuilder
		for i := range t.Keys {
			nk := t.Key(i) // Python replaces in text keys only
			if nk.Kind == String {
				s, _, bad := replaceText(nk.S, keys, vals)
				if bad != "" {
					return t, bad
				}
				nk = StringValue(s)
			}
			v, bad := replaceIn(t.Vals[i], keys, vals, depth+1)
			if bad != "" {
				return t, bad
			}
			b.setKey(nk, v)
		}
		nv := b.value()
		nv.From = t.From
		return nv, ""
	}
	return t, ""
}

// replaceText replaces the keys in s in order; unknown is true when an
// unknown value went in.
func replaceText(s string, keys []string, vals []Value) (out string, unknown bool, bad string) {
	for i, k := range keys {
		v := vals[i]
		switch v.Kind {
		case String:
		case Unknown, Invalid:
			unknown = unknown || strings.Contains(s, k)
		default:
			return s, false, "the value " + PyStr(v) + " is no text, so it cannot replace " + k
		}
		s = strings.ReplaceAll(s, k, v.S)
	}
	return s, unknown, ""
}

func allKnown(vs []Value) bool {
	for _, v := range vs {
		if !v.IsKnown() {
			return false
		}
	}
	return true
}

// size counts the values in v (up to MaxDepth deep).
func size(v Value, depth int) int {
	if depth > MaxDepth {
		return 1
	}
	n := 1
	for _, it := range v.Items {
		n += size(it, depth+1)
	}
	for _, it := range v.Vals {
		n += size(it, depth+1)
	}
	return n
}
