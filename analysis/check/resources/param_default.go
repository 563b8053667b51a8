package resources

import (
	"strconv"

	"heat-ls/analysis/check/pass"
	"heat-ls/analysis/check/values"
	"heat-ls/analysis/eval"
	"heat-ls/analysis/syntax"
	"heat-ls/schema"
)

// defaultTextFromParam reports whether n is a get_param of a whole string
// parameter with a default. A string parameter's value is text: when the
// stack is created without a value for it, Heat hands the property the
// default's text: Python's text of a list or mapping ("['a', 'b']",
// "{'k': 'v'}"), "True" or "False" for a boolean, the scalar as written
// otherwise. text is that text, as the evaluator converts the default;
// ok is false when n is something else or the text cannot be told
// exactly (eval.LiteralPyStr: a float, text outside ASCII in a list, a
// merge key...).
func (rc *ResourceChecker) defaultTextFromParam(n *syntax.Node) (name, text string, ok bool) {
	arg := GetParamArgs(n)
	if arg == nil || rc.p.T == nil {
		return "", "", false
	}
	if arg.IsSequence() && len(arg.Items()) == 1 {
		arg = arg.Items()[0].Resolve()
	}
	if !values.IsScalarLiteral(arg) {
		return "", "", false
	}
	prm := rc.p.T.Parameter(arg.Value)
	if prm == nil || prm.Type != "string" && prm.Type != "json" || pass.EnvironmentSets(rc.p, prm.Name) {
		return "", "", false
	}
	f := prm.Field("default")
	if f.Key == nil {
		return "", "", false
	}
	def := f.Value.Resolve()
	if def == nil || def.IsNull() || values.IsFunctionCall(def) {
		return "", "", false
	}
	if prm.Type == "json" {
		// Heat parses a json parameter's text, but keeps the empty text
		// as it is; the parsed values are left out.
		if raw := eval.Literal(def); raw.Kind != eval.String || raw.S != "" {
			return "", "", false
		}
		return prm.Name, "", true
	}
	text, ok = eval.LiteralPyStr(def)
	return prm.Name, text, ok
}

// checkDefaultTextFromParam judges a get_param of a string parameter
// with a default as the text Heat makes of that default
// (defaultTextFromParam): where the property refuses that text (a list's
// text is no number, boolean, address or list; a word may not be among
// the allowed values), Heat refuses the stack created with the defaults.
func (rc *ResourceChecker) checkDefaultTextFromParam(prop *schema.Property, n, key, anchor *syntax.Node, depth int) {
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
	lead := "The " + prm.Type + " parameter `" + name + "` has " + values.DescribeNode(def) +
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
