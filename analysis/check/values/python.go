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
// when heat-ls can be sure of it (eval.LiteralPyStr).
func PyStr(n *syntax.Node) (string, bool) { return eval.LiteralPyStr(n) }

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

// IsPlainDecimal is eval.IsPlainDecimal.
func IsPlainDecimal(s string) bool { return eval.IsPlainDecimal(s) }

// truncatedByHeat tells an unquoted decimal such as `1024.0` (or 2.5),
// which Heat's YAML reader loads as a float and its integer property type
// turns into a whole number with Python's int() (dropping any fraction),
// from what it refuses: quoted text such as "1024.0", an exponent without
// a dot (PyYAML keeps `1e3` as text) and infinity or NaN.
func truncatedByHeat(n *syntax.Node, f float64) bool {
	return n.Style == syntax.Plain && n.Tag() == "!!float" && strings.Contains(n.Value, ".") &&
		!math.IsInf(f, 0) && !math.IsNaN(f)
}

// MaxValueDepth bounds recursion through nested property values.
const MaxValueDepth = 32

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
