package eval

import (
	"slices"
	"strings"

	"heat-ls/analysis/syntax"
)

// partial builds a text in which some parts are unknown: the result is a
// String when every part is known, otherwise an Unknown whose placeholder
// is the text with the unknown parts' placeholders in place.
type partial struct {
	b       strings.Builder
	unknown bool
}

func (p *partial) add(s string, known bool) {
	p.b.WriteString(s)
	if !known {
		p.unknown = true
	}
}

func (p *partial) value() Value {
	if p.unknown {
		return UnknownValue(p.b.String())
	}
	return StringValue(p.b.String())
}

// strReplace is str_replace and its strict forms: each key of params is
// replaced by its value in template, longer keys first (equal lengths in
// text order), a replaced part never replaced again.
func (e *Evaluator) strReplace(name string, m, args *syntax.Node, inCond bool, depth int) Value {
	a := args.Resolve()
	if name == "Fn::Replace" {
		return e.cfnReplace(m, a, inCond, depth)
	}
	if !a.IsMapping() {
		return e.fail(m, "the arguments of `"+name+"` must be a mapping with template and params")
	}
	tn, pn := a.Get("template"), a.Get("params")
	if a.Lookup("template").Key == nil || a.Lookup("params").Key == nil {
		return e.fail(m, "`"+name+"` needs both template and params")
	}
	// Heat sorts the keys by length: a key YAML reads as a number, a
	// boolean or null has none.
	for _, p := range pn.Resolve().Pairs() {
		if k := Scalar(p.Key.Resolve()); p.Key.Resolve().IsScalar() && k.Kind != String {
			return e.fail(p.Key, "`"+name+"`: the param "+p.Key.Value+" is read as "+k.Kind.String()+", not text; quote it")
		}
	}
	tmpl := e.eval(tn, inCond, depth)
	params := e.eval(pn, inCond, depth)
	for _, v := range []Value{tmpl, params} {
		if bad, ok := deepInvalid(v, 0); ok {
			return bad
		}
	}
	if params.Kind == Unknown {
		return UnknownValue("<" + name + ": " + PyStr(tmpl) + ">")
	}
	if tmpl.Kind == Unknown {
		return tmpl
	}
	if tmpl.Kind != String {
		return e.fail(m, "the template of `"+name+"` must be text")
	}
	if params.Kind != Map {
		return e.fail(m, "the params of `"+name+"` must be a mapping")
	}
	jsonValues := e.since("2015-10-15")
	strict := name != "str_replace"
	vstrict := name == "str_replace_vstrict"
	texts := make(map[string]string, len(params.Keys))
	known := make(map[string]bool, len(params.Keys))
	for i, k := range params.Keys {
		s, ok, bad := replacementText(params.Vals[i], jsonValues, vstrict)
		if bad != "" {
			return e.fail(m, "`"+name+"`: the value of "+k+" "+bad)
		}
		texts[k], known[k] = s, ok
	}
	if slices.Contains(params.Keys, "") {
		return e.fail(m, "`"+name+"`: a param is the empty text, which Heat cannot split the template on")
	}
	keys := slices.Clone(params.Keys)
	slices.Sort(keys)
	slices.SortStableFunc(keys, func(a, b string) int { return len(b) - len(a) })
	if len(keys) > maxReplaceKeys {
		return UnknownValue("<" + name + " with more params than heat-ls evaluates>")
	}
	used := map[string]bool{}
	var out partial
	budget := max(e.o.MaxSteps-e.steps, 0)
	left := replaceParts(&out, tmpl.S, keys, texts, known, used, budget)
	if e.steps += budget - left; left <= 0 {
		e.overrun = true
		return UnknownValue("<too large to preview>")
	}
	if strict {
		var missing []string
		for _, k := range keys {
			if !used[k] {
				missing = append(missing, k)
			}
		}
		if len(missing) > 0 {
			return e.fail(m, "`"+name+"`: these params are not in the template: "+strings.Join(missing, ","))
		}
	}
	return out.value()
}

// maxReplaceKeys bounds the params of one str_replace that are worked out
// (and so replaceParts' recursion): far above any real template.
const maxReplaceKeys = 10_000

// replaceParts splits s on the first key, replaces the others in each
// piece, and joins the pieces with the key's value, as Heat does.
// Each call spends one step of budget (every piece is visited once per
// remaining key, so the work is pieces × keys); it returns what is left,
// 0 when the budget ran out. Its recursion is one level per key.
func replaceParts(out *partial, s string, keys []string, texts map[string]string, known, used map[string]bool, budget int) int {
	if budget--; budget <= 0 {
		return 0
	}
	if len(keys) == 0 {
		out.add(s, true)
		return budget
	}
	k := keys[0]
	pieces := []string{s}
	if k != "" {
		pieces = strings.Split(s, k)
	} else {
		// Python's split refuses an empty separator.
		pieces = []string{s}
	}
	if len(pieces) > 1 {
		used[k] = true
	}
	for i, p := range pieces {
		if i > 0 {
			out.add(texts[k], known[k])
		}
		if budget = replaceParts(out, p, keys[1:], texts, known, used, budget); budget <= 0 {
			return 0
		}
	}
	return budget
}

