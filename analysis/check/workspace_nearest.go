package check

import "sort"

// wsNearest returns up to n names close to name (a few edits away,
// relative to its length), nearest first, for did-you-mean hints.
func wsNearest(name string, names []string, n int) []string {
	if len(name) < 3 {
		return []string{}
	}
	maxDist := suggestionDistance(name) // as for misspellings within one file
	type cand struct {
		name string
		d    int
	}
	var cands []cand
	for _, c := range names {
		if d := wsEditDistance(name, c); d <= maxDist {
			cands = append(cands, cand{c, d})
		}
	}
	sort.SliceStable(cands, func(i, j int) bool {
		if cands[i].d != cands[j].d {
			return cands[i].d < cands[j].d
		}
		return cands[i].name < cands[j].name
	})
	out := []string{}
	for i := 0; i < len(cands) && i < n; i++ {
		out = append(out, cands[i].name)
	}
	return out
}

// wsEditDistance is the edit distance between a and b (bytes, case
// sensitive) where swapping two adjacent letters counts as one edit, the
// commonest typo ("nmae"); bounded in cost by the short names it is used on.
func wsEditDistance(a, b string) int {
	if len(a) > 256 || len(b) > 256 {
		return 1 << 20
	}
	// Three rows: the one before the previous is needed for swaps.
	prev2 := make([]int, len(b)+1)
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
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
