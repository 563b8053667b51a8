package functions

import (
	"slices"
	"strings"

	"heat-ls/analysis/check/pass"
	"heat-ls/analysis/check/values"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/rules"
	"heat-ls/analysis/syntax"
	"heat-ls/schema"
)

func checkNameArg(a *argCtx) {
	switch {
	case values.IsScalarLiteral(a.args):
	case a.c.Name == "get_resource" && a.args.IsNull() && a.c.Context == hot.InOutput:
		// An output's get_resource looks its target up only when the
		// output is resolved: the oracle accepts one of nothing (a list
		// or mapping it refuses as it reads the call).
		a.badComputed(a.args, "the argument must be a name, not %s", values.KindName(a.args))
	default:
		a.bad(a.args, "the argument must be a name, not %s", values.KindName(a.args))
	}
}

// checkGetFileArgs: a path, and not an empty one (the client cannot read
// a directory, and Heat finds no file under an empty name).
func checkGetFileArgs(a *argCtx) {
	checkNameArg(a)
	switch n := a.args; {
	case !values.IsScalarLiteral(n):
	case strings.TrimSpace(n.Value) == "":
		a.bad(n, "the path is empty")
	case n.Style == syntax.Plain && (n.Tag() == "!!int" || n.Tag() == "!!float" || values.IsYAML11Bool(n)):
		a.bad(n, "the path must be text, and Heat reads %s as %s; quote it", n.Value, values.HeatScalarName(n))
	}
}

func checkGetParamArgs(a *argCtx) {
	switch {
	case values.IsScalarLiteral(a.args):
	case a.args.IsSequence():
		if len(a.args.Items()) == 0 {
			a.bad(a.args, "the list is empty; it needs the parameter name first")
			return
		}
		if n := values.Literal(a.args.Items()[0]); n != nil && !values.IsScalarLiteral(n) {
			a.bad(a.args.Items()[0], "the parameter name must be text, not %s", values.KindName(n))
		}
		checkPathItems(a, a.args.Items()[1:])
	default:
		a.bad(a.args, "the argument must be a parameter name or a list, not %s", values.KindName(a.args))
	}
}

// checkPathItems: keys and indexes of a path must be text or numbers.
// Heat's lookup swallows one that is not, so get_param gives empty text
// and get_attr null: a warning, wherever the call is (the empty text's own
// consequences in a property are judged with the property,
// EmptyFromParamPath). The exception is a list or mapping in get_attr's
// path from 2014-10-16 on: Heat keys the attribute and its path together
// in a set while it validates, which a list or mapping cannot enter, so
// template validate fails (checked with the oracle).
func checkPathItems(a *argCtx, items []*syntax.Node) {
	for _, it := range items {
		n := values.Literal(it)
		switch {
		case n == nil || values.IsScalarLiteral(n):
		case a.c.Name == "get_attr" && (n.IsMapping() || n.IsSequence()) && a.v.Supports(schema.FeatureGetAttrPath):
			a.bad(it, "a path item must be a key or an index, not %s (Heat cannot index the attribute by it)", values.KindName(n))
		default:
			a.p.Warnf(a.spanOf(it), rules.BadFunctionArgs, "`%s`: a path item must be a key or an index, not %s; Heat's lookup finds nothing then, so the value is %s. Write %s.",
				a.c.Name, values.KindName(n), pathMissValue(a.c.Name), a.form)
		}
	}
}

// pathMissValue is what a function whose path finds nothing gives, in
// words.
func pathMissValue(fn string) string {
	if fn == "get_param" {
		return "empty text"
	}
	return "null"
}

// checkGetAttrArgs judges get_attr's resource, attribute and path. It
// does not gate a path after the attribute on the version: 2013-05-23
// reads such a path too (its get_attr selects into the value), and real
// templates of that version use it.
func checkGetAttrArgs(a *argCtx) {
	if !a.args.IsSequence() {
		a.bad(a.args, "the argument must be a list, not %s", values.KindName(a.args))
		return
	}
	items := a.args.Items()
	switch {
	case len(items) == 0:
		a.bad(a.args, "the list is empty")
		return
	case len(items) == 1 && !a.v.Supports(schema.FeatureGetAttrAllAttributes):
		d := a.bad(a.args, "naming only the resource (all its attributes) needs heat_template_version %s or later",
			a.p.Schema.FeatureSince(schema.FeatureGetAttrAllAttributes).Name)
		d.Data = map[string]string{"minVersion": a.p.Schema.FeatureSince(schema.FeatureGetAttrAllAttributes).Name}
	}
	for i, it := range items {
		if i > 1 {
			break
		}
		if n := values.Literal(it); n != nil && !values.IsScalarLiteral(n) {
			a.bad(it, "the resource and attribute names must be text, not %s", values.KindName(n))
		}
	}
	if len(items) > 2 {
		checkPathItems(a, items[2:])
	}
}

func checkResourceFacadeArgs(a *argCtx) {
	kinds := schema.ResourceFacadeKinds()
	if values.IsScalarLiteral(a.args) && slices.Contains(kinds, a.args.Value) {
		return
	}
	d := a.bad(a.args, "`%s` is not one of %s", a.args.Value, quotedList(kinds))
	if a.args.IsScalar() {
		d.Suggestions = pass.ClosestNames(a.args.Value, kinds, 3, 6)
	}
}
