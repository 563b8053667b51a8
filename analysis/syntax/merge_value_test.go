package syntax

import (
	"testing"

	"heat-ls/analysis/rules"
)

// TestMergeValues: a merge key must bring a mapping or a list of them.
func TestMergeValues(t *testing.T) {
	tests := []struct {
		src     string
		refused bool
	}{
		{"a: &b {x: 1}\nc: {<<: *b, y: 2}\n", false},
		{"a: &b {x: 1}\nc:\n  <<: [*b, {z: 3}]\n  y: 2\n", false},
		{"c: {<<: {x: 1}}\n", false},
		{"c: {<<: [a, null, b]}\n", true},
		{"c:\n  <<: text\n", true},
		{"c:\n  <<:\n", true},
		{"a: &s text\nc: {<<: *s}\n", true},
		{"c: {\"<<\": text}\n", false}, // quoted: an ordinary key
	}
	for _, tt := range tests {
		t.Run(tt.src, func(t *testing.T) {
			f := Parse([]byte(tt.src))
			got := false
			for _, p := range f.Problems {
				if p.Code == rules.YAMLMergeValue {
					got = true
				}
			}
			if got != tt.refused {
				t.Errorf("refused = %v, want %v (problems %+v)", got, tt.refused, f.Problems)
			}
		})
	}
}
