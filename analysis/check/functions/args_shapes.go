package functions

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"heat-ls/analysis/check/pass"
	"heat-ls/analysis/check/values"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/rules"
	"heat-ls/analysis/source"
	"heat-ls/analysis/syntax"
	"heat-ls/schema"
)

// checkGetAttrArgs does not gate a path after the attribute on the
// version: 2013-05-23 reads such a path too (its get_attr selects into the
// value), and real templates of that version use it.

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
	return n.Style != syntax.Plain || (n.Tag == "!!str" || n.Tag == "!!timestamp") && !values.IsYAML11Bool(n)
}

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
	case n.Style == syntax.Plain && (n.Tag == "!!int" || n.Tag == "!!float" || values.IsYAML11Bool(n)):
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

func checkListJoinArgs(a *argCtx) {
	if !a.args.IsSequence() {
		a.bad(a.args, "the argument must be a list of a delimiter and a list, not %s", values.KindName(a.args))
		return
	}
	items := a.args.Items()
	if len(items) < 2 {
		a.bad(a.args, "it needs a delimiter and a list")
		return
	}
	if len(items) > 2 && !a.v.Supports(schema.FeatureListJoinMultipleLists) {
		first := a.p.Schema.FeatureSince(schema.FeatureListJoinMultipleLists).Name
		d := a.bad(items[2], "joining several lists needs heat_template_version %s or later", first)
		d.Data = map[string]string{"minVersion": first}
	}
	// Heat reads the delimiter and the lists only when it joins them.
	if n := values.Literal(items[0]); n != nil && !values.PyYAMLText(n) {
		a.badComputed(items[0], "the delimiter must be text, not %s", values.PyYAMLKind(n))
	}
	// Heat joins nothing for a list that is null; from the version that
	// joins several lists it skips any operand Python counts as false
	// (empty text, zero, false, an empty mapping too).
	multi := a.v.Supports(schema.FeatureListJoinMultipleLists)
	for _, it := range items[1:] {
		n := values.Literal(it)
		if n != nil && (n.IsNull() || multi && pyFalsy(n)) {
			continue
		}
		if n != nil && !n.IsSequence() {
			a.badComputed(it, "the values to join must be a list, not %s", values.KindName(n))
		} else if n != nil {
			checkJoinedItems(a, n)
		}
	}
}

// checkJoinedItems reports the first item of a literal list to join that
// Heat cannot make text of. Python's join takes text only: Heat turns a
// null into empty text and, from the version that joins several lists,
// a list or a mapping into its JSON; anything else (a number, a boolean,
// before that version a list or a mapping too) is refused when the
// value is computed.
func checkJoinedItems(a *argCtx, list *syntax.Node) {
	asJSON := a.v.Supports(schema.FeatureListJoinMultipleLists)
	for _, it := range list.Items() {
		n := it.Resolve()
		switch {
		case n == nil || n.IsNull() || values.IsFunctionCall(n) || values.PyYAMLText(n):
			continue
		case (n.IsMapping() || n.IsSequence()) && asJSON:
			continue
		case n.IsMapping() || n.IsSequence():
			first := a.p.Schema.FeatureSince(schema.FeatureListJoinMultipleLists).Name
			d := a.badComputed(it, "each item to join must be text, not %s (heat_template_version %s and later join a list or a mapping as its JSON)", values.PyYAMLKind(n), first)
			d.Data = map[string]string{"minVersion": first}
		default:
			a.badComputed(it, "each item to join must be text, not %s; quote it", values.PyYAMLKind(n))
		}
		return
	}
}

