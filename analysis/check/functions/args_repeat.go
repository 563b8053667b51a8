package functions

import (
	"cmp"
	"strings"

	"heat-ls/analysis/check/pass"
	"heat-ls/analysis/check/values"
	"heat-ls/analysis/eval"
	"heat-ls/analysis/rules"
	"heat-ls/analysis/syntax"
	"heat-ls/schema"
)

// checkRepeatArgs checks repeat: a mapping with for_each (placeholders to
// lists, or maps from the version that allows them) and template, and the
// permutations flag where the version reads it.
func checkRepeatArgs(a *argCtx) {
	if !a.args.IsMapping() {
		a.bad(a.args, "the argument must be a mapping with `for_each` and `template`, not %s", values.KindName(a.args))
		return
	}
	forEachPair, tmplPair := a.args.Lookup("for_each"), a.args.Lookup("template")
	if forEachPair.Key == nil || tmplPair.Key == nil {
		a.bad(a.args, "both `for_each` and `template` are needed")
		return
	}
	permutations := checkPermutations(a)
	forEach := values.Literal(forEachPair.Value)
	if forEach == nil {
		checkComputedForEach(a, forEachPair.Value, values.Literal(tmplPair.Value), permutations)
		return
	}
	if !forEach.IsMapping() {
		a.bad(forEachPair.Value, "`for_each` must map each placeholder to its values, not be %s", values.KindName(forEach))
		return
	}
	if forEach.NumPairs() == 0 {
		a.badComputed(forEachPair.Value, "%s", noPlaceholder(""))
		return
	}
	mapsOK := a.v.Supports(schema.FeatureRepeatMapForEach)
	length, lengthNote := -1, ""
	tmpl := values.Literal(tmplPair.Value)
	loops := make([]eval.Value, 0, forEach.NumPairs())
	notes := make([]string, 0, forEach.NumPairs())
	for _, pr := range forEach.Pairs() {
		v, written, note := forEachValues(a, pr.Value)
		loops, notes = append(loops, v), append(notes, note)
		switch {
		case v.Kind == eval.Unknown || v.Kind == eval.Invalid:
			length = -2 // unknown until run time
		case v.Kind == eval.Null:
			// Heat loops over nothing for null values (no copies) and
			// leaves them out of the equal-length rule.
		case v.Kind == eval.List:
			if length == -1 {
				length, lengthNote = len(v.Items), note
			} else if length >= 0 && len(v.Items) != length && !permutations {
				a.badValue(rules.BadFunctionArgs, pr.Value, "with `permutations: false` every list must have the same length; this one has %d %s, an earlier one %d%s.", len(v.Items), pass.Plural(len(v.Items), "item", "items"), length, cmp.Or(note, lengthNote))
			}
		case v.Kind == eval.Map && mapsOK && !permutations:
			// Without permutations Heat pairs values up by position, which
			// a mapping has none of: it refuses one when it computes the loop.
			a.badValue(rules.BadFunctionArgs, pr.Value, "with `permutations: false` the values of `%s` must be a list, not a mapping%s.", pr.Key.Value, note)
			length = -2
		case v.Kind == eval.Map && mapsOK:
			length = -2
		case v.Kind == eval.Map:
			first := a.p.Schema.FeatureSince(schema.FeatureRepeatMapForEach).Name
			// Heat judges each loop's values only when it computes the
			// loop.
			d := a.badComputed(pr.Value, "looping over a mapping needs heat_template_version %s or later", first)
			d.Data = map[string]string{"minVersion": first}
		default:
			a.badComputed(pr.Value, "the values of `%s` must be a list, not %s%s", pr.Key.Value, loopKind(v, written, pr.Value), note)
		}
		if tmpl != nil && pr.Key.Kind == syntax.ScalarNode && pr.Key.Value != "" && !textOccurs(tmpl, pr.Key.Value, 0) {
			a.p.Reportf(pr.Key.Span(), rules.RepeatUnusedPlaceholder,
				"The placeholder `%s` does not occur in the template, so its values are never used. Use it in the template or remove it.", pr.Key.Value)
		}
	}
	checkRepeatTexts(a, forEach, tmpl, loops, notes)
}

