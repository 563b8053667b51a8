package values

import (
	"regexp"

	"heat-ls/analysis/syntax"
)

// YamlBool reads a plain scalar as a boolean the way Heat's YAML 1.1
// loader (PyYAML) does: true/yes/on and false/no/off in lower, capitalised
// or upper case. Single letters such as y and n stay strings there.
func YamlBool(n *syntax.Node) (bool, bool) {
	if !n.IsScalar() || n.Style != syntax.Plain {
		return false, false
	}
	switch n.Value {
	case "true", "True", "TRUE", "yes", "Yes", "YES", "on", "On", "ON":
		return true, true
	case "false", "False", "FALSE", "no", "No", "NO", "off", "Off", "OFF":
		return false, true
	}
	return false, false
}

// PyYAMLKind names what Heat's loader makes of a value that is not text.
func PyYAMLKind(n *syntax.Node) string {
	switch {
	case IsYAML11Bool(n):
		return "a boolean"
	case n.IsScalar() && !n.IsNull() && n.Style == syntax.Plain && pyYAMLImplicit.MatchString(n.Value):
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
		return n.Tag == "!!str"
	}
	switch n.Tag {
	case "!!str", "!!timestamp", "!!int", "!!float", "!!bool", "!!null":
		// yaml.v3 resolves by YAML 1.2 (0o17 and 1e3 are numbers there,
		// text to PyYAML): PyYAML's own forms decide
		return !pyYAMLImplicit.MatchString(n.Value)
	}
	return false
}

// pyYAMLImplicit are the plain scalars Heat's YAML loader (PyYAML, YAML
// 1.1) reads as something other than text: booleans, whole numbers
// (with base-60 and binary forms), floats, null, the merge key and "=".
// Timestamps are not among them: Heat's loader builds them as text.
var pyYAMLImplicit = regexp.MustCompile(`^(?:` +
	`yes|Yes|YES|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF` +
	`|[-+]?0b[0-1_]+|[-+]?0[0-7_]+|[-+]?(?:0|[1-9][0-9_]*)|[-+]?0x[0-9a-fA-F_]+|[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+` +
	`|[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+][0-9]+)?|\.[0-9][0-9_]*(?:[eE][-+][0-9]+)?|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN)` +
	`|~|null|Null|NULL|` +
	`|<<|=)$`)

// IsPyYAMLImplicit reports whether Heat's YAML loader reads the plain
// scalar text s as something other than text (see pyYAMLImplicit).
func IsPyYAMLImplicit(s string) bool { return pyYAMLImplicit.MatchString(s) }

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
	if n.Tag == "!!bool" {
		return true
	}
	switch n.Value {
	case "yes", "Yes", "YES", "no", "No", "NO", "on", "On", "ON", "off", "Off", "OFF",
		"true", "True", "TRUE", "false", "False", "FALSE":
		return true
	}
	return false
}
