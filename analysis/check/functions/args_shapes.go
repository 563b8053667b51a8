package functions

import (
	"fmt"
	"regexp"

	"heat-ls/analysis/check/pass"
	"heat-ls/analysis/check/values"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/rules"
	"heat-ls/analysis/source"
	"heat-ls/analysis/syntax"
	"heat-ls/schema"
)

// CheckArguments checks the shape of every call's arguments, one table
// entry per function (argShapeOf). Arguments that are themselves calls are
// resolved by Heat at run time, so only literals are judged. Calls in the
// parameters section are never evaluated and are skipped, as are calls the
// declared version does not know (CheckFunctions reports those).
func CheckArguments(p *pass.Pass) {
	v := pass.DeclaredVersion(p)
	if v == nil {
		return
	}
	// A call's arguments are judged by their own shape, the version and
	// the schema, so the calls of each resource are judged alone.
	p.EachCallAlone(func(i int, c *hot.Call) {
		if c.Context == hot.InParameter {
			return
		}
		cond := p.InConditionPosition(i)
		if cond && !v.IsConditionFunction(c.Name) || !cond && !v.HasFunction(c.Name) {
			return
		}
		shape, ok := argShapeOf(c.Name)
		if !ok {
			return
		}
		a := &argCtx{p: p, v: v, c: c, args: c.Args.Resolve(), form: shape.form}
		if a.args == nil || values.IsDynamic(a.args) {
			return
		}
		shape.check(a)
	})
}

// argShape is one function's accepted argument form (in words, for
// messages) and its check.
type argShape struct {
	form  string
	check func(a *argCtx)
}

// argShapeOf is the table of argument checks, by function name (a switch
// rather than a map: it is asked for every call of every file checked,
// and a map literal would be built for each run).
func argShapeOf(name string) (argShape, bool) {
	switch name {
	case "get_param":
		return argShape{"`get_param: name` or `get_param: [name, key or index, ...]`", checkGetParamArgs}, true
	case "get_resource":
		return argShape{"`get_resource: resource_name`", checkNameArg}, true
	case "get_file":
		return argShape{"`get_file: path_or_url`", checkGetFileArgs}, true
	case "get_attr":
		return argShape{"`get_attr: [resource, attribute, key or index, ...]`", checkGetAttrArgs}, true
	case "list_join":
		return argShape{"`list_join: [delimiter, [item, ...], ...]`", checkListJoinArgs}, true
	case "str_replace":
		return argShape{"`str_replace: {template: text, params: {placeholder: value}}`", checkStrReplaceArgs}, true
	case "str_replace_strict":
		return argShape{"`str_replace_strict: {template: text, params: {placeholder: value}}`", checkStrReplaceArgs}, true
	case "str_replace_vstrict":
		return argShape{"`str_replace_vstrict: {template: text, params: {placeholder: value}}`", checkStrReplaceArgs}, true
	case "str_split":
		return argShape{"`str_split: [delimiter, text]` or `str_split: [delimiter, text, index]`", checkStrSplitArgs}, true
	case "digest":
		return argShape{"`digest: [algorithm, value]`", checkDigestArgs}, true
	case "repeat":
		return argShape{"`repeat: {for_each: {placeholder: [value, ...]}, template: ...}`", checkRepeatArgs}, true
	case "map_merge":
		return argShape{"`map_merge: [{...}, {...}, ...]`", checkMapMergeArgs}, true
	case "map_replace":
		return argShape{"`map_replace: [{...}, {keys: {old: new}, values: {old: new}}]`", checkMapReplaceArgs}, true
	case "yaql":
		return argShape{"`yaql: {expression: text, data: ...}`", checkYaqlArgs}, true
	case "if":
		return argShape{"`if: [condition, value_if_true, value_if_false]`", checkIfArgs}, true
	case "equals":
		return argShape{"`equals: [value_1, value_2]`", checkEqualsArgs}, true
	case "not":
		return argShape{"`not: condition`", checkNotArgs}, true
	case "and":
		return argShape{"`and: [condition, condition, ...]`", checkAndOrArgs}, true
	case "or":
		return argShape{"`or: [condition, condition, ...]`", checkAndOrArgs}, true
	case "contains":
		return argShape{"`contains: [value, [item, ...]]`", checkContainsArgs}, true
	case "filter":
		return argShape{"`filter: [[value_to_remove, ...], [item, ...]]`", checkFilterArgs}, true
	case "make_url":
		return argShape{"`make_url: {scheme: ..., host: ..., port: ..., path: ..., query: {...}, fragment: ...}`", checkMakeURLArgs}, true
	case "list_concat":
		return argShape{"`list_concat: [[item, ...], [item, ...], ...]`", checkListConcatArgs}, true
	case "list_concat_unique":
		return argShape{"`list_concat_unique: [[item, ...], [item, ...], ...]`", checkListConcatArgs}, true
	case "resource_facade":
		return argShape{"`resource_facade: metadata`, `deletion_policy` or `update_policy`", checkResourceFacadeArgs}, true
	}
	return cfnArgShapeOf(name)
}