func checkStrReplaceArgs(a *argCtx) {
	if !a.args.IsMapping() {
		a.bad(a.args, "the argument must be a mapping with `template` and `params`, not %s", values.KindName(a.args))
		return
	}
	tmplPair, paramsPair := a.args.Lookup("template"), a.args.Lookup("params")
	if tmplPair.Key == nil || paramsPair.Key == nil {
		missing := "`template`"
		if tmplPair.Key != nil {
			missing = "`params`"
		} else if paramsPair.Key == nil {
			missing = "`template` and `params`"
		}
		a.bad(a.args, "%s missing", missing)
		return
	}
	if tmpl := values.Literal(tmplPair.Value); tmpl != nil && !values.PyYAMLText(tmpl) {
		// Heat computes the replacement on text only (the oracle refuses
		// a list, a number, a boolean and nothing at stack create).
		hint := ""
		if tmpl.IsScalar() && !tmpl.IsNull() {
			hint = " Quote it."
		}
		a.badValue(rules.BadFunctionArgs, tmplPair.Value, "`template` must be text, not %s.%s", values.PyYAMLKind(tmpl), hint)
	}
	params := values.Literal(paramsPair.Value)
	if params == nil {
		checkComputedParams(a, paramsPair.Value)
		return
	}
	if !params.IsMapping() {
		// Heat tests this one when it reads the template, wherever the
		// call is (the oracle refuses it in an output and in OS::Heat::None).
		a.bad(paramsPair.Value, "`params` must be a mapping of placeholder to value, not %s", values.KindName(params))
		return
	}
	tmpl := values.Literal(tmplPair.Value)
	if (tmpl == nil || values.PyYAMLText(tmpl)) && checkReplacePlaceholders(a, params) {
		return
	}
	checkReplaceValueSets(a, params)
	if a.c.Name == "str_replace" {
		checkReplaceValuesText(a, params)
		return
	}
	for _, pr := range params.Pairs() {
		if a.c.Name == "str_replace_vstrict" {
			if val := values.Literal(pr.Value); val != nil && (val.IsNull() || val.IsScalar() && val.Value == "" && val.Tag == "!!str") {
				a.badValue(rules.BadFunctionArgs, pr.Value, "the value of `%s` is empty, which this function refuses. Give it a value or use `str_replace_strict`.", pr.Key.Value)
			}
		}
		if tmpl == nil || !values.IsLiteralString(tmpl) || pr.Key.Kind != syntax.ScalarNode {
			continue
		}
		if !strings.Contains(tmpl.Value, pr.Key.Value) {
			d := a.badValue(rules.StrReplaceUnusedParam, pr.Key, "the placeholder `%s` does not occur in the template, which this function refuses. Remove it, fix the template, or use `str_replace`.", pr.Key.Value)
			d.Related = []source.Related{{Span: tmplPair.Value.Span(), Message: "the template"}}
		}
	}
}

// checkReplacePlaceholders: Heat sorts the placeholders by length
// when it computes the value, so a placeholder PyYAML reads as a number,
// a boolean or nothing is refused at stack create (a warning in an
// output); a date and 1e3 are text. It says whether one was refused:
// Heat stops there, before any value is looked at.
func checkReplacePlaceholders(a *argCtx, params *syntax.Node) bool {
	refused := false
	for _, pr := range params.Pairs() {
		if pr.Key == nil || pr.Key.Kind != syntax.ScalarNode || values.PyYAMLText(pr.Key) {
			continue
		}
		a.badValue(rules.BadFunctionArgs, pr.Key, "the placeholder `%s` must be text, not %s. Quote it.", pr.Key.Value, values.PyYAMLKind(pr.Key))
		refused = true
	}
	return refused
}

// checkReplaceValuesText: before 2015-10-15 str_replace puts only text,
// numbers and booleans into the template; Heat refuses a list or mapping
// value when it computes the property at stack create (later versions
// write such a value as JSON).
func checkReplaceValuesText(a *argCtx, params *syntax.Node) {
	if a.v.Supports(schema.FeatureNonStringJoinReplace) {
		return
	}
	for _, pr := range params.Pairs() {
		if val := values.Literal(pr.Value); val != nil && (val.IsMapping() || val.IsSequence()) {
			a.badValue(rules.BadFunctionArgs, pr.Value, "the value of `%s` is %s; before version %s only text, numbers and booleans can replace a placeholder.", pr.Key.Value, values.KindName(val), a.p.Schema.FeatureSince(schema.FeatureNonStringJoinReplace).Name)
		}
	}
}

