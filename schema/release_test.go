package schema

import "testing"

func TestReleaseOf(t *testing.T) {
	tests := []struct {
		heat, want string
	}{
		{"19.0.0", "Heat 19.0.0 (OpenStack 2022.2 Zed)"},
		{"22.1.0", "Heat 22.1.0 (OpenStack 2024.1 Caracal)"},
		{"10.0.0", "Heat 10.0.0 (OpenStack 2018.1 Queens)"},
		{"9.0.0", "Heat 9.0.0"},   // before Heat numbered releases by series
		{"99.0.0", "Heat 99.0.0"}, // newer than the table
		{"master", "Heat master"}, // not a number
	}
	for _, tc := range tests {
		if got := ReleaseOf(tc.heat).String(); got != tc.want {
			t.Errorf("ReleaseOf(%q) = %q, want %q", tc.heat, got, tc.want)
		}
	}
}

// TestDataReleaseMatchesLoad: the release heat-ls version names is the one
// the loaded facts say they come from.
func TestDataReleaseMatchesLoad(t *testing.T) {
	s, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	r := DataRelease()
	if r.Heat != s.HeatVersion() {
		t.Fatalf("DataRelease says Heat %s, Load says %s", r.Heat, s.HeatVersion())
	}
	if r.Name == "" {
		t.Fatalf("the embedded release %s has no OpenStack series name; add it to seriesNames", r.Heat)
	}
}
