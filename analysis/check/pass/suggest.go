package pass

import (
	"strings"

	"heat-ls/schema/spell"
)

// ClosestNames returns up to n candidates within maxDist edits of name,
// nearest first: the one measure behind every did-you-mean of the rules.
func ClosestNames(name string, cands []string, n, maxDist int) []string {
	return spell.Nearest(name, cands, n, maxDist)
}

// SuggestionDistance is how far a misspelling may be from a name to be
// offered (see spell.Budget).
func SuggestionDistance(name string) int { return spell.Budget(name) }

// NearestNames returns up to n candidates close to name, ignoring case,
// with a budget of 2 edits (3 for names longer than 8 bytes): used where a
// case slip ("String" for "string") is as likely as a typo.
func NearestNames(name string, cands []string, n int) []string {
	maxDist := 2
	if len(name) > 8 {
		maxDist = 3
	}
	return spell.NearestFold(name, cands, n, maxDist)
}

func Plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// SuggestText turns candidates into " Did you mean `a` or `b`?" or "".
func SuggestText(names []string) string {
	if len(names) == 0 {
		return ""
	}
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = "`" + n + "`"
	}
	if len(q) == 1 {
		return " Did you mean " + q[0] + "?"
	}
	return " Did you mean " + strings.Join(q[:len(q)-1], ", ") + " or " + q[len(q)-1] + "?"
}
