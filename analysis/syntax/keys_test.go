package syntax

import (
	"testing"

	"heat-ls/analysis/rules"
)

// TestUnhashableKeys: a list or mapping as a key (inline or through an
// alias) is an error; scalar keys of every kind are not.
func TestUnhashableKeys(t *testing.T) {
	tests := []struct {
		name, src string
		want      []string // the text of each reported key
	}{
		{"flow list key", "a: {[x]: 1}\n", []string{"[x]"}},
		{"flow mapping key in a sequence", "k: [{a: b}: 0]\n", []string{"{a: b}"}},
		{"explicit block key", "? - x\n: 1\n", []string{"- x"}},
		{"alias to a mapping as key", "m: &m {a: 1}\nn: {*m : 2}\n", []string{"*m"}},
		{"scalar keys", "1: a\ntrue: b\n\"q\": c\n~: d\n", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := Parse([]byte(tt.src))
			var got []string
			for _, p := range f.Problems {
				if p.Code == rules.YAMLUnhashableKey {
					got = append(got, tt.src[p.Span.Start:p.Span.End])
				}
			}
			if len(got) != len(tt.want) {
				t.Fatalf("got %q, want %q (problems %+v)", got, tt.want, f.Problems)
			}
			for i := range got {
				if got[i] != tt.want[i] {
					t.Errorf("got %q, want %q", got, tt.want)
				}
			}
		})
	}
}
