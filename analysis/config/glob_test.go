package config

import (
	"fmt"
	"strings"
	"testing"
)

func TestMatchGlob(t *testing.T) {
	tests := []struct {
		pattern, name string
		want          bool
	}{
		{"a/b.yaml", "a/b.yaml", true},
		{"a", "a/b/c.yaml", true}, // a directory matches what is below it
		{"a/*.yaml", "a/b.yaml", true},
		{"a/*.yaml", "a/b/c.yaml", false},
		{"**/c.yaml", "c.yaml", true},
		{"**/c.yaml", "a/b/c.yaml", true},
		{"a/**/c.yaml", "a/c.yaml", true},
		{"a/**/c.yaml", "a/x/y/c.yaml", true},
		{"a/**/c.yaml", "b/x/c.yaml", false},
		{"**", "anything/at/all", true},
		{"**/x/**/y", "a/x/b/c/y/z", true},
		{"**/x/**/y", "a/y/b/x", false},
		{"a/b", "a", false},
	}
	for _, tt := range tests {
		if got := matchGlob(tt.pattern, tt.name); got != tt.want {
			t.Errorf("matchGlob(%q, %q) = %v, want %v", tt.pattern, tt.name, got, tt.want)
		}
	}
}

// TestMatchGlobManyStars: a pattern of many "**" parts against a long path
// it does not match costs their product, not the number of ways to split
// the path among them (which for 40 and 40 is about 10^23).
func TestMatchGlobManyStars(t *testing.T) {
	pattern := strings.Repeat("**/a/", 40) + "never"
	name := strings.Repeat("a/", 400) + "x.yaml"
	if matchGlob(pattern, name) {
		t.Fatal("matched")
	}
	if !matchGlob(strings.Repeat("**/", 640)+"x.yaml", name) {
		t.Fatal("not matched")
	}
}

// BenchmarkMatchGlobManyStars: ns/op grows with pattern parts × path parts.
func BenchmarkMatchGlobManyStars(b *testing.B) {
	for _, n := range []int{10, 100, 1000} {
		pattern := strings.Repeat("**/a/", n) + "never"
		name := strings.Repeat("a/", n) + "x.yaml"
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for b.Loop() {
				matchGlob(pattern, name)
			}
		})
	}
}
