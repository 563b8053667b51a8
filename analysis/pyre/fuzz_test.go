package pyre

import "testing"

// FuzzPatternCheck: any text, valid UTF-8 or not, gets a verdict without
// a panic, a refusal points inside the pattern, and Python's position, when
// it gives one, is a character of it. The corpus under testdata/fuzz holds
// deep nestings past Python's recursion limit.
func FuzzPatternCheck(f *testing.F) {
	for _, s := range []string{`(?P<a>x)(?(a)y|z)`, `[a-\d]`, `(?<=ab|c)`, `a{3,2}`, "\xff(", `(?x) a # c`, `\N{DIGIT ONE}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r := Check(s)
		if r.Status != Refused {
			return
		}
		e := r.Err
		if e == nil || e.Start < 0 || e.Start > e.End || e.End > len(s) {
			t.Fatalf("Check(%q): error %+v outside the pattern", s, e)
		}
		if e.Pos > len([]rune(s)) {
			t.Fatalf("Check(%q): position %d past the end", s, e.Pos)
		}
	})
}
