package functions

import (
	"heat-ls/analysis/check/values"
	"heat-ls/analysis/rules"
	"heat-ls/analysis/syntax"
)

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

func checkContainsArgs(a *argCtx) {
	if !a.args.IsSequence() || len(a.args.Items()) != 2 {
		a.bad(a.args, "it takes a value and a list")
		return
	}
	// Heat takes any Python sequence, so text is searched as characters;
	// it looks at the second item only when it computes the call.
	if n := values.Literal(a.args.Items()[1]); n != nil && !n.IsSequence() && !(n.IsScalar() && n.Tag() == "!!str") {
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
