package syntax

import (
	"testing"
)

// TestQuestionMarksInFlow: question marks inside plain scalars of flow
// collections, which yaml.v3 refuses and YAML (and Heat's reader)
// allows, parse with the values as written and exact spans; a text
// broken for another reason stays broken.
func TestQuestionMarksInFlow(t *testing.T) {
	tests := []struct {
		name, src string
		want      []string // scalar values expected in the tree
		broken    bool
	}{
		{"list item", "a: [m1.small, m1.medium?, m1.large]\n", []string{"m1.medium?"}, false},
		{"mapping value with a query", "a: {url: http://h/p?x=1&y=2}\n", []string{"http://h/p?x=1&y=2"}, false},
		{"key", "a: {get_attr?: [r, v]}\n", []string{"get_attr?"}, false},
		{"stand-ins present in the text", "a: {b: ^`|~, c: d?}\n", nil, true},
		{"another error as well", "a: [x?, b\nc: d\n", nil, true},
		{"block context was never a problem", "a: why?\n", []string{"why?"}, false},
		{"after a colon libyaml refuses it too", "a: {g:? n}\n", nil, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := Parse([]byte(tt.src))
			if f.Broken != tt.broken {
				t.Fatalf("broken = %v, want %v (problems %+v)", f.Broken, tt.broken, f.Problems)
			}
			if string(f.Src) != tt.src {
				t.Errorf("Src changed: %q", f.Src)
			}
			for _, w := range tt.want {
				found := false
				f.Root().Walk(func(n *Node, _ int) bool {
					if n.Kind == ScalarNode && n.Value == w {
						found = true
						if got := tt.src[n.Span().Start:n.Span().End]; got != w {
							t.Errorf("span of %q covers %q", w, got)
						}
					}
					return true
				})
				if !found {
					t.Errorf("no scalar %q in the tree", w)
				}
			}
		})
	}
}
