package syntax

import (
	"testing"

	"heat-ls/analysis/rules"
)

// TestTabBeforeComment: a tab in the indentation of a comment line, or on
// an empty line after a comment, in block context, is refused as libyaml
// refuses it (PyYAML's CSafeLoader gave each verdict); inside a flow
// collection or a scalar it is left to the parser, and a tab after a
// value is fine.
func TestTabBeforeComment(t *testing.T) {
	tests := []struct {
		name, src string
		want      int // offset of the reported tab, -1 for none
	}{
		{"after a comment line", "# a\n\t# c\nb: 1\n", 4},
		{"between entries, after a comment", "a:\n  # x\n  \t# c\n  b: 1\n", 11},
		{"after a plain value, whose scan takes the tab", "a: 1\n  \t # c\nb: 2\n", -1},
		{"after a comment, then a blank line", "# a\n\n\t# c\nb: 1\n", 5},
		{"an empty line with a tab after a comment", "a:\n  # x\n\t\n  b: 1\n", 9},
		{"after a value", "a: 1 \t# c\n", -1},
		{"after a key", "a: \t# c\n  b: 1\n", -1},
		{"in a flow collection", "a: [1,\n\t# c\n 2]\n", -1},
		{"in a block scalar", "a: |\n  x\n  \t# c\nb: 1\n", -1},
		{"in a quoted text", "a: 'x\n\t# c'\n", -1},
		{"spaces only", "# a\n  # c\nb: 1\n", -1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := Parse([]byte(tt.src))
			got := -1
			for _, p := range f.Problems {
				if p.Code == rules.YAMLSyntax {
					got = p.Span.Start
					break
				}
			}
			if got != tt.want {
				t.Errorf("yaml-syntax at %d, want %d (%+v)", got, tt.want, f.Problems)
			}
		})
	}
}
