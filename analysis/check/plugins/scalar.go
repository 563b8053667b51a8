package plugins

import (
	"slices"
	"strconv"

	"heat-ls/analysis/check/resources"
	"heat-ls/analysis/check/values"
	"heat-ls/analysis/syntax"
	"heat-ls/schema"
)

// scalar is what heat-ls knows offline of one scalar property as a
// plugin's validate() reads it: the literal written, else the schema's
// default, else None. A function call, or a list or mapping where a
// scalar belongs, is unknown, and no check is claimed on it.
type scalar struct {
	// at is the value node (the key when written empty); nil when absent.
	at *syntax.Node
	// known: the value is known offline.
	known bool
	// none: Heat reads None (absent, without a default).
	none bool
	// text is the value as text, once Heat converted it to the
	// property's type (a key written empty reads as the type's zero).
	text string
	// literal is the scalar written (nil for a default or a key written
	// empty); integer tells an integer property, whose value Heat makes
	// with Python's int().
	literal *syntax.Node
	integer bool
}

// scalarOf reads property name of props; prop is its schema, nil when
// unknown (the value is then judged as text).
func scalarOf(props *syntax.Node, name string, prop *schema.Property) scalar {
	pr := props.Lookup(name)
	if pr.Key == nil {
		if prop != nil && prop.HasDefault && prop.Default != nil {
			if s, ok := defaultText(prop.Default); ok {
				return scalar{known: true, text: s}
			}
			return scalar{}
		}
		return scalar{known: true, none: true}
	}
	v := pr.Value.Resolve()
	switch {
	case v == nil || v.IsNull():
		if prop != nil && prop.HasDefault && values.PyTruthyDefault(prop.Default) {
			s, ok := defaultText(prop.Default)
			return scalar{at: pr.Key, known: ok, text: s}
		}
		return scalar{at: pr.Key, known: true, text: zeroText(prop)}
	case !v.IsScalar() || values.IsFunctionCall(v):
		return scalar{at: v}
	}
	if prop != nil && prop.Type == "boolean" {
		if b, ok := values.YamlBool(v); ok {
			return scalar{at: v, known: true, text: strconv.FormatBool(b)}
		}
	}
	return scalar{at: v, known: true, text: v.Value, literal: v, integer: prop != nil && prop.Type == "integer"}
}

// defaultText writes a schema default as the text a plugin compares.
func defaultText(d any) (string, bool) {
	switch d := d.(type) {
	case string:
		return d, true
	case bool:
		return strconv.FormatBool(d), true
	case float64:
		return strconv.FormatFloat(d, 'f', -1, 64), true
	}
	return "", false
}

// zeroText is what Heat's property layer makes of a key written empty
// whose default is falsy: the zero of the property's type.
func zeroText(prop *schema.Property) string {
	if prop == nil {
		return ""
	}
	switch prop.Type {
	case "integer", "number":
		return "0"
	case "boolean":
		return "false"
	}
	return ""
}

// is reports a value known to be one of vals.
func (s scalar) is(vals ...string) bool {
	return s.known && !s.none && slices.Contains(vals, s.text)
}

// given reports a value known not to be None.
func (s scalar) given() bool { return s.known && !s.none }

// truthy reports a value known to be truthy once converted.
func (s scalar) truthy() bool {
	if !s.given() {
		return false
	}
	switch s.text {
	case "", "false":
		return false
	}
	if s.integer && s.literal != nil {
		n, ok := values.HeatInteger(s.literal)
		return !ok || n != 0
	}
	if f, err := strconv.ParseFloat(s.text, 64); err == nil {
		return f != 0
	}
	return true
}

// number is the value as a number, when it is one: for an integer
// property, the whole number Python's int() makes of what was written
// (an unquoted 1.9 is 1, true is 1).
func (s scalar) number() (float64, bool) {
	if !s.given() {
		return 0, false
	}
	if s.integer && s.literal != nil {
		return values.HeatInteger(s.literal)
	}
	f, err := strconv.ParseFloat(s.text, 64)
	return f, err == nil
}

// scalar reads one property of the checked resource.
func (pc pluginCtx) scalar(name string) scalar {
	return scalarOf(pc.props, name, pc.property(name))
}

// itemsOf returns the literal mappings of list property list of props
// with the schema of their fields (nil when unknown); none when the list
// is a function call.
func itemsOf(props *syntax.Node, list string, prop *schema.Property) ([]*syntax.Node, map[string]*schema.Property) {
	var fields map[string]*schema.Property
	if prop != nil && prop.Item != nil {
		fields = prop.Item.Fields
	}
	return literalMappings(props, list), fields
}

// at is where a finding about s is reported: its value, else the
// properties of the resource.
func (pc pluginCtx) at(s scalar) *syntax.Node {
	if s.at != nil {
		return s.at
	}
	return pc.anchor()
}

// mergesKeys tells a mapping whose keys a merge key may add to: nothing
// about what it lacks is claimed there.
func mergesKeys(m *syntax.Node) bool { return resources.MergesOtherKeys(m) }

// quoteJoin writes names as `a`, `b` or `c`.
func quoteJoin(names []string) string {
	if len(names) == 0 {
		return ""
	}
	out := "`" + names[0] + "`"
	for i, n := range names[1:] {
		if i == len(names)-2 {
			out += " or "
		} else {
			out += ", "
		}
		out += "`" + n + "`"
	}
	return out
}

// literalSet reports a key of m given as a literal that is not null.
func literalSet(m *syntax.Node, name string) bool {
	pr := m.Lookup(name)
	if pr.Key == nil {
		return false
	}
	v := pr.Value.Resolve()
	return v != nil && !v.IsNull() && !values.IsFunctionCall(v)
}
