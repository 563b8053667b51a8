package graph

import (
	"strings"

	"heat-ls/analysis/hot"
	"heat-ls/analysis/syntax"
)

// maxConditionText bounds the rendering of an inline condition, so a long
// expression does not swamp its node.
const maxConditionText = 48

// conditionText renders a condition: key's value for a node label. A
// name or boolean is shown as written; an inline expression is shown as
// nested calls, "equals(get_param(env), prod)", cut to a readable length.
func conditionText(n *syntax.Node) string {
	n = n.Resolve()
	if n == nil || n.IsNull() {
		return ""
	}
	var b strings.Builder
	writeExpr(&b, n, 0)
	s := b.String()
	if r := []rune(s); len(r) > maxConditionText {
		s = string(r[:maxConditionText-1]) + "…"
	}
	return s
}

func writeExpr(b *strings.Builder, n *syntax.Node, depth int) {
	n = n.Resolve()
	if b.Len() > maxConditionText || n == nil {
		return
	}
	if depth > 8 {
		b.WriteString("…")
		return
	}
	switch n.Kind {
	case syntax.ScalarNode:
		b.WriteString(n.Value)
	case syntax.SequenceNode:
		for i, it := range n.Items() {
			if i > 0 {
				b.WriteString(", ")
			}
			writeExpr(b, it, depth+1)
		}
	case syntax.MappingNode:
		if n.NumPairs() == 1 && n.Pair(0).Key.IsScalar() && hot.IsFunctionName(n.Pair(0).Key.Value) {
			b.WriteString(n.Pair(0).Key.Value)
			b.WriteString("(")
			writeExpr(b, n.Pair(0).Value, depth+1)
			b.WriteString(")")
			return
		}
		b.WriteString("{…}")
	}
}