func checkStrSplitArgs(a *argCtx) {
	if !a.args.IsSequence() {
		// Heat refuses only text or a mapping when it reads the call; a
		// number, boolean or null fails only when it splits.
		if a.args.IsMapping() || isHeatText(a.args) {
			a.bad(a.args, "the argument must be a list, not %s", values.KindName(a.args))
		} else {
			a.badComputed(a.args, "the argument must be a list, not %s", values.HeatScalarName(a.args))
		}
		return
	}
	// Heat refuses text or a mapping when it parses the call; it counts
	// the items and reads the delimiter only when it splits.
	items := a.args.Items()
	if len(items) > 3 {
		// Heat takes the first three and never looks at the rest (the
		// oracle accepts four items in a property at stack create).
		extra := len(items) - 3
		a.p.Warnf(a.spanOf(items[3]), rules.BadFunctionArgs, "`str_split`: Heat reads only the delimiter, the text and the index, and ignores the %d %s after them. Remove %s.",
			extra, pass.Plural(extra, "item", "items"), pass.Plural(extra, "it", "them"))
		items = items[:3]
	}
	if len(items) < 2 {
		a.badComputed(a.args, "it takes two or three items, not %d", len(items))
		return
	}
	// Heat gives nothing back for a null text before it looks at the
	// delimiter, and a text from a call may be null (get_attr before the
	// resource exists), so the delimiter is judged only beside literal
	// text. A null delimiter splits at white space (Python's split()).
	text := values.Literal(items[1])
	if text != nil && !text.IsNull() && !values.PyYAMLText(text) {
		a.badValue(rules.BadFunctionArgs, items[1], "the value to split must be text, not %s.", values.PyYAMLKind(text))
	}
	if n := values.Literal(items[0]); n != nil && text != nil && values.PyYAMLText(text) {
		switch {
		case !n.IsScalar():
			a.badComputed(items[0], "the delimiter must be text, not %s", values.KindName(n))
		case n.IsNull():
		case !values.PyYAMLText(n):
			a.badValue(rules.BadFunctionArgs, items[0], "the delimiter must be text, not %s. Quote it.", values.PyYAMLKind(n))
		case n.Value == "":
			a.badValue(rules.BadFunctionArgs, items[0], "the delimiter is empty, which Python's split() refuses.")
		}
	}
	if len(items) == 3 {
		if n := values.Literal(items[2]); n != nil && (!n.IsScalar() || n.IsNull()) {
			a.badValue(rules.BadFunctionArgs, items[2], "the index must be a whole number, not %s.", values.KindName(n))
		} else if n != nil {
			checkStrSplitIndex(a, items)
		}
	}
}

func checkDigestArgs(a *argCtx) {
	if !a.args.IsSequence() || len(a.args.Items()) != 2 {
		a.bad(a.args, "it takes exactly an algorithm and a value")
		return
	}
	if v := values.Literal(a.args.Items()[1]); v != nil && !values.PyYAMLText(v) {
		// Heat wants both items to be text when it computes the hash.
		a.badValue(rules.BadFunctionArgs, v, "the value to hash must be text, not %s.", values.PyYAMLKind(v))
	}
	alg := values.Literal(a.args.Items()[0])
	if alg == nil {
		return
	}
	if !values.IsScalarLiteral(alg) {
		a.bad(alg, "the algorithm must be a name such as `sha256`, not %s", values.KindName(alg))
		return
	}
	known := schema.DigestAlgorithms()
	// Heat looks the name up lower-cased and hashlib takes these common
	// names in any case, so `SHA1` hashes as `sha1`.
	name := strings.ToLower(alg.Value)
	switch {
	case slices.Contains(known, name), slices.Contains(schema.DigestAlgorithmsPython(), alg.Value):
		// hashlib builds the Python ones under their exact name only
		// (Heat accepts BLAKE2S, then hashlib refuses it: hc/digest-blake2-upper)
		return
	case slices.Contains(schema.DigestAlgorithmsVariableLength(), name):
		a.badValue(rules.BadFunctionArgs, alg, "`%s` is a hash of variable length, whose digest needs a length Heat does not give; computing it fails. Use a fixed-length algorithm such as sha3_256.", alg.Value)
		return
	case slices.Contains(schema.DigestAlgorithmsSomeHosts(), name):
		a.p.ReportInf(a.spanOf(alg), rules.UnknownDigestAlgorithm, rules.HostDigest,
			"`digest`: `%s` exists only where the host's OpenSSL provides it; Heat refuses the value when it computes it on a host without it. Use %s for a template every Heat accepts.",
			alg.Value, strings.Join(known, ", "))
		return
	}
	near := pass.ClosestNames(alg.Value, known, 3, 3)
	d := a.badValue(rules.UnknownDigestAlgorithm, alg, "`%s` is not an algorithm every Heat host has (%s); Heat refuses the value when it computes it.%s",
		alg.Value, strings.Join(known, ", "), pass.DidYouMean(near))
	d.Suggestions = near
}

