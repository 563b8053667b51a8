package yaql

import "testing"

// FuzzCheck: any text, valid UTF-8 or not, gets a verdict without a
// panic, and a refusal's span lies inside the text. The corpus under
// testdata/fuzz holds bracket nestings far past MaxDepth.
func FuzzCheck(f *testing.F) {
	for _, s := range []string{"$", "$.a[0", "f(a,, b => 1)", "'\\x4g'", "1.5x", "é@", "\xff(", "{a => [1, ]}"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r := Parse(s)
		for _, e := range []*Error{r.Err, r.TooDeep} {
			if e != nil && (e.Offset < 0 || e.Offset > e.End || e.End > len(s)) {
				t.Fatalf("Parse(%q): span %d..%d outside the text", s, e.Offset, e.End)
			}
		}
		if (r.TooDeep != nil) != (r.Depth > MaxDepth) {
			t.Fatalf("Parse(%q): depth %d, TooDeep %v", s, r.Depth, r.TooDeep)
		}
	})
}
