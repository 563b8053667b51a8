package workspace

import (
	"slices"
	"testing"
)

// TestWsNearest: cross-file suggestions allow as many edits as the
// single-file ones and count a swapped pair of letters as one edit, so
// "nmae" suggests "name" first. Only the best suggestion is compared.
func TestWsNearest(t *testing.T) {
	names := []string{"name", "size", "image", "vol_id"}
	tests := []struct {
		in   string
		want []string
	}{
		{"nmae", []string{"name"}},
		{"imag", []string{"image"}},
		{"vol_idd", []string{"vol_id"}},
		{"sz", []string{}},
		{"zzzzzz", []string{}},
	}
	for _, tt := range tests {
		if got := wsNearest(tt.in, names, 3); !slices.Equal(got[:min(1, len(got))], tt.want) {
			t.Errorf("wsNearest(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