func checkMapMergeArgs(a *argCtx) {
	if !a.args.IsSequence() {
		a.badValue(rules.BadFunctionArgs, a.args, "the argument must be a list of mappings, not %s.", values.KindName(a.args))
		return
	}
	for _, it := range a.args.Items() {
		if n := values.Literal(it); n != nil && !n.IsMapping() && !n.IsNull() {
			a.badValue(rules.BadFunctionArgs, it, "every item to merge must be a mapping, not %s.", values.KindName(n))
		}
	}
}

func checkMapReplaceArgs(a *argCtx) {
	if !a.args.IsSequence() || len(a.args.Items()) != 2 {
		a.badValue(rules.BadFunctionArgs, a.args, "the argument must be a list of a mapping and a `{keys: ..., values: ...}` mapping.")
		return
	}
	if n := values.Literal(a.args.Items()[0]); n != nil && !n.IsMapping() {
		a.badValue(rules.BadFunctionArgs, a.args.Items()[0], "the first item must be the mapping to change, not %s.", values.KindName(n))
	}
	repl := values.Literal(a.args.Items()[1])
	if repl == nil {
		return
	}
	if !repl.IsMapping() {
		a.badValue(rules.BadFunctionArgs, a.args.Items()[1], "the second item must be a mapping with `keys` and/or `values`, not %s.", values.KindName(repl))
		return
	}
	for _, pr := range repl.Pairs() {
		if pr.Key.Value != "keys" && pr.Key.Value != "values" {
			a.badValue(rules.BadFunctionArgs, pr.Key, "`%s` is not accepted here; use `keys` and `values`.", pr.Key.Value)
			continue
		}
		if n := values.Literal(pr.Value); n != nil && !n.IsMapping() && !n.IsNull() {
			a.badValue(rules.BadFunctionArgs, pr.Value, "`%s` must map old names to new ones, not be %s.", pr.Key.Value, values.KindName(n))
		}
	}
	checkMapReplaceCollisions(a, values.Literal(a.args.Items()[0]), values.Literal(repl.Get("keys")))
}

// checkMapReplaceCollisions renames the keys of a literal mapping as
// map_replace does and reports a new name that meets another key of the
// input, or one an earlier key already took: Heat refuses both when it
// computes the result.
func checkMapReplaceCollisions(a *argCtx, in, keys *syntax.Node) {
	if in == nil || keys == nil || !in.IsMapping() || !keys.IsMapping() {
		return
	}
	renames := map[string]*syntax.Node{}
	for _, pr := range keys.Pairs() {
		v := values.Literal(pr.Value)
		if !values.IsScalarLiteral(pr.Key) || v == nil || !values.IsScalarLiteral(v) {
			return
		}
		renames[pr.Key.Value] = v
	}
	inKeys := map[string]bool{}
	for _, pr := range in.Pairs() {
		if !values.IsScalarLiteral(pr.Key) {
			return
		}
		inKeys[pr.Key.Value] = true
	}
	out := map[string]bool{}
	for _, pr := range in.Pairs() {
		k, key := pr.Key.Value, pr.Key.Value
		to, renamed := renames[k]
		if renamed {
			key = to.Value
		}
		switch {
		case renamed && key != k && inKeys[key]:
			a.badValue(rules.BadFunctionArgs, to, "renaming `%s` to `%s` meets the key `%s` already in the mapping.", k, key, key)
			return
		case out[key]:
			n := pr.Key
			if renamed {
				n = to
			}
			a.badValue(rules.BadFunctionArgs, n, "two keys end up named `%s`.", key)
			return
		}
		out[key] = true
	}
}

