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

// TestLineIndexASCIISameAsWalk holds the ASCII shortcut of offset to what
// walking the line's characters gives, for every line and column of
// texts with short, long, empty and unterminated lines.
func TestLineIndexASCIISameAsWalk(t *testing.T) {
	for _, src := range []string{
		"", "a", "\n", "ab\ncd", "ab\ncd\n", "\n\nx\n", "key: value\n  - item\n\nlast",
		"a very long line with many columns to count through before its end\nb\n",
	} {
		fast := newLineIndex([]byte(src))
		if !fast.ascii {
			t.Fatalf("%q: not taken for ASCII", src)
		}
		slow := newLineIndex([]byte(src))
		slow.ascii = false
		for line := 0; line <= len(fast.starts)+1; line++ {
			for col := -1; col <= len(src)+2; col++ {
				if got, want := fast.offset(line, col), slow.offset(line, col); got != want {
					t.Errorf("%q: offset(%d, %d) = %d, the walk gives %d", src, line, col, got, want)
				}
			}
		}
	}
	for _, src := range []string{"aé\nb", "a\r\nb", "é"} {
		if newLineIndex([]byte(src)).ascii {
			t.Errorf("%q: taken for ASCII with only newlines", src)
		}
	}
}

func TestIsASCII(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want bool
	}{
		{"", true}, {"abc", true}, {"0123456789abcdef", true}, {"0123456789abcdeé", false},
		{"é0123456789abcdef", false}, {"01234567\x80", false}, {"\x7f\x00", true},
	} {
		if got := isASCII([]byte(tc.src)); got != tc.want {
			t.Errorf("isASCII(%q) = %v, want %v", tc.src, got, tc.want)
		}
	}
}
