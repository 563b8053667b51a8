package values

import (
	"heat-ls/analysis/eval"
	"heat-ls/analysis/syntax"
)

// YamlBool reads a plain scalar as a boolean the way Heat's YAML 1.1
// loader (PyYAML) does: true/yes/on and false/no/off in lower, capitalised
// or upper case. Single letters such as y and n stay strings there.
func YamlBool(n *syntax.Node) (bool, bool) {
	if !n.IsScalar() || n.Style != syntax.Plain {
		return false, false
	}
	if eval.IsYAML11BoolText(n.Value) {
		return eval.YAML11True(n.Value), true
	}
	return false, false
}

// PyYAMLKind names what Heat's loader makes of a value that is not text.
func PyYAMLKind(n *syntax.Node) string {
	switch {
	case IsYAML11Bool(n):
		return "a boolean"
	case n.IsScalar() && !n.IsNull() && n.Style == syntax.Plain && IsPyYAMLImplicit(n.Value):
		return "a number"
	}
	return DescribeNode(n)
}

// PyYAMLText reports whether Heat's YAML loader reads scalar n as text:
// quoted or block text, or a plain scalar none of PyYAML's implicit
// types claims (a timestamp is text to Heat).
func PyYAMLText(n *syntax.Node) bool {
	if n == nil || n.Kind != syntax.ScalarNode {
		return false
	}
	if n.Style != syntax.Plain {
		return n.Tag() == "!!str"
	}
	switch n.Tag() {
	case "!!str", "!!timestamp", "!!int", "!!float", "!!bool", "!!null":
		// yaml.v3 resolves by YAML 1.2 (0o17 and 1e3 are numbers there,
		// text to PyYAML): PyYAML's own forms decide
		return !IsPyYAMLImplicit(n.Value)
	}
	return false
}

// IsPyYAMLImplicit reports whether Heat's YAML loader (PyYAML, YAML
// 1.1) reads the plain scalar text s as something other than text: the
// typed forms eval reads (booleans, whole numbers, floats, null), the
// merge key and "=". Timestamps are not among them: Heat's loader builds
// them as text.
func IsPyYAMLImplicit(s string) bool { return s == "<<" || s == "=" || eval.IsYAML11Typed(s) }

// HeatScalarName names what Heat's YAML 1.1 loader makes of a plain
// scalar: a number, a boolean or text.
func HeatScalarName(n *syntax.Node) string {
	if IsYAML11Bool(n) {
		return "a boolean"
	}
	return DescribeNode(n)
}

// IsYAML11Bool reports whether a plain scalar is a boolean to Heat's YAML
// 1.1 loader (yaml.v3 reads "yes", "on"... as text).
func IsYAML11Bool(n *syntax.Node) bool {
	if n == nil || n.Kind != syntax.ScalarNode || n.Style != syntax.Plain {
		return false
	}
	return n.Tag() == "!!bool" || eval.IsYAML11BoolText(n.Value)
}
