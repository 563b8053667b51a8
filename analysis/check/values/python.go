package values

import (
	"math"
	"strconv"
	"strings"

	"heat-ls/analysis/syntax"
)

// PythonInt reads s as Python's int() reads text: spaces around it, a
// sign, and decimal digits with single underscores between them.
func PythonInt(s string) (int, bool) {
	s = strings.TrimSpace(s)
	body := strings.TrimLeft(s, "+-")
	if len(s)-len(body) > 1 || body == "" || body[0] == '_' || body[len(body)-1] == '_' || strings.Contains(body, "__") {
		return 0, false
	}
	n, err := strconv.Atoi(s[:len(s)-len(body)] + strings.ReplaceAll(body, "_", ""))
	return n, err == nil
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
	case n.IsNull():
		b.WriteString("None")
		return true
	case IsYAML11Bool(n):
		v, ok := HeatParamBool(n)
		if !ok {
			return false
		}
		if v {
			b.WriteString("True")
		} else {
			b.WriteString("False")
		}
		return true
	case IsLiteralString(n):
		return writePyStr(b, n.Value)
	}
	if n.Tag == "!!int" && IsPlainDecimal(n.Value) {
		b.WriteString(n.Value)
		return true
	}
	return false // floats, and YAML 1.1's other ways of writing whole numbers
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

// writePyStr writes Python's repr of ASCII text s: single quotes unless
// s holds a single quote and no double one.
func writePyStr(b *strings.Builder, s string) bool {
	q := byte('\'')
	if strings.ContainsRune(s, '\'') && !strings.ContainsRune(s, '"') {
		q = '"'
	}
	b.WriteByte(q)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\\' || c == q:
			b.WriteByte('\\')
			b.WriteByte(c)
		case c == '\n':
			b.WriteString(`\n`)
		case c == '\r':
			b.WriteString(`\r`)
		case c == '\t':
			b.WriteString(`\t`)
		case c < 0x20 || c == 0x7f:
			b.WriteString(`\x`)
			b.WriteString(strconv.FormatUint(uint64(c)|0x100, 16)[1:])
		case c > 0x7f:
			return false
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte(q)
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
