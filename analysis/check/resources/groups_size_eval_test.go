package resources

import (
	"testing"
)

// TestSizeFromText: a group size that str_replace or list_join makes of
// literals and defaults is worked out as Heat works it out (by the pass's
// evaluator).
func TestSizeFromText(t *testing.T) {
	const head = "heat_template_version: 2018-08-31\nparameters:\n  n: {type: string, default: '4'}\n  free: {type: string}\n  two: {type: number, default: 2}\nresources:\n  g:\n    type: OS::Heat::ResourceGroup\n    properties:\n      resource_def: {type: OS::Heat::None}\n      count: "
	for _, tc := range []struct {
		name, count string
		want        int
		ok          bool
	}{
		{"str_replace", "{str_replace: {template: N, params: {N: 2}}}", 2, true},
		{"longest placeholder first", "{str_replace: {template: NN, params: {N: 0, NN: 1}}}", 1, true},
		{"a null value is nothing", "{str_replace: {template: 0M, params: {M: null}}}", 0, true},
		{"a boolean is True", "{str_replace: {template: M, params: {M: true}}}", 0, false},
		{"list_join with a default", "{list_join: ['', ['1', {get_param: n}]]}", 14, true},
		{"list_join with a null item", "{list_join: ['', ['3', null]]}", 3, true},
		{"nested calls", "{list_join: ['', [{str_replace: {template: x, params: {x: '2'}}}]]}", 2, true},
		{"a parameter without default", "{list_join: ['', [{get_param: free}]]}", 0, false},
		{"not a number", "{str_replace: {template: N, params: {N: two}}}", 0, false},
		{"yaql worked out", "{yaql: {expression: '2 - 1'}}", 1, true},
		{"a parameter's default converted to its type", "{str_replace: {template: 1N, params: {N: {get_param: two}}}}", 12, true},
		{"list_join refuses a number", "{list_join: ['', ['1', {get_param: two}]]}", 0, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, r := passOf(t, head+tc.count+"\n")
			got, ok := GroupSize(p, r)
			if got != tc.want || ok != tc.ok {
				t.Errorf("groupSize = %d, %v; want %d, %v", got, ok, tc.want, tc.ok)
			}
		})
	}
}