// replacementText is the text a str_replace param value puts in: null is
// "", numbers and booleans as Python writes them, lists and maps as JSON
// from 2015-10-15 on. bad says why a value cannot be used.
func replacementText(v Value, jsonValues, vstrict bool) (text string, known bool, bad string) {
	switch v.Kind {
	case Unknown:
		return v.S, false, ""
	case Invalid:
		return v.S, false, ""
	case Null:
		if vstrict {
			return "", true, "is empty"
		}
		return "", true, ""
	case String:
		if vstrict && v.S == "" {
			return "", true, "is empty"
		}
		return v.S, true, ""
	case Bool, Int, Float:
		return PyStr(v), true, ""
	case List, Map:
		if !jsonValues {
			return "", true, "must be text or a number"
		}
		if vstrict && len(v.Items) == 0 && len(v.Keys) == 0 {
			return "", true, "is empty"
		}
		if !v.IsKnown() {
			return JSON(v), false, ""
		}
		return JSON(v), true, ""
	}
	return "", true, "cannot be used"
}

func firstInvalid(vs ...Value) Value {
	for _, v := range vs {
		if v.Kind == Invalid {
			return v
		}
	}
	return vs[0]
}

// cfnReplace is Fn::Replace: [{key: value}, template].
func (e *Evaluator) cfnReplace(m, a *syntax.Node, inCond bool, depth int) Value {
	if !a.IsSequence() || len(a.Items()) != 2 {
		return e.fail(m, "the arguments of `Fn::Replace` must be [mapping, text]")
	}
	params := e.eval(a.Items()[0], inCond, depth)
	tmpl := e.eval(a.Items()[1], inCond, depth)
	if u, ok := firstUnsettled(params, tmpl); ok {
		return u
	}
	if params.Kind != Map || tmpl.Kind != String {
		return e.fail(m, "the arguments of `Fn::Replace` must be [mapping, text]")
	}
	s := tmpl.S
	for i, k := range params.Keys {
		t, _, bad := replacementText(params.Vals[i], false, false)
		if bad != "" {
			return e.fail(m, "`Fn::Replace`: the value of "+k+" "+bad)
		}
		s = strings.ReplaceAll(s, k, t)
	}
	return StringValue(s)
}

// listJoin is list_join: [delimiter, list, ...]. Before 2015-10-15 it
// takes one list of texts; from then on several lists, whose lists and
// maps are written as JSON.
func (e *Evaluator) listJoin(name string, m, args *syntax.Node, inCond bool, depth int) Value {
	usage := "the arguments of `" + name + "` must be [delimiter, list]"
	multi := name == "list_join" && e.since("2015-10-15")
	if multi {
		usage = "the arguments of `list_join` must be [delimiter, list, ...]"
	}
	items, bad, ok := e.listArgs(m, args, 0, usage, inCond, depth)
	if !ok {
		return bad
	}
	if len(items) < 2 || (!multi && len(items) != 2) {
		return e.fail(m, usage)
	}
	delim := items[0]
	var strs []Value
	for _, l := range items[1:] {
		switch l.Kind {
		case Unknown, Invalid:
			return l
		case Null:
			continue
		case List:
			strs = append(strs, l.Items...)
		default:
			if !multi || l.Truthy() {
				return e.fail(m, "`"+name+"` joins lists, not "+l.Kind.String())
			}
		}
	}
	if delim.Kind == Unknown || delim.Kind == Invalid {
		return delim
	}
	if delim.Kind != String {
		return e.fail(m, "the delimiter of `"+name+"` must be text")
	}
	var out partial
	for i, s := range strs {
		if i > 0 {
			out.add(delim.S, true)
		}
		switch s.Kind {
		case Null:
		case String:
			out.add(s.S, true)
		case Unknown, Invalid:
			out.add(s.S, false)
		case List, Map:
			if !multi {
				return e.fail(m, "`"+name+"` joins texts, not "+s.Kind.String())
			}
			out.add(JSON(s), s.IsKnown())
		default:
			return e.fail(m, "`"+name+"` joins texts, not "+s.Kind.String()+" "+PyStr(s))
		}
	}
	return out.value()
}

// strSplit is str_split: [delimiter, text] gives a list, [delimiter,
// text, index] one item of it.
func (e *Evaluator) strSplit(name string, m, args *syntax.Node, inCond bool, depth int) Value {
	usage := "the arguments of `" + name + "` must be [delimiter, text] or [delimiter, text, index]"
	items, bad, ok := e.listArgs(m, args, 0, usage, inCond, depth)
	if !ok {
		return bad
	}
	if len(items) < 2 {
		return e.fail(m, usage)
	}
	if u, ok := firstUnsettled(items...); ok {
		return UnknownValue("<" + name + " of " + u.S + ">")
	}
	delim, s := items[0], items[1]
	if s.Kind == Null {
		return NullValue()
	}
	if delim.Kind != String && delim.Kind != Null || s.Kind != String || delim.S == "" && delim.Kind == String {
		return e.fail(m, usage)
	}
	var parts []string
	if delim.Kind == Null {
		parts = strings.Fields(s.S) // Python's split(None): on runs of white space
	} else {
		parts = strings.Split(s.S, delim.S)
	}
	if len(items) < 3 {
		out := make([]Value, len(parts))
		for i, p := range parts {
			out[i] = StringValue(p)
		}
		return ListValue(out)
	}
	idx, ok := toInt(items[2])
	if !ok {
		return e.fail(m, "the index of `"+name+"` must be a whole number")
	}
	if idx < 0 {
		idx += int64(len(parts))
	}
	if idx < 0 || idx >= int64(len(parts)) {
		return e.fail(m, "the index of `"+name+"` is past the end of the list")
	}
	return StringValue(parts[idx])
}

// toInt is Python's int() of a number or a text holding one.
func toInt(v Value) (int64, bool) {
	switch v.Kind {
	case Int:
		return v.I, true
	case Bool:
		if v.B {
			return 1, true
		}
		return 0, true
	case Float:
		return int64(v.F), true
	case String:
		return PythonInt(v.S)
	}
	return 0, false
}
