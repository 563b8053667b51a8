package syntax

import (
	"testing"

	"heat-ls/analysis/rules"
)

// TestTagMismatch: a standard tag on a value PyYAML cannot build with it
// is refused; values its constructors take are not.
func TestTagMismatch(t *testing.T) {
	tests := []struct {
		src     string
		refused bool
	}{
		{"a: !!int description\n", true},
		{"a: !!int 0x1F\n", false},
		{"a: !!int -1_000\n", false},
		{"a: !!int 1:30\n", false},
		{"a: !!int 09\n", true}, // a leading 0 is octal to PyYAML
		{"a: !!int 1.5\n", true},
		{"a: !!float 1e3\n", false},
		{"a: !!float .inf\n", false},
		{"a: !!float abc\n", true},
		{"a: !!bool yes\n", false},
		{"a: !!bool maybe\n", true},
		{"a: !!str {b: c}\n", true},
		{"a: !!str 12\n", false},
		{"a: !!map [b]\n", true},
		{"a: !!seq {b: c}\n", true},
		{"a: !!null whatever\n", false},
		{"a: !!set {b: null}\n", false},
	}
	for _, tt := range tests {
		t.Run(tt.src, func(t *testing.T) {
			f := Parse([]byte(tt.src))
			got := false
			for _, p := range f.Problems {
				if p.Code == rules.YAMLUnknownTag {
					got = true
				}
			}
			if got != tt.refused {
				t.Errorf("refused = %v, want %v (problems %+v)", got, tt.refused, f.Problems)
			}
		})
	}
}
