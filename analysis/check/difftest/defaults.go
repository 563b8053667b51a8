package difftest

import (
	"heat-ls/analysis/hot"
	"heat-ls/analysis/syntax"
)

// falseByDefault reports whether the condition a resource names (or writes
// inline) is certainly false when every parameter takes its default, as in
// the oracle's batch run. Only literal booleans, condition names, equals of
// literals and of get_param with a literal default, and not/and/or are
// decided; anything else is "unknown" and gives false here.
func falseByDefault(t *hot.Template, cond *syntax.Node) bool {
	v, ok := evalDefault(t, cond, 0)
	return ok && !v
}

func evalDefault(t *hot.Template, n *syntax.Node, depth int) (val, ok bool) {
	n = n.Resolve()
	if n == nil || depth > 16 {
		return false, false
	}
	if n.IsScalar() {
		switch n.Tag {
		case "!!bool":
			return n.Value == "true" || n.Value == "True" || n.Value == "TRUE", true
		case "!!str":
			if c := t.Condition(n.Value); c != nil {
				return evalDefault(t, c.Value, depth+1)
			}
		}
		return false, false
	}
	if !n.IsMapping() || len(n.Pairs) != 1 {
		return false, false
	}
	fn, args := n.Pairs[0].Key.Value, n.Pairs[0].Value.Resolve()
	switch fn {
	case "not":
		v, ok := evalDefault(t, args, depth+1)
		return !v, ok
	case "and", "or":
		if !args.IsSequence() || len(args.Items) < 2 {
			return false, false
		}
		all := fn == "and"
		for _, it := range args.Items {
			v, ok := evalDefault(t, it, depth+1)
			if !ok {
				return false, false
			}
			if v != all {
				return v, true
			}
		}
		return all, true
	case "equals":
		if !args.IsSequence() || len(args.Items) != 2 {
			return false, false
		}
		a, okA := defaultText(t, args.Items[0])
		b, okB := defaultText(t, args.Items[1])
		return a == b, okA && okB
	}
	return false, false
}

// defaultText is a plain text literal, or a get_param of a string
// parameter whose default is a plain text literal.
func defaultText(t *hot.Template, n *syntax.Node) (string, bool) {
	n = n.Resolve()
	if n.IsMapping() && len(n.Pairs) == 1 && n.Pairs[0].Key.Value == "get_param" {
		name := n.Pairs[0].Value.Resolve()
		if !name.IsScalar() {
			return "", false
		}
		p := t.Parameter(name.Value)
		if p == nil || p.Type != "string" {
			return "", false
		}
		d := p.Field("default")
		if d == nil {
			return "", false
		}
		n = d.Value.Resolve()
	}
	if !n.IsScalar() || n.Tag != "!!str" {
		return "", false
	}
	return n.Value, true
}
