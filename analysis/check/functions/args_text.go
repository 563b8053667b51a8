package functions

import (
	"math"
	"slices"
	"strconv"
	"strings"

	"heat-ls/analysis/check/pass"
	"heat-ls/analysis/check/values"
	"heat-ls/analysis/rules"
	"heat-ls/analysis/source"
	"heat-ls/analysis/syntax"
	"heat-ls/schema"
)

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
			if val := values.Literal(pr.Value); val != nil && (val.IsNull() || val.IsScalar() && val.Value == "" && val.Tag() == "!!str") {
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
