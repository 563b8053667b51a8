package hot

import (
	"fmt"
	"strings"
	"testing"

	"heat-ls/analysis/syntax"
)

func TestDecideCondition(t *testing.T) {
	boolLeaf := func(n *syntax.Node) (bool, bool) {
		if n.IsScalar() && n.Tag() == "!!bool" {
			return n.Value == "true", true
		}
		return false, false
	}
	const head = "heat_template_version: 2018-08-31\nconditions:\n  on_c: true\n  loop: {not: loop}\n  c: "
	tests := []struct {
		expr    string
		val, ok bool
	}{
		{"true", true, true},
		{"on_c", true, true},
		{"{not: on_c}", false, true},
		{"{or: [true, {get_param: p}]}", true, true},     // stops before the operand it cannot read
		{"{and: [{get_param: p}, false]}", false, false}, // that operand comes first
		{"{and: [true, on_c]}", true, true},
		{"{or: [false]}", false, false}, // one operand: Heat refuses it
		{"nosuch", false, false},
		{"loop", false, false},
		{"{equals: [1, 1]}", false, false}, // left to the leaf
	}
	for _, tt := range tests {
		doc := Parse([]byte(head + tt.expr + "\nresources: {}\n"))
		val, ok := DecideCondition(doc.Template, doc.Template.Condition("c").Value, boolLeaf)
		if val != tt.val || ok != tt.ok {
			t.Errorf("%s: got (%v, %v), want (%v, %v)", tt.expr, val, ok, tt.val, tt.ok)
		}
	}
}

// fanOutConditions is a chain of k conditions, each an and of width uses
// of the next, ending in true: worked out name by name without
// remembering, it costs width^k.
func fanOutConditions(k, width int) string {
	var b strings.Builder
	b.WriteString("heat_template_version: 2018-08-31\nconditions:\n")
	for i := range k {
		fmt.Fprintf(&b, "  c%d: {and: [%s]}\n", i, strings.TrimSuffix(strings.Repeat(fmt.Sprintf("c%d, ", i+1), width), ", "))
	}
	fmt.Fprintf(&b, "  c%d: true\nresources: {}\n", k)
	return b.String()
}

// TestDecideConditionFanOut: each condition name is worked out once, so
// chains of conditions each using the next many times are decided at once,
// up to maxDecideNames names (past them, undecided) and at ten times that,
// instead of in width^length steps.
func TestDecideConditionFanOut(t *testing.T) {
	leaf := func(n *syntax.Node) (bool, bool) {
		if n.IsScalar() && n.Tag() == "!!bool" {
			return n.Value == "true", true
		}
		return false, false
	}
	for _, tc := range []struct {
		k, width int
		val, ok  bool
	}{
		{10 * maxDecideDepth, 10, true, true},
		{maxDecideNames - 1, 3, true, true},
		{10 * maxDecideNames, 2, false, false},
	} {
		doc := Parse([]byte(fanOutConditions(tc.k, tc.width)))
		c0 := doc.Template.Condition("c0").Value
		val, ok := DecideCondition(doc.Template, c0, leaf)
		if val != tc.val || ok != tc.ok {
			t.Errorf("chain of %d: got (%v, %v), want (%v, %v)", tc.k, val, ok, tc.val, tc.ok)
		}
	}
}

// BenchmarkDecideConditionFanOut: ns/op grows with the chain, not with
// width^chain.
func BenchmarkDecideConditionFanOut(b *testing.B) {
	leaf := func(*syntax.Node) (bool, bool) { return false, false }
	for _, k := range []int{8, 16, 32} {
		doc := Parse([]byte(fanOutConditions(k, 10)))
		b.Run(fmt.Sprint(k), func(b *testing.B) {
			for b.Loop() {
				DecideCondition(doc.Template, doc.Template.Condition("c0").Value, leaf)
			}
		})
	}
}
