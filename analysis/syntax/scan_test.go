package syntax

import "testing"

// TestMatchValueEnd: the one-comparison path for scalars written as they
// read gives the end the walk over both texts gives.
func TestMatchValueEnd(t *testing.T) {
	for _, tc := range []struct {
		src, value string
		end        int
		ok         bool
	}{
		{"abc # note", "abc", 3, true},
		{"a b\n", "a b", 3, true},
		{"a\n  b\nc: 1", "a b", 5, true}, // folded: the walk
		{"x\n", "x\n", 1, true},          // a block scalar's text keeps its break
		{"", "", 0, true},
		{"abd", "abc", 0, false},
	} {
		end, ok := matchValueEnd([]byte(tc.src), 0, tc.value)
		if end != tc.end || ok != tc.ok {
			t.Errorf("matchValueEnd(%q, %q) = %d, %v; want %d, %v", tc.src, tc.value, end, ok, tc.end, tc.ok)
		}
	}
}
