package functions

import "testing"

// TestYaqlSetForms: only an expression that is a whole set() call, or a
// list literal holding one, counts as a set.
func TestYaqlSetForms(t *testing.T) {
	for _, tc := range []struct {
		expr        string
		set, holder bool
	}{
		{"set(1, 2)", true, false},
		{"set()", true, false},
		{"set($.data.a, len([1]))", true, false},
		{"set(1, 2).toList()", false, false},
		{"set(1, 2).len()", false, false},
		{"set(1) + set(2)", false, false},
		{"set('a)')", false, false},
		{"[set(1, 2)]", false, true},
		{"[1, set(1, 2), 3]", false, true},
		{"[set(1, 2).toList()]", false, false},
		{"[1, 2]", false, false},
		{"[set(1)] + [2]", false, false},
		{"reset(1)", false, false},
		{"set(1", false, false},
	} {
		if got := isYaqlSetCall(tc.expr); got != tc.set {
			t.Errorf("isYaqlSetCall(%q) = %v, want %v", tc.expr, got, tc.set)
		}
		if got := holdsYaqlSetCall(tc.expr); got != tc.holder {
			t.Errorf("holdsYaqlSetCall(%q) = %v, want %v", tc.expr, got, tc.holder)
		}
	}
}
