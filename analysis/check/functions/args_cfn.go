package functions

import (
	"encoding/json"
	"strings"

	"heat-ls/analysis/check/values"
	"heat-ls/analysis/rules"
	"heat-ls/analysis/syntax"
)

// The CloudFormation-style functions HOT 2013-05-23 keeps (Fn::Select
// until 2015-04-30). Heat checks how many arguments each takes when it
// reads the template, refused wherever the call is (bad); the kinds of
// the values only when it computes the call (badValue: an error in
// resource properties, at stack create).

// cfnArgShapeOf is argShapeOf's table for the Fn:: functions.
func cfnArgShapeOf(name string) (argShape, bool) {
	switch name {
	case "Fn::Select":
		return argShape{"`Fn::Select: [index, list or mapping]`", checkCfnSelectArgs}, true
	case "Fn::Split":
		return argShape{"`Fn::Split: [delimiter, text]`", checkCfnSplitArgs}, true
	case "Fn::Replace":
		return argShape{"`Fn::Replace: [{placeholder: value}, text]`", checkCfnReplaceArgs}, true
	case "Fn::Base64":
		return argShape{"`Fn::Base64: text`", checkCfnBase64Args}, true
	case "Fn::MemberListToMap":
		return argShape{"`Fn::MemberListToMap: [key name, value name, [member text, ...]]`", checkCfnMemberListToMapArgs}, true
	}
	return argShape{}, false
}

// cfnPair reads the two items Fn::Select, Fn::Split and Fn::Replace
// unpack when Heat reads the call; ok is false (and the call reported)
// when there are not two. Fn::Select unpacks whatever it is given (a
// mapping of two keys, text of two characters); Fn::Split and Fn::Replace
// refuse text and mappings first.
func cfnPair(a *argCtx, textOrMappingRefused bool) (first, second *syntax.Node, ok bool) {
	switch {
	case a.args.IsSequence():
		if items := a.args.Items(); len(items) == 2 {
			return items[0], items[1], true
		}
		a.bad(a.args, "it takes exactly two items, not %d", len(a.args.Items()))
	case textOrMappingRefused && (a.args.IsMapping() || values.PyYAMLText(a.args)):
		a.bad(a.args, "the argument must be a list of two items, not %s", values.KindName(a.args))
	case a.args.IsMapping() && a.args.NumPairs() != 2:
		a.bad(a.args, "it takes a list of two items, not %s", values.KindName(a.args))
	}
	return nil, nil, false
}

func checkCfnSelectArgs(a *argCtx) {
	index, collection, ok := cfnPair(a, false)
	if !ok {
		return
	}
	idx, coll := values.Literal(index), values.Literal(collection)
	if idx == nil || coll == nil {
		return
	}
	kind := coll
	if values.PyYAMLText(coll) {
		if coll.Value == "" {
			return // Heat selects nothing from empty text
		}
		k, ok := jsonKind(coll.Value)
		if !ok {
			a.badValue(rules.BadFunctionArgs, collection, "the text to select from is not JSON, which Heat reads it as.")
			return
		}
		switch k {
		case "object":
			selectFromMapping(a, index, idx)
		case "array":
			selectFromList(a, index, idx)
		case "null", "unknown":
		default:
			a.badValue(rules.BadFunctionArgs, collection, "the JSON text to select from holds a single %s, not a list or a mapping.", k)
		}
		return
	}
	switch {
	case kind.IsMapping():
		selectFromMapping(a, index, idx)
	case kind.IsSequence():
		selectFromList(a, index, idx)
	case kind.IsNull():
	default:
		a.badValue(rules.BadFunctionArgs, collection, "it selects from a list or a mapping, not %s.", values.PyYAMLKind(kind))
	}
}

// selectFromMapping: a mapping is looked up with the index as it is,
// which must be text.
func selectFromMapping(a *argCtx, index, idx *syntax.Node) {
	if !values.PyYAMLText(idx) {
		a.badValue(rules.BadFunctionArgs, index, "the key to select from a mapping must be text, not %s.", values.PyYAMLKind(idx))
	}
}

