package syntax

import (
	"testing"

	"heat-ls/analysis/rules"
)

// TestFlowColon: a plain scalar in a flow collection whose colon meets
// ",", "}" or "]" at once is refused (libyaml cannot scan it); a space
// after the colon, a quoted key, block context and a colon inside the
// text are fine. Each finding is the colon itself.
func TestFlowColon(t *testing.T) {
	tests := []struct {
		name, src string
		want      int // offset of each reported colon
	}{
		{"mapping closed at once", "a: {size:}\n", 8},
		{"list item", "a: [k:]\n", 5},
		{"before a comma", "a: {x:, y: 1}\n", 5},
		{"value", "a: {k: v:}\n", 8},
		{"space after the colon", "a: {size: }\n", -1},
		{"quoted key", "a: {\"size\":}\n", -1},
		{"colon inside the text", "a: {u: http://x}\n", -1},
		{"block value ending in a colon", "a: b:\n", -1},
		{"block text with a bracket", "a: b:]\n", -1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := Parse([]byte(tt.src))
			got := -1
			for _, p := range f.Problems {
				if p.Code == rules.YAMLFlowKeyColon {
					if got != -1 {
						t.Fatalf("more than one finding: %+v", f.Problems)
					}
					got = p.Span.Start
					if p.Span.End != got+1 || tt.src[got] != ':' {
						t.Errorf("span %v does not cover the colon", p.Span)
					}
				}
			}
			if got != tt.want {
				t.Errorf("colon reported at %d, want %d (problems %+v)", got, tt.want, f.Problems)
			}
		})
	}
}
