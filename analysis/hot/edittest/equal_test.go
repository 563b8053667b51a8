package edittest

import (
	"reflect"
	"testing"

	"heat-ls/analysis/hot"
)

// TestEqual: models of one text built apart are equal, though their trees
// are distinct; a difference anywhere in a tree, even in a later child, or
// in a field beside it is seen; values without trees compare as
// reflect.DeepEqual does.
func TestEqual(t *testing.T) {
	const text = "heat_template_version: 2021-04-16\nresources:\n  a:\n    type: OS::Nova::Server\n    properties: {name: [x, y, z]}\n"
	a, b := hot.Parse([]byte(text)), hot.Parse([]byte(text))
	if !Equal(a, b) {
		t.Error("two parses of one text differ")
	}
	later := hot.Parse([]byte(text[:len(text)-4] + "w]}\n"))
	if Equal(a.Syntax.Root(), later.Syntax.Root()) {
		t.Error("trees whose last list item differs compare equal")
	}
	if Equal(a, later) {
		t.Error("documents of different texts compare equal")
	}
	for _, tc := range []struct {
		a, b any
		want bool
	}{
		{1, 1, true}, {1, 2, false}, {"x", "x", true}, {[]int{1, 2}, []int{1, 2}, true}, {[]int{1}, []int{1, 2}, false},
		{map[string]int{"a": 1}, map[string]int{"a": 1}, true}, {map[string]int{"a": 1}, map[string]int{"a": 2}, false},
		{[]int(nil), []int{}, false}, {nil, nil, true}, {nil, 1, false},
	} {
		if got := Equal(tc.a, tc.b); got != tc.want || got != reflect.DeepEqual(tc.a, tc.b) {
			t.Errorf("Equal(%v, %v) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
}