// checkPermutations judges repeat's permutations flag and says whether
// Heat combines every value (true, its default and what it does before
// the version that reads the flag) or pairs them up by position.
func checkPermutations(a *argCtx) bool {
	pp := a.args.Lookup("permutations")
	if pp.Key == nil {
		return true
	}
	if !a.v.Supports(schema.FeatureRepeatPermutations) {
		first := a.p.Schema.FeatureSince(schema.FeatureRepeatPermutations).Name
		d := a.p.Reportf(pp.Key.Span(), rules.RepeatPermutationsIgnored,
			"`permutations` has no effect before heat_template_version %s: Heat ignores it in %s and always combines every value. Raise the version or remove the key.",
			first, a.p.T.VersionText)
		d.Data = map[string]string{"minVersion": first}
		return true
	}
	n := values.Literal(pp.Value)
	if n == nil {
		return true
	}
	b, ok := values.YamlBool(n)
	if !ok {
		a.bad(pp.Value, "`permutations` must be true or false, not %s", values.KindName(n))
		return true
	}
	return b
}

// byDefaults ends a finding about values that only the parameters'
// defaults decide.
const byDefaults = " (worked out with the parameters' defaults: Heat refuses it when the stack is created without other values)"

// forEachValues is what the values n of one for_each placeholder work
// out to: a list written out, as Heat's loader reads it; what a call
// gives when no input changes it (pass.AnyInput: a list_concat of lists
// written out, an if whose condition is constant); else what it gives
// with the parameters' defaults (pass.Evaluator: a get_param of a
// comma_delimited_list or json parameter), with note saying so. written
// says n is no call, so its items are nodes to report on.
func forEachValues(a *argCtx, n *syntax.Node) (v eval.Value, written bool, note string) {
	if values.Literal(n) != nil {
		return a.p.AnyInput().Eval(n), true, ""
	}
	if r := n.Resolve(); !a.p.AnyInput().IsFunction(r.Pair(0).Key.Value) {
		return eval.UnknownValue("<not a call in this version>"), false, ""
	}
	if v = a.p.AnyInput().Eval(n); v.Kind != eval.Unknown {
		return v, false, ""
	}
	return a.p.Evaluator().Eval(n), false, byDefaults
}

// checkComputedForEach judges a for_each that a call gives (a get_param
// of a json parameter, most often), which Heat reads only when it
// computes the loop: it must be a mapping whose values are lists (or,
// with permutations, mappings where the version allows them), of one
// length without permutations, and of text where every round runs. Each
// finding is reported on the call.
func checkComputedForEach(a *argCtx, n, tmpl *syntax.Node, permutations bool) {
	v, _, note := forEachValues(a, n)
	switch v.Kind {
	case eval.Unknown, eval.Invalid:
		return
	case eval.Map:
		if len(v.Keys) == 0 {
			a.badComputed(n, "%s", noPlaceholder(note))
			return
		}
	default:
		a.badComputed(n, "`for_each` must map each placeholder to its values, not be what the call gives: %s%s", kindPhrase(v.Kind.String()), note)
		return
	}
	mapsOK := a.v.Supports(schema.FeatureRepeatMapForEach)
	length := -1
	for i, k := range v.Keys {
		vals := v.Vals[i]
		switch {
		case vals.Kind == eval.Null:
		case vals.Kind == eval.List && (length < 0 || permutations || len(vals.Items) == length):
			length = len(vals.Items)
		case vals.Kind == eval.List:
			a.badValue(rules.BadFunctionArgs, n, "with `permutations: false` every list must have the same length; the values of `%s` have %d %s, an earlier list %d%s.", k, len(vals.Items), pass.Plural(len(vals.Items), "item", "items"), length, note)
			return
		case vals.Kind == eval.Map && mapsOK && permutations:
			length = -2
		case vals.Kind == eval.Map || vals.IsKnown():
			a.badComputed(n, "the values of `%s` must be a list, not what the call gives: %s%s", k, kindPhrase(vals.Kind.String()), note)
			return
		default:
			return // not known
		}
	}
	if tmpl == nil || !hasLiteralText(tmpl, 0) {
		return
	}
	for _, vals := range v.Vals {
		if vals.Kind != eval.List || len(vals.Items) == 0 {
			return // a round may never run, or its values are not known
		}
	}
	for i, k := range v.Keys {
		if bad, ok := firstNotText(v.Vals[i]); ok {
			a.badComputed(n, "every value of `%s` must be text, as Heat puts it into the template's texts, and what the call gives holds %s%s", k, kindPhrase(bad.Kind.String()), note)
			return
		}
	}
}

