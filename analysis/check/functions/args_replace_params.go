package functions

import (
	"strings"

	"heat-ls/analysis/check/values"
	"heat-ls/analysis/rules"
	"heat-ls/analysis/syntax"
)

// checkComputedParams judges str_replace params given by a function (a
// get_param of a json parameter, most often): Heat tests that they are a
// mapping only when it computes the call. Worked out with the template's
// defaults, a list, text, number or nothing is what Heat refuses for the
// stack created without other values (in resource properties at create,
// in an output once the stack exists). A value an environment or a live
// stack decides is left alone.
func checkComputedParams(a *argCtx, n *syntax.Node) {
	if !values.IsFunctionCall(n.Resolve()) {
		return
	}
	kind := a.p.KindWithDefaults(n)
	if kind == "" || kind == "mapping" {
		return
	}
	a.badValue(rules.BadFunctionArgs, n, "`params` works out to %s with the parameters' defaults, not a mapping of placeholder to value; Heat refuses it when the stack is created without other values", kindPhrase(kind))
}

// kindPhrase is an evaluated kind's name with its article.
func kindPhrase(kind string) string {
	switch kind {
	case "null":
		return "nothing (null)"
	case "integer":
		return "an integer"
	case "text":
		return "text"
	}
	return "a " + kind
}

// checkReplaceValueSets judges str_replace param values given by a yaql
// expression that builds a set (`set(...)`, or a list literal holding
// one): Heat writes a value that is no text, number or boolean as JSON,
// and a set is neither a list nor a mapping and has no JSON form, so
// Heat refuses the call when it computes it.
func checkReplaceValueSets(a *argCtx, params *syntax.Node) {
	for _, pr := range params.Pairs() {
		expr, ok := yaqlLiteralExpression(pr.Value)
		if !ok {
			continue
		}
		switch {
		case isYaqlSetCall(expr):
			a.badValue(rules.BadFunctionArgs, pr.Value, "the value of `%s` is a set (yaql's set()), which Heat can write neither as text nor as JSON; make it a list with toList()", pr.Key.Value)
		case holdsYaqlSetCall(expr):
			a.badValue(rules.BadFunctionArgs, pr.Value, "the value of `%s` is a list holding a set (yaql's set()), which Heat cannot write as JSON; make it a list with toList()", pr.Key.Value)
		}
	}
}

// yaqlLiteralExpression is the literal expression text of a yaql call n.
func yaqlLiteralExpression(n *syntax.Node) (string, bool) {
	n = n.Resolve()
	if !n.IsMapping() || n.NumPairs() != 1 || n.Pair(0).Key.Value != "yaql" {
		return "", false
	}
	args := n.Pair(0).Value.Resolve()
	if !args.IsMapping() {
		return "", false
	}
	e := args.Get("expression").Resolve()
	if e == nil || !values.IsLiteralString(e) {
		return "", false
	}
	return strings.TrimSpace(e.Value), true
}

// isYaqlSetCall: expr is a whole call of yaql's set(), the closing
// bracket ending the expression (so nothing is applied to the set).
func isYaqlSetCall(expr string) bool {
	rest, ok := strings.CutPrefix(expr, "set(")
	if !ok || strings.ContainsAny(rest, `'"`+"`") {
		return false
	}
	end, ok := closingBracket(rest, '(', ')')
	return ok && end == len(rest)-1
}

// holdsYaqlSetCall: expr is a list literal `[...]` one of whose items is
// a whole set() call.
func holdsYaqlSetCall(expr string) bool {
	inner, ok := strings.CutPrefix(expr, "[")
	if !ok || strings.ContainsAny(inner, `'"`+"`") {
		return false
	}
	end, ok := closingBracket(inner, '[', ']')
	if !ok || end != len(inner)-1 {
		return false
	}
	for _, item := range splitTopLevel(inner[:end]) {
		if isYaqlSetCall(strings.TrimSpace(item)) {
			return true
		}
	}
	return false
}

// closingBracket finds the bracket closing one already opened before s
// (texts with quotes are left to the callers, which refuse them).
func closingBracket(s string, open, close byte) (int, bool) {
	depth := 1
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case open:
			depth++
		case close:
			if depth--; depth == 0 {
				return i, true
			}
		}
	}
	return 0, false
}

// splitTopLevel splits s at the commas outside any bracket.
func splitTopLevel(s string) []string {
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, s[start:i])
				start = i + 1
			}
		}
	}
	return append(out, s[start:])
}
