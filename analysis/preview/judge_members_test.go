package preview

import (
	"slices"
	"testing"
)

// TestCanonicalMembers: Heat's random member names meet heat-ls's
// member-N under the groups heat-ls expands, whatever letters the random
// names have, and only there.
func TestCanonicalMembers(t *testing.T) {
	ours := map[string]int{"g/member-0": 0, "g/member-1": 0, "g/member-0/inner/member-0": 0, "loadbalancer": 0, "n/abcdefghijkl": 0}
	heat := map[string]int{"g/qwertyuiopas": 0, "g/zx9cvbnmlkjh": 0, "g/qwertyuiopas/inner/mnbvcxzlkjhg": 0, "loadbalancer": 0, "n/abcdefghijkl": 0}
	o, h := canonicalMembers(ours, heat)
	want := []string{"g/#0", "g/#0/inner/#0", "g/#1", "loadbalancer", "n/abcdefghijkl"}
	if got := sortedKeys(o); !slices.Equal(got, want) {
		t.Errorf("heat-ls's paths %v, want %v", got, want)
	}
	if got := sortedKeys(h); !slices.Equal(got, want) {
		t.Errorf("Heat's paths %v, want %v", got, want)
	}
}
