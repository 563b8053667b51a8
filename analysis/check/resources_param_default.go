package check

import (
	"strconv"
	"strings"

	"heat-ls/analysis/syntax"
	"heat-ls/schema"
)

// defaultTextFromParam reports whether n is a get_param of a whole string
// parameter with a default. A string parameter's value is text: when the
// stack is created without a value for it, Heat hands the property the
// default's text: Python's text of a list or mapping ("['a', 'b']",
// "{'k': 'v'}"), "True" or "False" for a boolean, the scalar as written
// otherwise. text is that text; ok is false when n is something else or
// the text cannot be told exactly (a float, a timestamp, text outside
// ASCII, a merge key).
func (rc *resourceChecker) defaultTextFromParam(n *syntax.Node) (name, text string, ok bool) {
	arg := getParamArgs(n)
	if arg == nil || rc.p.T == nil {
		return "", "", false
	}
	if arg.IsSequence() && len(arg.Items()) == 1 {
		arg = arg.Items()[0].Resolve()
	}
	if !isScalarLiteral(arg) {
		return "", "", false
	}
	prm := rc.p.T.Parameter(arg.Value)
	if prm == nil || prm.Type != "string" && prm.Type != "json" || rc.p.environmentSets(prm.Name) {
		return "", "", false
	}
	f := prm.Field("default")
	if f.Key == nil {
		return "", "", false
	}
	def := f.Value.Resolve()
	if def == nil || def.IsNull() || isFunctionCall(def) {
		return "", "", false
	}
	if prm.Type == "json" {
		// Heat parses a json parameter's text, but keeps the empty text
		// as it is.
		if !pyYAMLText(def) || def.Value != "" {
			return "", "", false
		}
		return prm.Name, "", true
	}
	if def.IsScalar() {
		text, ok := scalarParamText(def)
		return prm.Name, text, ok
	}
	var b strings.Builder
	if !writePyRepr(&b, def, 0) {
		return "", "", false
	}
	return prm.Name, b.String(), true
}

// checkDefaultTextFromParam judges a get_param of a string parameter
// with a default as the text Heat makes of that default
// (defaultTextFromParam): where the property refuses that text (a list's
// text is no number, boolean, address or list; a word may not be among
// the allowed values), Heat refuses the stack created with the defaults.
func (rc *resourceChecker) checkDefaultTextFromParam(prop *schema.Property, n, key, anchor *syntax.Node, depth int) {
	if !rc.judgesHandedText(prop) {
		return
	}
	name, text, ok := rc.defaultTextFromParam(n)
	if !ok {
		return
	}
	ds := rc.checkHandedText(prop, text, n, key, anchor, depth)
	if len(ds) == 0 {
		return // the usual case: the wording below is built only when needed
	}
	prm := rc.p.T.Parameter(name)
	def := prm.Field("default").Value.Resolve()
	lead := "The " + prm.Type + " parameter `" + name + "` has " + describeNode(def) +
		" as its default, which Heat hands over here as the text " + strconv.Quote(text) + ". "
	switch {
	case def.IsScalar() && def.Value == text:
		lead = "The " + prm.Type + " parameter `" + name + "` defaults to " + strconv.Quote(text) +
			", which this property gets when the stack is created without a value for it. "
	case def.IsScalar():
		lead = "The " + prm.Type + " parameter `" + name + "` defaults to " + def.Value +
			", which Heat hands over here as the text " + strconv.Quote(text) + ". "
	}
	for i := range ds {
		d := &ds[i]
		d.Message = lead + d.Message
		d.Suggestions = nil
	}
}

// writePyRepr writes Python's repr of the value Heat's YAML loader makes
// of n, and reports false where heat-ls cannot be sure of the text.
func writePyRepr(b *strings.Builder, n *syntax.Node, depth int) bool {
	n = n.Resolve()
	if n == nil || depth > maxValueDepth {
		return false
	}
	switch {
	case n.IsSequence():
		b.WriteByte('[')
		for i, it := range n.Items() {
			if i > 0 {
				b.WriteString(", ")
			}
			if !writePyRepr(b, it, depth+1) {
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
			if !writePyRepr(b, k, depth+1) {
				return false
			}
			b.WriteString(": ")
			if !writePyRepr(b, pr.Value, depth+1) {
				return false
			}
		}
		b.WriteByte('}')
		return true
	case n.IsNull():
		b.WriteString("None")
		return true
	case isYAML11Bool(n):
		v, ok := heatParamBool(n)
		if !ok {
			return false
		}
		if v {
			b.WriteString("True")
		} else {
			b.WriteString("False")
		}
		return true
	case isLiteralString(n):
		return writePyStr(b, n.Value)
	}
	if n.Tag == "!!int" && isPlainDecimal(n.Value) {
		b.WriteString(n.Value)
		return true
	}
	return false // floats, and YAML 1.1's other ways of writing whole numbers
}

// isPlainDecimal: s is a whole number written in decimal without a sign
// other than minus, a leading zero or separators, which both YAML
// versions read alike and Python writes back unchanged.
func isPlainDecimal(s string) bool {
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

// environmentSets: an environment of the workspace gives parameter name
// a value (under parameters or parameter_defaults), so the template's
// default may never be used.
func (p *Pass) environmentSets(name string) bool {
	if p.Workspace == nil {
		return false
	}
	if p.Workspace.ParameterDefaulted(name) {
		return true
	}
	for _, ap := range p.Workspace.AppliedParameters() {
		if ap.Name == name {
			return true
		}
	}
	return false
}

// scalarParamText is the text a string parameter makes of a scalar
// default: YAML 1.1 booleans become Python's True and False, whole
// numbers and text stay as written; floats and other forms are left out.
func scalarParamText(n *syntax.Node) (string, bool) {
	switch {
	case isYAML11Bool(n):
		v, ok := heatParamBool(n)
		if !ok {
			return "", false
		}
		if v {
			return "True", true
		}
		return "False", true
	case isLiteralString(n):
		return n.Value, true
	case n.Tag == "!!int" && isPlainDecimal(n.Value):
		return n.Value, true
	}
	return "", false
}
