package syntax

import (
	"fmt"
	"strings"
	"testing"

	"heat-ls/analysis/rules"
)

// bomb writes levels anchors, each a list naming the previous one ten
// times: about 10^levels nodes once expanded, in a few hundred bytes.
func bomb(levels int) string {
	var b strings.Builder
	b.WriteString("a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n")
	for i := 1; i <= levels; i++ {
		prev := fmt.Sprintf("*a%d", i-1)
		fmt.Fprintf(&b, "a%d: &a%d [%s]\n", i, i, strings.Repeat(prev+", ", 9)+prev)
	}
	return b.String()
}

func TestAliasBudget(t *testing.T) {
	tests := []struct {
		name string
		src  string
		cut  bool
	}{
		{"a few aliases of a small map", "base: &b {image: x, flavor: y}\none: *b\ntwo: *b\nthree: [*b, *b]\n", false},
		{"a moderate expansion", bomb(2), false},
		{"a bomb", bomb(9), true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := Parse([]byte(tc.src))
			var got []string
			for _, p := range f.Problems {
				got = append(got, p.Code)
			}
			budget := 0
			for _, p := range f.Problems {
				if p.Code == rules.YAMLAliasBudget {
					budget++
				}
			}
			if tc.cut != (budget == 1) || budget > 1 {
				t.Fatalf("problems %v, want one %s: %v", got, rules.YAMLAliasBudget, tc.cut)
			}
			// Whatever was cut, the expansion left is within the budget.
			written := countWritten(f.Root())
			if n := expanded(f.Root()); n > (1+aliasBudgetFactor)*written+aliasBudgetFloor {
				t.Fatalf("%d nodes once expanded from %d written", n, written)
			}
		})
	}
}

// expanded counts the nodes n stands for, following aliases.
func expanded(n *Node) int64 {
	n = n.Resolve()
	if n == nil {
		return 1
	}
	total := int64(1)
	for _, it := range n.Items() {
		total += expanded(it)
	}
	for _, p := range n.Pairs() {
		total += expanded(p.Key) + expanded(p.Value)
	}
	return total
}
