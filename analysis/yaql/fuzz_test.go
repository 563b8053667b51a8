package yaql

import "testing"

// FuzzCheck: any text, valid UTF-8 or not, gets a verdict without a
// panic, and a refusal's span lies inside the text.
func FuzzCheck(f *testing.F) {
	for _, s := range []string{"$", "$.a[0", "f(a,, b => 1)", "'\\x4g'", "1.5x", "é@", "\xff(", "{a => [1, ]}"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		e := Check(s)
		if e != nil && (e.Offset < 0 || e.Offset > e.End || e.End > len(s)) {
			t.Fatalf("Check(%q): span %d..%d outside the text", s, e.Offset, e.End)
		}
	})
}