func checkYaqlArgs(a *argCtx) {
	if !a.args.IsMapping() {
		a.bad(a.args, "the argument must be a mapping with `expression` (and optionally `data`), not %s", values.KindName(a.args))
		return
	}
	if a.args.Lookup("expression").Key == nil {
		a.bad(a.args, "`expression` is missing")
	}
	for _, pr := range a.args.Pairs() {
		if k := pr.Key.Value; k != "expression" && k != "data" {
			a.bad(pr.Key, "`%s` is not accepted; only `expression` and `data` are", k)
		}
	}
	checkYaqlExpression(a)
}

func checkIfArgs(a *argCtx) {
	if !a.args.IsSequence() {
		a.bad(a.args, "the argument must be a list, not %s", values.KindName(a.args))
		return
	}
	n := len(a.args.Items())
	switch {
	case n == 2 && !a.v.Supports(schema.FeatureIfTwoArguments):
		first := a.p.Schema.FeatureSince(schema.FeatureIfTwoArguments).Name
		d := a.bad(a.args, "leaving out the false value needs heat_template_version %s or later", first)
		d.Data = map[string]string{"minVersion": first}
		return
	case n < 2 || n > 3:
		a.bad(a.args, "it takes a condition and two values, not %d items", n)
		return
	}
	checkConditionArg(a, a.args.Items()[0])
}

// checkConditionArg: a condition is a name, a boolean or an expression.
// Heat parses the operands but judges them only when it evaluates the
// condition, so a list, a null or a mapping that is no function is
// refused where the condition is evaluated (see conditionEvaluated); only
// `not` of nothing is refused as soon as the template is read.
func checkConditionArg(a *argCtx, n *syntax.Node) {
	r := values.Literal(n)
	if r == nil || !(r.IsSequence() || r.IsNull() || r.IsMapping()) {
		return
	}
	if r.IsNull() && a.c.Name == "not" && n == a.args {
		a.bad(n, "a condition must be a condition name, a boolean or a condition expression, not %s", values.KindName(r))
		return
	}
	if !conditionEvaluated(a.p, a.c) {
		return
	}
	if !r.IsNull() && values.OperandSkipped(a.p.AnyInput(), a.c, n) {
		a.p.ReportInf(a.spanOf(n), rules.BadFunctionArgs, rules.SkippedOperand,
			"`%s`: a condition must be a condition name, a boolean or a condition expression, not %s. Heat accepts it only because an earlier operand always decides the result, so it never looks at this one. Remove it or write a condition.", a.c.Name, values.KindName(r))
		return
	}
	if r.IsNull() && a.c.Name != "not" {
		// Heat's condition lookup takes nothing as true and goes on.
		a.p.ReportInf(a.spanOf(n), rules.BadFunctionArgs, rules.NullConditionOperand,
			"`%s`: an empty condition counts as true to Heat, which is rarely what was meant. Write a condition name, a boolean or a condition expression.", a.c.Name)
		return
	}
	a.bad(n, "a condition must be a condition name, a boolean or a condition expression, not %s", values.KindName(r))
}

// conditionEvaluated reports whether Heat evaluates the condition call c
// sits in: a condition of the conditions section that a resource or
// output uses (directly or through another condition), a resource's
// inline condition, an if in a resource, or the condition of an if in an
// output (if picks its branch while the output is read, so its condition
// is resolved at template validate although the output's value is not
// computed before the stack exists).
func conditionEvaluated(p *pass.Pass, c *hot.Call) bool {
	switch c.Context {
	case hot.InCondition:
		return c.Owner != nil && values.LiveConditions(p.T)[c.Owner.Name]
	case hot.InResource:
		return true
	case hot.InOutput:
		return c.Name == "if" || pass.WithinIfCondition(c)
	}
	return false
}

func checkEqualsArgs(a *argCtx) {
	if !a.args.IsSequence() || len(a.args.Items()) != 2 {
		a.bad(a.args, "it compares exactly two values")
	}
}

func checkNotArgs(a *argCtx) { checkConditionArg(a, a.args) }

