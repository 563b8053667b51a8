package resources

import (
	"slices"
	"strings"

	"heat-ls/analysis/check/pass"
	"heat-ls/analysis/check/values"
	"heat-ls/analysis/syntax"
)

// A group's size may be the text a str_replace or list_join makes of
// literals and parameter defaults; Heat's integer property reads that
// text with Python's int(). sizeFromText works such sizes out, so what
// hangs on the size (the member Heat builds, the nested stack's name) is
// judged as for a literal size.

// maxTextDepth bounds nested calls followed when working a text out.
const maxTextDepth = 8

// sizeFromText is the size a str_replace or list_join call n gives, when
// its text can be worked out and Python's int() reads it.
func sizeFromText(p *pass.Pass, n *syntax.Node, depth int) (int, bool) {
	if !values.IsFunctionCall(n) {
		return 0, false
	}
	switch n.Pair(0).Key.Value {
	case "str_replace", "list_join":
	default:
		return 0, false
	}
	s, ok := literalText(p, n, depth)
	if !ok {
		return 0, false
	}
	return values.PythonInt(s)
}

// literalText is the text Heat computes for n when it is text already, a
// parameter's default, or a str_replace or list_join of such texts.
func literalText(p *pass.Pass, n *syntax.Node, depth int) (string, bool) {
	n = n.Resolve()
	if n == nil || depth > maxTextDepth {
		return "", false
	}
	if values.PyYAMLText(n) {
		return n.Value, true
	}
	if arg := GetParamArgs(n); arg != nil {
		def, ok := ParamLiteralDefault(p, arg)
		if !ok || !values.PyYAMLText(def) {
			return "", false
		}
		return def.Value, true
	}
	if !values.IsFunctionCall(n) {
		return "", false
	}
	args := n.Pair(0).Value.Resolve()
	switch n.Pair(0).Key.Value {
	case "str_replace":
		return replacedText(p, args, depth)
	case "list_join":
		return joinedText(p, args, depth)
	}
	return "", false
}

// replacedText works out str_replace as Heat does: the longest
// placeholder first, each replaced in the pieces the longer ones left.
func replacedText(p *pass.Pass, args *syntax.Node, depth int) (string, bool) {
	if !args.IsMapping() || args.NumPairs() != 2 {
		return "", false
	}
	tmpl, ok := literalText(p, args.Get("template"), depth+1)
	params := args.Get("params").Resolve()
	if !ok || params == nil || !params.IsMapping() {
		return "", false
	}
	type sub struct{ key, value string }
	var subs []sub
	for _, pr := range params.Pairs() {
		v, ok := replacementText(p, pr.Value, depth+1)
		if !ok || !values.PyYAMLText(pr.Key) || pr.Key.Value == "" {
			return "", false
		}
		subs = append(subs, sub{pr.Key.Value, v})
	}
	slices.SortStableFunc(subs, func(a, b sub) int {
		if len(a.key) != len(b.key) {
			return len(b.key) - len(a.key)
		}
		return strings.Compare(a.key, b.key)
	})
	var replace func(s string, i int) string
	replace = func(s string, i int) string {
		if i == len(subs) {
			return s
		}
		parts := strings.Split(s, subs[i].key)
		for j, part := range parts {
			parts[j] = replace(part, i+1)
		}
		return strings.Join(parts, subs[i].value)
	}
	return replace(tmpl, 0), true
}

// replacementText is the text str_replace puts in for a parameter value:
// nothing for null, Python's str() of a number or a boolean.
func replacementText(p *pass.Pass, n *syntax.Node, depth int) (string, bool) {
	r := n.Resolve()
	switch {
	case r == nil:
		return "", false
	case r.IsNull():
		return "", true
	case r.IsScalar() && !values.PyYAMLText(r):
		return values.PyStr(r)
	}
	return literalText(p, r, depth)
}

// joinedText works out list_join of literal lists of texts.
func joinedText(p *pass.Pass, args *syntax.Node, depth int) (string, bool) {
	if !args.IsSequence() || len(args.Items()) < 2 {
		return "", false
	}
	delim, ok := literalText(p, args.Items()[0], depth+1)
	if !ok {
		return "", false
	}
	var items []string
	for _, l := range args.Items()[1:] {
		l = l.Resolve()
		if !l.IsSequence() {
			return "", false
		}
		for _, it := range l.Items() {
			if it.Resolve().IsNull() {
				items = append(items, "") // Heat joins a null as nothing
				continue
			}
			s, ok := literalText(p, it, depth+1)
			if !ok {
				return "", false
			}
			items = append(items, s)
		}
	}
	return strings.Join(items, delim), true
}
