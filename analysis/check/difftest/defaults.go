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
	v, ok := evalDefault(t, cond)
	return ok && !v
}

func evalDefault(t *hot.Template, n *syntax.Node) (val, ok bool) {
	return hot.DecideCondition(t, n, func(n *syntax.Node) (bool, bool) {
		if n.IsScalar() {
			if n.Tag() == "!!bool" {
				return n.Value == "true" || n.Value == "True" || n.Value == "TRUE", true
			}
			return false, false
		}
		if !n.IsMapping() || n.NumPairs() != 1 || n.Pair(0).Key.Value != "equals" {
			return false, false
		}
		args := n.Pair(0).Value.Resolve()
		if !args.IsSequence() || len(args.Items()) != 2 {
			return false, false
		}
		a, okA := defaultText(t, args.Items()[0])
		b, okB := defaultText(t, args.Items()[1])
		return a == b, okA && okB
	})
}

// defaultText is a plain text literal, or a get_param of a string
// parameter whose default is a plain text literal.
func defaultText(t *hot.Template, n *syntax.Node) (string, bool) {
	n = n.Resolve()
	if n.IsMapping() && n.NumPairs() == 1 && n.Pair(0).Key.Value == "get_param" {
		name := n.Pair(0).Value.Resolve()
		if !name.IsScalar() {
			return "", false
		}
		p := t.Parameter(name.Value)
		if p == nil || p.Type != "string" {
			return "", false
		}
		d := p.Field("default")
		if d.Key == nil {
			return "", false
		}
		n = d.Value.Resolve()
	}
	if !n.IsScalar() || n.Tag() != "!!str" {
		return "", false
	}
	return n.Value, true
}
