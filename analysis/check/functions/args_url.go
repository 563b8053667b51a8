package functions

import (
	"math"
	"slices"
	"strings"

	"heat-ls/analysis/check/pass"
	"heat-ls/analysis/check/values"
	"heat-ls/analysis/rules"
	"heat-ls/analysis/syntax"
	"heat-ls/schema"
)

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
