// Package spell finds the names closest to a misspelt one, for every
// "did you mean" heat-ls offers: function names, versions, resource types,
// properties, parameters, resources, conditions. One measure everywhere
// keeps suggestions consistent across rules and files.
package spell

import (
	"sort"
	"strings"
)

// maxLen bounds the inputs Distance compares; names are short, and the
// bound keeps a pathological key from costing quadratic time.
const maxLen = 64

// Distance is the number of edits between a and b, counting an inserted,
// deleted or replaced byte, or two adjacent bytes swapped ("nmae" for
// "name", the commonest typo), as one edit each. Bytes past the first 64
// of either input are ignored.
func Distance(a, b string) int {
	if len(a) > maxLen {
		a = a[:maxLen]
	}
	if len(b) > maxLen {
		b = b[:maxLen]
	}
	// Three rows of the dynamic programme: the one before the previous is
	// needed for swaps. Fixed arrays keep the function allocation-free.
	var buf [3][maxLen + 1]int
	prev2, prev, cur := buf[0][:len(b)+1], buf[1][:len(b)+1], buf[2][:len(b)+1]
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}

// Budget is how many edits a misspelling may be from a name worth
// suggesting: a third of its length, at least 1 and at most 3, so short
// names do not attract unrelated suggestions.
func Budget(name string) int {
	return max(1, min((len(name)+2)/3, 3))
}

// Nearest returns up to n candidates within maxDist edits of name, nearest
// first and alphabetical among equals, so the answer does not depend on
// the order candidates come in. name itself is never suggested.
func Nearest(name string, cands []string, n, maxDist int) []string {
	return nearest(name, cands, n, maxDist, func(s string) string { return s })
}

// NearestFold is Nearest ignoring case ("String" finds "string").
func NearestFold(name string, cands []string, n, maxDist int) []string {
	return nearest(name, cands, n, maxDist, strings.ToLower)
}

func nearest(name string, cands []string, n, maxDist int, norm func(string) string) []string {
	type cand struct {
		name string
		d    int
	}
	key := norm(name)
	var found []cand
	for _, c := range cands {
		if c == name || len(c)-len(name) > maxDist || len(name)-len(c) > maxDist {
			continue
		}
		if d := Distance(key, norm(c)); d <= maxDist {
			found = append(found, cand{c, d})
		}
	}
	sort.Slice(found, func(i, j int) bool {
		if found[i].d != found[j].d {
			return found[i].d < found[j].d
		}
		return found[i].name < found[j].name
	})
	out := make([]string, 0, min(n, len(found)))
	for i := 0; i < len(found) && i < n; i++ {
		out = append(out, found[i].name)
	}
	return out
}