// selectFromList: a list is indexed with Python's int() of the index.
func selectFromList(a *argCtx, index, idx *syntax.Node) {
	if !idx.IsScalar() || idx.IsNull() {
		a.badValue(rules.BadFunctionArgs, index, "the index into a list must be a whole number, not %s.", values.KindName(idx))
		return
	}
	if _, ok := pyIntIndex(idx); !ok {
		a.badValue(rules.BadFunctionArgs, index, "the index into a list must be a whole number, not %s.", values.QuoteValue(idx))
	}
}

// jsonKind is the kind of value JSON text holds ("object", "array",
// "string", "number", "true", "false", "null"); ok is false when it is no
// JSON. Text holding NaN or Infinity, which Python's json module reads
// and Go's does not, is "unknown".
func jsonKind(s string) (kind string, ok bool) {
	if !json.Valid([]byte(s)) {
		if strings.Contains(s, "NaN") || strings.Contains(s, "Infinity") {
			return "unknown", true
		}
		return "", false
	}
	switch t := strings.TrimSpace(s); {
	case strings.HasPrefix(t, "{"):
		return "object", true
	case strings.HasPrefix(t, "["):
		return "array", true
	case strings.HasPrefix(t, `"`):
		return "string", true
	case t == "true", t == "false", t == "null":
		return t, true
	}
	return "number", true
}

func checkCfnSplitArgs(a *argCtx) {
	delim, text, ok := cfnPair(a, true)
	if !ok {
		return
	}
	// Heat takes the delimiter as written, never computing it: a call
	// there is no text either.
	if d := delim.Resolve(); d != nil && (values.IsDynamic(d) || !values.PyYAMLText(d)) {
		what := values.PyYAMLKind(d)
		if values.IsDynamic(d) {
			what = "a function call (Heat does not compute the delimiter)"
		}
		a.badValue(rules.BadFunctionArgs, delim, "the delimiter must be text, not %s.", what)
	}
	if t := values.Literal(text); t != nil && !values.PyYAMLText(t) {
		a.badValue(rules.BadFunctionArgs, text, "the value to split must be text, not %s.", values.PyYAMLKind(t))
	}
}

func checkCfnReplaceArgs(a *argCtx) {
	cfnPair(a, true)
}

func checkCfnBase64Args(a *argCtx) {
	if !values.PyYAMLText(a.args) {
		a.badValue(rules.BadFunctionArgs, a.args, "the argument must be text, not %s.", values.PyYAMLKind(a.args))
	}
}

func checkCfnMemberListToMapArgs(a *argCtx) {
	if !a.args.IsSequence() {
		return // unpacking text or a mapping of three is left to Heat
	}
	items := a.args.Items()
	if len(items) != 3 {
		a.bad(a.args, "it takes exactly three items, not %d", len(items))
		return
	}
	// Heat checks the two names as written, when it reads the call.
	for i, what := range []string{"key name", "value name"} {
		if n := items[i].Resolve(); n != nil && (values.IsDynamic(n) || !values.PyYAMLText(n)) {
			kind := values.PyYAMLKind(n)
			if values.IsDynamic(n) {
				kind = "a function call (Heat does not compute it)"
			}
			a.bad(items[i], "the %s must be text, not %s", what, kind)
		}
	}
	list := values.Literal(items[2])
	if list != nil && list.IsScalar() && !values.PyYAMLText(list) {
		// text is iterable to Python (its characters are the members);
		// a number, a boolean or null is not
		a.badValue(rules.BadFunctionArgs, items[2], "the members must be a list, not %s.", values.PyYAMLKind(list))
	}
	if list != nil && list.IsSequence() {
		for _, it := range list.Items() {
			if n := values.Literal(it); n != nil && !values.PyYAMLText(n) {
				a.badValue(rules.BadFunctionArgs, it, "every member must be text such as `.member.0.Name=key`, not %s.", values.PyYAMLKind(n))
			}
		}
	}
}
