package values

import (
	"testing"
)

// TestPythonInt: the texts Python's int() reads, and those it refuses.
func TestPythonInt(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int
		ok   bool
	}{
		{"2", 2, true}, {" 0 ", 0, true}, {"+3", 3, true}, {"-1", -1, true}, {"1_000", 1000, true},
		{"", 0, false}, {"1.0", 0, false}, {"_1", 0, false}, {"1_", 0, false}, {"1__0", 0, false}, {"+-1", 0, false}, {"0x1", 0, false}, {"two", 0, false},
	} {
		got, ok := PythonInt(tc.in)
		if got != tc.want || ok != tc.ok {
			t.Errorf("pythonInt(%q) = %d, %v; want %d, %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
}
