package values

import (
	"heat-ls/analysis/hot"
	"heat-ls/analysis/source"
	"heat-ls/analysis/syntax"
)

// KindName says in words what kind of YAML value n is, for messages.
func KindName(n *syntax.Node) string {
	n = n.Resolve()
	switch {
	case n == nil:
		return "nothing"
	case n.IsMapping():
		return "a mapping"
	case n.IsSequence():
		return "a list"
	case n.IsNull():
		return "empty"
	}
	switch n.Tag() {
	case "!!int", "!!float":
		return "a number"
	case "!!bool":
		return "a boolean"
	}
	return "a string"
}

// IsLiteralString reports whether n is a plain scalar that Heat reads as a
// string (quoted or not, dates included, null excluded).
func IsLiteralString(n *syntax.Node) bool {
	n = n.Resolve()
	if !n.IsScalar() || n.IsNull() {
		return false
	}
	if n.Style != syntax.Plain {
		return true
	}
	switch n.Tag() {
	case "!!int", "!!float", "!!bool":
		return false
	}
	return true
}

func QuoteValue(n *syntax.Node) string {
	if n.IsScalar() {
		s := n.Value
		if len(s) > 40 {
			s = s[:40] + "…"
		}
		return "`" + s + "`"
	}
	return DescribeNode(n)
}

// ValueSpan is the value's span, or the key's when the value is empty.
func ValueSpan(value, key *syntax.Node) source.Span {
	if value == nil || value.Span().Len() == 0 {
		return key.Span()
	}
	return value.Span()
}

// IsScalarLiteral: a non-null scalar (Heat reads numbers and booleans too).
func IsScalarLiteral(n *syntax.Node) bool { return n.IsScalar() && !n.IsNull() }

// Literal is n resolved when it is not a call, else nil.
func Literal(n *syntax.Node) *syntax.Node {
	if IsDynamic(n) {
		return nil
	}
	return n.Resolve()
}

// IsFunctionCall reports whether n is a one-key mapping whose key is an
// intrinsic function name of some version: its value is only known when
// Heat resolves it, so value checks skip it (the structure rules judge the
// call itself).
func IsFunctionCall(n *syntax.Node) bool {
	n = n.Resolve()
	if !n.IsMapping() || n.NumPairs() != 1 {
		return false
	}
	k := n.Pair(0).Key
	return k.Kind == syntax.ScalarNode && hot.IsFunctionName(k.Value)
}

// ContainsFunctionCall reports whether a call sits anywhere inside n.
func ContainsFunctionCall(n *syntax.Node, depth int) bool {
	n = n.Resolve()
	if n == nil || depth > 64 {
		return n != nil
	}
	if IsFunctionCall(n) {
		return true
	}
	for _, it := range n.Items() {
		if ContainsFunctionCall(it, depth+1) {
			return true
		}
	}
	for _, pr := range n.Pairs() {
		if ContainsFunctionCall(pr.Value, depth+1) {
			return true
		}
	}
	return false
}

// DescribeNode names what a node is, for messages.
func DescribeNode(n *syntax.Node) string {
	n = n.Resolve()
	switch {
	case n == nil || n.IsNull():
		return "nothing (null)"
	case n.IsMapping():
		return "a mapping"
	case n.IsSequence():
		return "a list"
	}
	switch n.Tag() {
	case "!!int", "!!float":
		return "a number"
	case "!!bool":
		return "a boolean"
	}
	return "text"
}

// IsDynamic reports whether n is a call, whose value Heat computes later.
func IsDynamic(n *syntax.Node) bool {
	n = n.Resolve()
	return n.IsMapping() && n.NumPairs() == 1 && n.Pair(0).Key.Kind == syntax.ScalarNode && hot.IsFunctionName(n.Pair(0).Key.Value)
}
