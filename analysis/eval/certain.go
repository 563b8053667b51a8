package eval

import (
	"strings"

	"heat-ls/analysis/syntax"
)

// LiteralPyStr is Python's str() of the value Heat's YAML loader makes of
// the literal n, as Heat's string parameters and text properties make
// it: text unchanged, True and False, None, and the repr of lists and
// dicts ("['a', 1]", "{'k': True, 4: None}"). Scalars are read as
// Literal reads them; a mapping's keys keep their type, which Literal's
// values (keyed by text, as JSON) do not tell.
//
// ok is false where the text is not certain offline: floats (Python's
// shortest repr and the YAML reading may part), whole numbers not
// written in plain decimal, text outside ASCII inside a list or mapping
// (Python's repr escapes some of it), merge keys, keys written twice and
// keys that are collections. Anchors and aliases are followed.
func LiteralPyStr(n *syntax.Node) (string, bool) {
	n = n.Resolve()
	if n != nil && n.Kind == syntax.ScalarNode {
		v, ok := certainScalar(n, true)
		if !ok {
			return "", false
		}
		return PyStr(v), true
	}
	var b strings.Builder
	if !writeLiteralRepr(&b, n, 0) {
		return "", false
	}
	return b.String(), true
}

// maxTextDepth bounds the levels of lists and mappings LiteralPyStr
// writes, as deep as the checks judge property values.
const maxTextDepth = 32

// writeLiteralRepr writes Python's repr of the literal n, and reports
// false where it is not certain.
func writeLiteralRepr(b *strings.Builder, n *syntax.Node, depth int) bool {
	n = n.Resolve()
	if n == nil || depth > maxTextDepth {
		return false
	}
	switch n.Kind {
	case syntax.SequenceNode:
		b.WriteByte('[')
		for i, it := range n.Items() {
			if i > 0 {
				b.WriteString(", ")
			}
			if !writeLiteralRepr(b, it, depth+1) {
				return false
			}
		}
		b.WriteByte(']')
		return true
	case syntax.MappingNode:
		return writeMappingRepr(b, n, depth)
	case syntax.ScalarNode:
		v, ok := certainScalar(n, false)
		if ok {
			pyRepr(b, v, depth)
		}
		return ok
	}
	return false
}

// writeMappingRepr writes the repr of mapping n, keys with their own
// type, in the order written.
func writeMappingRepr(b *strings.Builder, n *syntax.Node, depth int) bool {
	seen := map[string]bool{}
	b.WriteByte('{')
	for i, pr := range n.Pairs() {
		k := pr.Key.Resolve()
		if k == nil || k.Kind != syntax.ScalarNode || syntax.IsMergeKey(k) {
			return false // merged keys: the order and values are Python's business
		}
		var key strings.Builder
		if !writeLiteralRepr(&key, k, depth+1) || seen[key.String()] {
			return false // a repeated key: Python keeps the first place, the last value
		}
		seen[key.String()] = true
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(key.String())
		b.WriteString(": ")
		if !writeLiteralRepr(b, pr.Value, depth+1) {
			return false
		}
	}
	b.WriteByte('}')
	return true
}

// certainScalar is the loader's value of scalar n where its Python text
// is certain: null, a boolean, text (ASCII unless it stands alone, when
// str() gives it unchanged) or a whole number written in plain decimal.
func certainScalar(n *syntax.Node, alone bool) (Value, bool) {
	v := Scalar(n)
	switch v.Kind {
	case Null, Bool:
		return v, true
	case String:
		return v, alone || isASCII(v.S)
	case Int:
		return v, n.Style == syntax.Plain && IsPlainDecimal(n.Value)
	}
	return v, false
}

// IsPlainDecimal: s is a whole number in decimal with no sign but minus,
// no leading zero and no separators, which both YAML versions read alike
// and Python writes back unchanged.
func IsPlainDecimal(s string) bool {
	s = strings.TrimPrefix(s, "-")
	if s == "" || len(s) > 1 && s[0] == '0' {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] > 0x7f {
			return false
		}
	}
	return true
}
