package workspace

import (
	"heat-ls/analysis/check/pass"
)

// wsNearest returns up to n names close to name (a few edits away,
// relative to its length), nearest first, for did-you-mean hints.
func wsNearest(name string, names []string, n int) []string {
	if len(name) < 3 {
		return []string{}
	}
	// The same budget as for misspellings within one file.
	return pass.ClosestNames(name, names, n, pass.SuggestionDistance(name))
}
