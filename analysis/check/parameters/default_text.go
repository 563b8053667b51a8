package parameters

import (
	"strconv"

	"heat-ls/analysis/check/values"
	"heat-ls/analysis/syntax"
	"heat-ls/schema"
)

// textDefaultProblem judges the default of a string parameter that YAML
// reads as something other than text (a list, a mapping, a number, a
// boolean). Heat checks such a default against the constraints as it is,
// without turning it into text first, so a pattern cannot be matched, a
// number has no length, and a mapping is never among plain allowed values:
// Heat refuses the template at validate. Values given at create time are
// text already and are judged by ConstraintProblem.
func textDefaultProblem(c schema.Constraint, typ string, n *syntax.Node) string {
	if typ != "string" || readsAsText(n) {
		return ""
	}
	switch c.Kind {
	case schema.ConstraintAllowedPattern:
		return "Heat matches a pattern only against text, and the default is " + values.DescribeNode(n) + "; write it as text"
	case schema.ConstraintLength:
		if n.IsScalar() {
			return "Heat measures the length of text only, and the default is " + values.DescribeNode(n) + "; write it as text"
		}
		if l, ok := len(n.Items()), n.IsSequence(); ok && (c.Min != nil && float64(l) < *c.Min || c.Max != nil && float64(l) > *c.Max) {
			return "the list has " + strconv.Itoa(l) + " items, outside the allowed length " + values.RangeText(c.Min, c.Max)
		}
		if l, ok := n.NumPairs(), n.IsMapping(); ok && (c.Min != nil && float64(l) < *c.Min || c.Max != nil && float64(l) > *c.Max) {
			return "the mapping has " + strconv.Itoa(l) + " keys, outside the allowed length " + values.RangeText(c.Min, c.Max)
		}
	case schema.ConstraintAllowedValues:
		if n.IsMapping() && allScalars(c.AllowedValues) {
			return "a mapping is never one of the allowed values " + values.AllowedText(c.AllowedValues)
		}
	}
	return ""
}

// readsAsText: n is a scalar that Heat's YAML loader reads as text (not a
// number, a boolean, null, a list or a mapping).
func readsAsText(n *syntax.Node) bool {
	return values.IsLiteralString(n) && !values.IsYAML11Bool(n.Resolve())
}

// allScalars: every allowed value is text, a number or a boolean.
func allScalars(allowed []any) bool {
	for _, a := range allowed {
		switch a.(type) {
		case string, float64, bool:
		default:
			return false
		}
	}
	return true
}

// pythonTruthyNonText: n is a value Python takes for true that is not
// text (a non-empty list or mapping, a non-zero number, true). Heat joins
// a constraint's description with its own text only when the description
// is true in that sense, and the join fails on anything but text.
func pythonTruthyNonText(n *syntax.Node) bool {
	switch {
	case n == nil || n.IsNull() || readsAsText(n):
		return false
	case n.IsSequence():
		return len(n.Items()) > 0
	case n.IsMapping():
		return n.NumPairs() > 0
	case values.IsYAML11Bool(n):
		b, _ := values.HeatParamBool(n)
		return b
	}
	f, _, ok := values.PyNumber(n)
	return !ok || f != 0
}
