package spell

import (
	"slices"
	"testing"
)

func TestDistance(t *testing.T) {
	tests := []struct {
		a, b string
		want int
	}{
		{"", "", 0},
		{"name", "name", 0},
		{"", "abc", 3},
		{"get_parm", "get_param", 1},   // insertion
		{"get_params", "get_param", 1}, // deletion
		{"lenght", "length", 1},        // adjacent swap counts once
		{"nmae", "name", 1},
		{"flavour", "flavor", 1},
		{"kitten", "sitting", 3},
		{"OS::Nova::Sever", "OS::Nova::Server", 1},
	}
	for _, tt := range tests {
		if got := Distance(tt.a, tt.b); got != tt.want {
			t.Errorf("Distance(%q, %q) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
		if got := Distance(tt.b, tt.a); got != tt.want {
			t.Errorf("Distance(%q, %q) = %d, want %d (symmetry)", tt.b, tt.a, got, tt.want)
		}
	}
}

func TestDistanceBoundsLongInputs(t *testing.T) {
	long := string(make([]byte, 10000))
	if got := Distance(long, long+"x"); got != 0 {
		t.Errorf("inputs past 64 bytes should be ignored, got %d", got)
	}
}

func TestBudget(t *testing.T) {
	for name, want := range map[string]int{"a": 1, "abc": 1, "abcd": 2, "abcdefg": 3, "a_very_long_name": 3} {
		if got := Budget(name); got != want {
			t.Errorf("Budget(%q) = %d, want %d", name, got, want)
		}
	}
}

func TestNearest(t *testing.T) {
	cands := []string{"server", "port", "sever_group", "servers", "volume"}
	tests := []struct {
		name    string
		n, dist int
		want    []string
	}{
		{"sever", 3, 2, []string{"server", "servers"}},
		{"server", 3, 1, []string{"servers"}}, // never the name itself
		{"prot", 3, 1, []string{"port"}},
		{"zzz", 3, 1, []string{}},
		{"sever", 1, 2, []string{"server"}},
	}
	for _, tt := range tests {
		if got := Nearest(tt.name, cands, tt.n, tt.dist); !slices.Equal(got, tt.want) {
			t.Errorf("Nearest(%q) = %v, want %v", tt.name, got, tt.want)
		}
	}
	// Equal distances come out alphabetically whatever the input order.
	a := Nearest("cat", []string{"cot", "bat", "cab"}, 3, 1)
	b := Nearest("cat", []string{"cab", "cot", "bat"}, 3, 1)
	if !slices.Equal(a, b) || !slices.Equal(a, []string{"bat", "cab", "cot"}) {
		t.Errorf("ties not alphabetical: %v / %v", a, b)
	}
	if got := NearestFold("String", []string{"string", "number"}, 2, 1); !slices.Equal(got, []string{"string"}) {
		t.Errorf("NearestFold = %v", got)
	}
}
