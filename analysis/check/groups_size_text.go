package check

import (
	"slices"
	"strings"

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
func (p *Pass) sizeFromText(n *syntax.Node, depth int) (int, bool) {
	if !isFunctionCall(n) {
		return 0, false
	}
	switch n.Pair(0).Key.Value {
	case "str_replace", "list_join":
	default:
		return 0, false
	}
	s, ok := p.literalText(n, depth)
	if !ok {
		return 0, false
	}
	return pythonInt(s)
}

// literalText is the text Heat computes for n when it is text already, a
// parameter's default, or a str_replace or list_join of such texts.
func (p *Pass) literalText(n *syntax.Node, depth int) (string, bool) {
	n = n.Resolve()
	if n == nil || depth > maxTextDepth {
		return "", false
	}
	if pyYAMLText(n) {
		return n.Value, true
	}
	if arg := getParamArgs(n); arg != nil {
		def, ok := p.paramLiteralDefault(arg)
		if !ok || !pyYAMLText(def) {
			return "", false
		}
		return def.Value, true
	}
	if !isFunctionCall(n) {
		return "", false
	}
	args := n.Pair(0).Value.Resolve()
	switch n.Pair(0).Key.Value {
	case "str_replace":
		return p.replacedText(args, depth)
	case "list_join":
		return p.joinedText(args, depth)
	}
	return "", false
}

// replacedText works out str_replace as Heat does: the longest
// placeholder first, each replaced in the pieces the longer ones left.
func (p *Pass) replacedText(args *syntax.Node, depth int) (string, bool) {
	if !args.IsMapping() || args.NumPairs() != 2 {
		return "", false
	}
	tmpl, ok := p.literalText(args.Get("template"), depth+1)
	params := args.Get("params").Resolve()
	if !ok || params == nil || !params.IsMapping() {
		return "", false
	}
	type sub struct{ key, value string }
	var subs []sub
	for _, pr := range params.Pairs() {
		v, ok := p.replacementText(pr.Value, depth+1)
		if !ok || !pyYAMLText(pr.Key) || pr.Key.Value == "" {
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
func (p *Pass) replacementText(n *syntax.Node, depth int) (string, bool) {
	r := n.Resolve()
	switch {
	case r == nil:
		return "", false
	case r.IsNull():
		return "", true
	case r.IsScalar() && !pyYAMLText(r):
		return pyStr(r)
	}
	return p.literalText(r, depth)
}

// joinedText works out list_join of literal lists of texts.
func (p *Pass) joinedText(args *syntax.Node, depth int) (string, bool) {
	if !args.IsSequence() || len(args.Items()) < 2 {
		return "", false
	}
	delim, ok := p.literalText(args.Items()[0], depth+1)
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
			s, ok := p.literalText(it, depth+1)
			if !ok {
				return "", false
			}
			items = append(items, s)
		}
	}
	return strings.Join(items, delim), true
}