// argCtx is one call under check.
type argCtx struct {
	p    *pass.Pass
	v    *schema.Version
	c    *hot.Call
	args *syntax.Node // resolved argument value, never a call
	form string
}

// bad reports a malformed argument that Heat refuses when it parses the
// template (template validate fails wherever the call is). The functions
// of checkedWhenComputed are the exception (see badComputed).
func (a *argCtx) bad(n *syntax.Node, format string, args ...any) *source.Diagnostic {
	return a.report(checkedWhenComputed(a.c.Name), n, format, args...)
}

// badComputed reports a malformed argument that Heat finds only when it
// computes the call (the function's result(), not its parsing or its
// validate()): an error in resource properties, refused at stack create,
// but a warning in an output's value, which Heat resolves only once the
// stack exists, and in the properties of types that never compute them
// (OS::Heat::None, retired stubs).
func (a *argCtx) badComputed(n *syntax.Node, format string, args ...any) *source.Diagnostic {
	return a.report(true, n, format, args...)
}

// report files a bad-function-args finding; computed says Heat makes the
// check only when it computes the call.
func (a *argCtx) report(computed bool, n *syntax.Node, format string, args ...any) *source.Diagnostic {
	if computed && a.c.Context == hot.InOutput {
		return a.p.Warnf(a.spanOf(n), rules.BadFunctionArgs, "%s: %s. Heat accepts the template, as it checks this only when it resolves the output, but the output will show an error once the stack exists. Write %s.",
			"`"+a.c.Name+"`", fmt.Sprintf(format, args...), a.form)
	}
	if owner := PropertiesOwner(a.p, a.c); owner != nil && computed && IgnoresProperties(a.p, owner) {
		return a.p.Warnf(a.spanOf(n), rules.BadFunctionArgs, "%s: %s; Heat lets it through only because `%s` never computes its properties. Write %s.",
			"`"+a.c.Name+"`", fmt.Sprintf(format, args...), owner.Type, a.form)
	}
	if owner := PropertiesOwner(a.p, a.c); owner != nil && computed && leftOut(a.p, owner) {
		return a.p.Warnf(a.spanOf(n), rules.BadFunctionArgs, "%s: %s; Heat lets it through only because the condition of `%s` leaves it out for every input. Write %s.",
			"`"+a.c.Name+"`", fmt.Sprintf(format, args...), owner.Name, a.form)
	}
	return a.p.Reportf(a.spanOf(n), rules.BadFunctionArgs, "%s: %s. Write %s.",
		"`"+a.c.Name+"`", fmt.Sprintf(format, args...), a.form)
}

// checkedWhenComputed names the functions whose arguments Heat checks
// only when it computes their value, not when it reads the template: the
// oracle accepts an output holding any of them with malformed arguments.
// The other functions check their shape when Heat reads them (refused in
// an output too), and some of their checks wait for the value
// (badComputed).
func checkedWhenComputed(name string) bool {
	switch name {
	case "digest", "get_param", "map_merge", "map_replace", "list_concat", "get_file":
		return true
	}
	return false
}

// badValue reports a literal Heat refuses only when it computes the value:
// in resource properties that is at stack create (an error); in outputs
// only when the output is shown, so there it is a warning.
func (a *argCtx) badValue(code string, n *syntax.Node, format string, args ...any) *source.Diagnostic {
	report := a.p.Warnf
	if inProperties(a.p, a.c) {
		report = a.p.Errorf
	}
	return report(a.spanOf(n), code, "%s: %s", "`"+a.c.Name+"`", fmt.Sprintf(format, args...))
}

// spanOf is n's span, or the function key's when n is empty or missing.
func (a *argCtx) spanOf(n *syntax.Node) source.Span {
	if n == nil || n.Span().Len() == 0 {
		return a.c.Key.Span()
	}
	return n.Span()
}

// isHeatText reports whether Heat's YAML 1.1 loader reads the scalar n as
// text: quoted, or plain and no number, boolean or null (it reads dates
// as text too).
func isHeatText(n *syntax.Node) bool {
	if !n.IsScalar() || n.IsNull() {
		return false
	}
	return n.Style != syntax.Plain || (n.Tag() == "!!str" || n.Tag() == "!!timestamp") && !values.IsYAML11Bool(n)
}

// pyIntText is the text Python's int() reads in base 10 (after the white
// space around it is stripped).
var pyIntText = regexp.MustCompile(`^[+-]?[0-9]+(?:_[0-9]+)*$`)