func checkAndOrArgs(a *argCtx) {
	if !a.args.IsSequence() {
		a.bad(a.args, "the argument must be a list of conditions, not %s", values.KindName(a.args))
		return
	}
	if len(a.args.Items()) < 2 {
		a.bad(a.args, "it needs at least two conditions")
	}
	for _, it := range a.args.Items() {
		checkConditionArg(a, it)
	}
}

func checkContainsArgs(a *argCtx) {
	if !a.args.IsSequence() || len(a.args.Items()) != 2 {
		a.bad(a.args, "it takes a value and a list")
		return
	}
	// Heat takes any Python sequence, so text is searched as characters;
	// it looks at the second item only when it computes the call.
	if n := values.Literal(a.args.Items()[1]); n != nil && !n.IsSequence() && !(n.IsScalar() && n.Tag == "!!str") {
		a.badComputed(a.args.Items()[1], "the second item must be a list, not %s", values.KindName(n))
	}
}

func checkFilterArgs(a *argCtx) {
	// Heat reads the two arguments when it parses the template (refused
	// wherever the call is); it looks into them only when it computes.
	if !a.args.IsSequence() || len(a.args.Items()) != 2 {
		a.bad(a.args, "the argument must be a list of the values to remove and the list to filter")
		return
	}
	// Heat gives back a sequence Python counts as false (null, empty,
	// zero, false) as it is, and keeps the whole list when the values to
	// remove are false, so only other non-lists are refused; the values
	// are looked at only beside a literal list with items.
	removed, seq := values.Literal(a.args.Items()[0]), values.Literal(a.args.Items()[1])
	if seq == nil || pyFalsy(seq) {
		return
	}
	if !seq.IsSequence() {
		a.badValue(rules.BadFunctionArgs, a.args.Items()[1], "both items must be lists, not %s.", values.PyYAMLKind(seq))
		return
	}
	if removed != nil && !removed.IsSequence() && !pyFalsy(removed) {
		a.badValue(rules.BadFunctionArgs, a.args.Items()[0], "both items must be lists, not %s.", values.PyYAMLKind(removed))
	}
}

// pyFalsy says whether Python counts the value PyYAML reads from n as
// false: nothing, empty text, a list or mapping without items, zero or
// false.
func pyFalsy(n *syntax.Node) bool {
	switch {
	case n.IsNull():
		return true
	case n.IsSequence():
		return len(n.Items()) == 0
	case n.IsMapping():
		return n.NumPairs() == 0
	case !n.IsScalar():
		return false
	case values.PyYAMLText(n):
		return n.Value == ""
	}
	f, _, ok := values.PyNumber(n)
	return ok && f == 0
}

func checkMakeURLArgs(a *argCtx) {
	if !a.args.IsMapping() {
		a.bad(a.args, "the argument must be a mapping, not %s", values.KindName(a.args))
		return
	}
	keys := schema.MakeURLKeys()
	for _, pr := range a.args.Pairs() {
		if pr.Key.Kind != syntax.ScalarNode || slices.Contains(keys, pr.Key.Value) {
			continue
		}
		near := pass.ClosestNames(pr.Key.Value, keys, 3, pass.SuggestionDistance(pr.Key.Value))
		d := a.bad(pr.Key, "`%s` is not one of its keys (%s)%s", pr.Key.Value, strings.Join(keys, ", "), pass.DidYouMean(near))
		d.Suggestions = near
	}
	// A literal port must be a number from 1 to 65535 (checked when Heat
	// reads the template); a scheme may not hold ":" (checked when the
	// URL is built).
	checkMakeURLParts(a)
	if n := values.Literal(a.args.Get("scheme")); n != nil && n.IsScalar() && strings.Contains(n.Value, ":") {
		a.badValue(rules.BadFunctionArgs, n, "the scheme is the name only (`https`), without \":\".")
	}
}

