package values

import (
	"math"
	"strings"

	"heat-ls/analysis/eval"
	"heat-ls/analysis/syntax"
)

// PythonInt reads s as Python's int() reads text (see eval.PythonInt).
func PythonInt(s string) (int, bool) {
	n, ok := eval.PythonInt(s)
	return int(n), ok
}

// PyStr is Python's str() of the value Heat's YAML loader makes of n,
// when heat-ls can be sure of it.
func PyStr(n *syntax.Node) (string, bool) {
	n = n.Resolve()
	switch {
	case n == nil:
		return "", false
	case n.IsNull():
		return "None", true
	case n.IsMapping() || n.IsSequence() || IsYAML11Bool(n):
		var b strings.Builder
		ok := WritePyRepr(&b, n, 0)
		return b.String(), ok
	case PyYAMLText(n):
		return n.Value, true
	case n.Tag == "!!int" && IsPlainDecimal(n.Value):
		return n.Value, true
	}
	return "", false
}

// HeatInteger is the whole number Heat's integer property type makes of a
// literal scalar with Python's int(): a boolean is 1 or 0, text is read as
// a whole number (spaces around it allowed), an unquoted decimal is cut
// toward zero. ok is false for what the type refuses.
func HeatInteger(n *syntax.Node) (float64, bool) {
	f, isInt, ok := PyNumber(n)
	if ok && (isInt || truncatedByHeat(n, f)) {
		return math.Trunc(f), true
	}
	return 0, false
}

// IsPlainDecimal: s is a whole number written in decimal without a sign
// other than minus, a leading zero or separators, which both YAML
// versions read alike and Python writes back unchanged.
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

// WritePyRepr writes Python's repr of the value Heat's YAML loader makes
// of n, and reports false where heat-ls cannot be sure of the text.
func WritePyRepr(b *strings.Builder, n *syntax.Node, depth int) bool {
	n = n.Resolve()
	if n == nil || depth > MaxValueDepth {
		return false
	}
	switch {
	case n.IsSequence():
		b.WriteByte('[')
		for i, it := range n.Items() {
			if i > 0 {
				b.WriteString(", ")
			}
			if !WritePyRepr(b, it, depth+1) {
				return false
			}
		}
		b.WriteByte(']')
		return true
	case n.IsMapping():
		seen := map[string]bool{}
		b.WriteByte('{')
		for i, pr := range n.Pairs() {
			k := pr.Key.Resolve()
			if k == nil || !k.IsScalar() || k.Value == "<<" || seen[k.Value] {
				return false // merged or repeated keys: the order and values are Python's business
			}
			seen[k.Value] = true
			if i > 0 {
				b.WriteString(", ")
			}
			if !WritePyRepr(b, k, depth+1) {
				return false
			}
			b.WriteString(": ")
			if !WritePyRepr(b, pr.Value, depth+1) {
				return false
			}
		}
		b.WriteByte('}')
		return true
	}
	text, ok := pyReprLeaf(n)
	b.WriteString(text)
	return ok
}

// pyReprLeaf is Python's repr of the scalar Heat's loader makes of n,
// where heat-ls is sure of the text: null, booleans, ASCII text and whole
// numbers written in plain decimal. Floats (whose shortest repr Python
// and the written form may not share) and YAML 1.1's other ways of
// writing whole numbers are left out.
func pyReprLeaf(n *syntax.Node) (string, bool) {
	switch {
	case n.IsNull():
		return eval.PyRepr(eval.NullValue()), true
	case IsYAML11Bool(n):
		v, ok := HeatParamBool(n)
		return eval.PyRepr(eval.BoolValue(v)), ok
	case IsLiteralString(n):
		return eval.PyQuote(n.Value), isASCII(n.Value)
	case n.Tag == "!!int" && IsPlainDecimal(n.Value):
		return n.Value, true
	}
	return "", false
}

// truncatedByHeat tells an unquoted decimal such as `1024.0` (or 2.5),
// which Heat's YAML reader loads as a float and its integer property type
// turns into a whole number with Python's int() (dropping any fraction),
// from what it refuses: quoted text such as "1024.0", an exponent without
// a dot (PyYAML keeps `1e3` as text) and infinity or NaN.
func truncatedByHeat(n *syntax.Node, f float64) bool {
	return n.Style == syntax.Plain && n.Tag == "!!float" && strings.Contains(n.Value, ".") &&
		!math.IsInf(f, 0) && !math.IsNaN(f)
}

// MaxValueDepth bounds recursion through nested property values.
const MaxValueDepth = 32

// isASCII: s holds only ASCII, whose repr heat-ls writes as Python
// does (Python keeps printable non-ASCII characters and escapes others).
func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] > 0x7f {
			return false
		}
	}
	return true
}

// PyTruthyDefault is Python's truthiness of a schema default.
func PyTruthyDefault(d any) bool {
	switch d := d.(type) {
	case nil:
		return false
	case bool:
		return d
	case float64:
		return d != 0
	case string:
		return d != ""
	case []any:
		return len(d) > 0
	case map[string]any:
		return len(d) > 0
	}
	return true
}
