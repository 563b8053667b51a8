package hot

import (
	"testing"

	"heat-ls/analysis/syntax"
)

func TestDecideCondition(t *testing.T) {
	boolLeaf := func(n *syntax.Node) (bool, bool) {
		if n.IsScalar() && n.Tag == "!!bool" {
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
