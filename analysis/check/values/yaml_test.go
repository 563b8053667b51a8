package values

import (
	"testing"

	"heat-ls/analysis/syntax"
)

func yamlValue(t *testing.T, src string) *syntax.Node {
	t.Helper()
	return syntax.Parse([]byte("v: " + src + "\n")).Root().Resolve().Get("v")
}

// TestPyYAMLText: which scalars Heat's loader reads as text (timestamps
// are, numbers in YAML 1.1's forms and null are not).
func TestPyYAMLText(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want bool
	}{
		{"a b", true},
		{"'12'", true},
		{"2020-01-01", true},
		{"12", false},
		{"1:20", false},
		{"0o17", true},
		{"017", false},
		{"+.5", true},
		{".5", false},
		{"~", false},
		{"yes", false},
		{"1e3", true},
	} {
		if got := PyYAMLText(yamlValue(t, tc.src)); got != tc.want {
			t.Errorf("pyYAMLText(%s) = %v, want %v", tc.src, got, tc.want)
		}
	}
}
