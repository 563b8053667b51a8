package pyre

import (
	"testing"
	"unicode"
)

// TestIdentifiersMatchPython compares isIdentifier with Python's
// str.isidentifier on every code point, as a name's first character and
// after "a" (testdata/identifiers.json). Go's Unicode tables are newer
// than Python 3.11's, so characters Unicode assigned since may pass here
// and fail in Python; no other character may differ.
func TestIdentifiersMatchPython(t *testing.T) {
	var recorded []map[string][][2]rune
	readJSON(t, "testdata/identifiers.json", &recorded)
	sets := map[string]map[rune]bool{}
	for _, rec := range recorded {
		for which, ranges := range rec {
			set := map[rune]bool{}
			for _, r := range ranges {
				for c := r[0]; c <= r[1]; c++ {
					set[c] = true
				}
			}
			sets[which] = set
		}
	}
	if len(sets) != 3 {
		t.Fatalf("identifiers.json holds %d sets, want start, continue and assigned", len(sets))
	}
	for _, which := range []string{"start", "continue"} {
		newer := 0
		for c := rune(0); c <= unicode.MaxRune; c++ {
			if c >= 0xD800 && c <= 0xDFFF {
				continue // not representable in a Go string
			}
			name := string(c)
			if which == "continue" {
				name = "a" + name
			}
			switch got := isIdentifier(name); {
			case got == sets[which][c]:
			case got && !sets["assigned"][c]:
				newer++ // a character Python's Unicode does not have yet
			case got:
				t.Errorf("%s U+%04X: isIdentifier takes it, Python does not", which, c)
			default:
				t.Errorf("%s U+%04X: Python takes it, isIdentifier does not", which, c)
			}
		}
		t.Logf("%s: %d characters newer than Python's Unicode pass here", which, newer)
	}
}
