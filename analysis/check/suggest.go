package check

import "heat-ls/schema/spell"

// closestNames returns up to n candidates within maxDist edits of name,
// nearest first: the one measure behind every did-you-mean of the rules.
func closestNames(name string, cands []string, n, maxDist int) []string {
	return spell.Nearest(name, cands, n, maxDist)
}

// suggestionDistance is how far a misspelling may be from a name to be
// offered (see spell.Budget).
func suggestionDistance(name string) int { return spell.Budget(name) }

// nearestNames returns up to n candidates close to name, ignoring case,
// with a budget of 2 edits (3 for names longer than 8 bytes): used where a
// case slip ("String" for "string") is as likely as a typo.
func nearestNames(name string, cands []string, n int) []string {
	maxDist := 2
	if len(name) > 8 {
		maxDist = 3
	}
	return spell.NearestFold(name, cands, n, maxDist)
}
