package syntax

import "testing"

// TestPairFollowsMergeKeys: keys a mapping brings in with "<<" are found
// the way Heat's loader merges them (own keys first, then the merged
// mappings in order), and a quoted "<<" merges nothing.
func TestPairFollowsMergeKeys(t *testing.T) {
	src := "a: &a {x: 1, y: 1}\nb: &b {y: 2, z: 2}\n" +
		"one: {<<: *a, x: own}\n" +
		"list: {<<: [*b, *a]}\n" +
		"quoted: {'<<': *a}\n" +
		"loop: &l {<<: *l}\n"
	root := Parse([]byte(src)).Root()
	tests := []struct {
		mapping, key, want string
	}{
		{"one", "x", "own"},
		{"one", "y", "1"},
		{"list", "y", "2"},
		{"list", "x", "1"},
		{"list", "z", "2"},
		{"quoted", "x", ""},
		{"loop", "x", ""},
	}
	for _, tt := range tests {
		got := ""
		if v := root.Get(tt.mapping).Get(tt.key); v != nil {
			got = v.Value
		}
		if got != tt.want {
			t.Errorf("%s.%s = %q, want %q", tt.mapping, tt.key, got, tt.want)
		}
	}
}