// checkStrSplitIndex: with literal text, delimiter and index, the index
// must pick one of the parts.
// checkMakeURLParts follows Heat's check when it reads the template: in
// the order scheme, username, password, host, port, path, query,
// fragment, each literal part must be text (PyYAML's reading: a number,
// a boolean or nothing is not), the port a whole number from 1 to 65535
// and the query a mapping; Heat stops at the query, so a fragment after
// one is judged only when the URL is built (not here).
func checkMakeURLParts(a *argCtx) {
	for _, key := range []string{"scheme", "username", "password", "host", "port", "path", "query", "fragment"} {
		pr := a.args.Lookup(key)
		if pr.Key == nil {
			continue
		}
		n := values.Literal(pr.Value)
		switch {
		case key == "query":
			if n != nil && !n.IsMapping() {
				a.bad(n, "the query must be a mapping of name to value, not %s", values.PyYAMLKind(n))
			}
			return
		case n == nil:
		case key == "port":
			if port, known := makeURLPort(n); known && (port < 1 || port > 65535) {
				a.bad(n, "the port must be a number from 1 to 65535, not %s", values.QuoteValue(n))
			}
		case !values.PyYAMLText(n):
			hint := ""
			if n.IsScalar() && !n.IsNull() {
				hint = ". Quote it"
			}
			a.bad(n, "the %s must be text, not %s%s", key, values.PyYAMLKind(n), hint)
		}
	}
}

// makeURLPort is the port Heat checks: Python's int() of what PyYAML
// reads (a boolean is 0 or 1, a float is cut to a whole number, text is
// read in decimal); -1 for what int() refuses (nothing, a list, a
// mapping, text that is no whole number). known is false where heat-ls
// cannot tell.
func makeURLPort(n *syntax.Node) (port int, known bool) {
	if !n.IsScalar() || n.IsNull() {
		return -1, true
	}
	if values.PyYAMLText(n) {
		if v, ok := values.PythonInt(n.Value); ok {
			return v, true
		}
		return -1, true
	}
	f, _, ok := values.PyNumber(n)
	if !ok {
		return 0, false
	}
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return -1, true
	}
	return int(f), true
}

func checkStrSplitIndex(a *argCtx, items []*syntax.Node) {
	delim, text, idx := values.Literal(items[0]), values.Literal(items[1]), values.Literal(items[2])
	if delim == nil || text == nil || !values.IsLiteralString(delim) || !values.IsLiteralString(text) || delim.Value == "" {
		return
	}
	// Heat reads the index with Python's int() once the text is split: a
	// float is cut to a whole number, a boolean is 1 or 0, and text must
	// be a whole number (white space and _ between digits allowed).
	i, ok := pyIntIndex(idx)
	if !ok {
		a.badValue(rules.BadFunctionArgs, items[2], "the index must be a whole number, not %s.", values.QuoteValue(idx))
		return
	}
	// Heat indexes a Python list: a negative index counts from the end.
	if parts := strings.Count(text.Value, delim.Value) + 1; i < -parts || i >= parts {
		a.badValue(rules.BadFunctionArgs, items[2], "the index must be from %d to %d (a negative one counts from the end): the text splits into %d parts.", -parts, parts-1, parts)
	}
}

// pyIntIndex is Python's int() of a literal scalar index, as Heat's
// str_split computes it; ok is false where int() fails.
func pyIntIndex(n *syntax.Node) (int, bool) {
	if values.PyYAMLText(n) {
		t := strings.TrimSpace(n.Value)
		if !pyIntText.MatchString(t) {
			return 0, false
		}
		i, err := strconv.Atoi(strings.ReplaceAll(t, "_", ""))
		return i, err == nil
	}
	f, _, ok := values.PyNumber(n)
	if !ok || math.IsInf(f, 0) || math.IsNaN(f) || math.Abs(f) > 1e15 {
		return 0, false
	}
	return int(f), true
}

// pyIntText is the text Python's int() reads in base 10 (after the white
// space around it is stripped).
var pyIntText = regexp.MustCompile(`^[+-]?[0-9]+(?:_[0-9]+)*$`)

func checkListConcatArgs(a *argCtx) {
	if !a.args.IsSequence() {
		a.badValue(rules.BadFunctionArgs, a.args, "the argument must be a list of lists, not %s.", values.KindName(a.args))
		return
	}
	for _, it := range a.args.Items() {
		if n := values.Literal(it); n != nil && !n.IsSequence() && !n.IsNull() {
			a.badValue(rules.BadFunctionArgs, it, "every item must be a list, not %s.", values.KindName(n))
		}
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