// noPlaceholder says why an empty for_each fails: Heat splits the mapping
// into placeholders and their lists before it loops, and an empty one
// leaves it nothing to split, which it refuses when it computes the call
// (every version; the oracle: "not enough values to unpack"). note says
// the mapping came from the defaults.
func noPlaceholder(note string) string {
	return "`for_each` maps no placeholder, so there is nothing to loop over" + note
}

// loopKind names the kind of a for_each entry's values that is no list:
// as written, or as a call works it out.
func loopKind(v eval.Value, written bool, n *syntax.Node) string {
	if written {
		return values.KindName(n)
	}
	return "what the call gives: " + kindPhrase(v.Kind.String())
}

// checkRepeatTexts reports the first placeholder or list value that is not
// text when Heat will put it into text. Heat computes each round of the
// loop by replacing every placeholder in every text of the template with
// Python's str.replace, which takes text only: a number, a boolean, a
// null, a list or a mapping among the values (or a placeholder that is
// not text) makes Heat refuse the stack at create, even where the
// placeholder does not occur (the oracle: "replace() argument 2 must be
// str, not int"). That needs a round to run (every entry's values, loops,
// a list known for every input and not empty) and a text in the template
// outside nested calls. A value written out is reported where it stands;
// one a call gives, on the call.
func checkRepeatTexts(a *argCtx, forEach, tmpl *syntax.Node, loops []eval.Value, notes []string) {
	if tmpl == nil || !hasLiteralText(tmpl, 0) {
		return
	}
	for _, v := range loops {
		if v.Kind != eval.List || len(v.Items) == 0 {
			return // a round may never run, or its values are not known
		}
	}
	rounds := cmp.Or(notes...) // the rounds run with the defaults only
	for i, pr := range forEach.Pairs() {
		if !values.PyYAMLText(pr.Key) {
			a.badComputed(pr.Key, "the placeholder must be text, as Heat replaces it inside the template's texts, not %s%s", values.PyYAMLKind(pr.Key), rounds)
			return
		}
		if values.Literal(pr.Value) == nil {
			if bad, ok := firstNotText(loops[i]); ok {
				a.badComputed(pr.Value, "every value of `%s` must be text, as Heat puts it into the template's texts, and what the call gives holds %s%s", pr.Key.Value, kindPhrase(bad.Kind.String()), notes[i])
				return
			}
			continue
		}
		for _, it := range pr.Value.Resolve().Items() {
			if it = it.Resolve(); !values.IsFunctionCall(it) && !values.PyYAMLText(it) {
				hint := ""
				if it.IsScalar() {
					hint = "; quote it"
				}
				a.badComputed(it, "every value of `%s` must be text, as Heat puts it into the template's texts, not %s%s%s", pr.Key.Value, values.PyYAMLKind(it), hint, rounds)
				return
			}
		}
	}
}

// firstNotText is the first known item of list v that is no text.
func firstNotText(v eval.Value) (eval.Value, bool) {
	for _, it := range v.Items {
		switch it.Kind {
		case eval.String, eval.Unknown, eval.Invalid:
		default:
			return it, true
		}
	}
	return eval.Value{}, false
}

// hasLiteralText reports whether the repeat template n holds a text Heat
// will replace placeholders in: a text value or key outside nested
// function calls (what a call gives is not known here).
func hasLiteralText(n *syntax.Node, depth int) bool {
	n = n.Resolve()
	if n == nil || depth > 64 || values.IsFunctionCall(n) {
		return false
	}
	switch n.Kind {
	case syntax.ScalarNode:
		return values.PyYAMLText(n)
	case syntax.MappingNode:
		for _, pr := range n.Pairs() {
			if values.PyYAMLText(pr.Key) || hasLiteralText(pr.Value, depth+1) {
				return true
			}
		}
	case syntax.SequenceNode:
		for _, it := range n.Items() {
			if hasLiteralText(it, depth+1) {
				return true
			}
		}
	}
	return false
}

// textOccurs reports whether s occurs in any scalar (key or value) of n.
func textOccurs(n *syntax.Node, s string, depth int) bool {
	n = n.Resolve()
	if n == nil || depth > 64 {
		return true // give up: assume used
	}
	switch n.Kind {
	case syntax.ScalarNode:
		return strings.Contains(n.Value, s)
	case syntax.MappingNode:
		for _, pr := range n.Pairs() {
			if textOccurs(pr.Key, s, depth+1) || textOccurs(pr.Value, s, depth+1) {
				return true
			}
		}
	case syntax.SequenceNode:
		for _, it := range n.Items() {
			if textOccurs(it, s, depth+1) {
				return true
			}
		}
	}
	return false
}
