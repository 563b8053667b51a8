package syntax

import (
	"strings"
	"testing"

	"heat-ls/analysis/rules"
)

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

// TestUnknownTags: explicit tags a safe YAML loader cannot construct are
// errors over the tag text (the file still parses); standard ones are not.
func TestUnknownTags(t *testing.T) {
	tests := []struct {
		src  string
		want []string // tag texts reported, in order
	}{
		{"a: !custom x\n", []string{"!custom"}},
		{"a: &anchor !Ref [b]\n", []string{"!Ref"}},
		{"a: !!python/name:os.system x\n", []string{"!!python/name:os.system"}},
		{"a: !Thing\n  b: 1\n", []string{"!Thing"}},
		{"a: !!str 5\nb: ! x\nc: !!binary aGk=\nd: !!set {x}\ne: !!map {x: 1}\n", nil},
	}
	for _, tt := range tests {
		f := Parse([]byte(tt.src))
		if f.Broken {
			t.Errorf("%q: parse broken", tt.src)
		}
		var got []string
		for _, p := range f.Problems {
			if p.Code == rules.YAMLUnknownTag {
				got = append(got, tt.src[p.Span.Start:p.Span.End])
			}
		}
		if strings.Join(got, ",") != strings.Join(tt.want, ",") {
			t.Errorf("%q: tags reported %q, want %q", tt.src, got, tt.want)
		}
	}
}
