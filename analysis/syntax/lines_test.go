package syntax

import (
	"slices"
	"testing"
)

func TestLineIndex(t *testing.T) {
	tests := []struct {
		src    string
		starts []int
	}{
		{"", []int{0}},
		{"a\nb\n", []int{0, 2, 4}},
		{"a\r\nb\rc", []int{0, 3, 5}},
		{"a\u0085b\u2028c\u2029d", []int{0, 3, 7, 11}},
		{"\n\n", []int{0, 1, 2}},
	}
	for _, tt := range tests {
		x := newLineIndex([]byte(tt.src))
		if !slices.Equal(x.starts, tt.starts) {
			t.Errorf("%q: starts %v, want %v", tt.src, x.starts, tt.starts)
		}
	}
	x := newLineIndex([]byte("aé😀b\ncd"))
	for _, tc := range []struct{ line, col, want int }{
		{1, 4, 7}, {1, 1, 0}, {1, 3, 3}, {1, 99, 8}, {2, 2, 10}, {0, 5, 0}, {3, 1, 11}, {1, 2, 1},
	} {
		if got := x.offset(tc.line, tc.col); got != tc.want {
			t.Errorf("offset(%d, %d) = %d, want %d", tc.line, tc.col, got, tc.want)
		}
	}
}
