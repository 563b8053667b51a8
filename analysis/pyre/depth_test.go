package pyre

import (
	"fmt"
	"strings"
	"testing"
)

// deepShapes are the nestings Python's parser recurses on, with the
// deepest level a bare Python 3.11 interpreter compiles (measured with
// re.compile at the top level of a script; one more level raises
// RecursionError): a group of any kind costs two frames, a conditional
// group one.
var deepShapes = []struct {
	name, prefix, open, close string
	python                    int // the deepest nesting Python compiles
}{
	{"group", "", "(", ")", MaxPythonNesting},
	{"non-capturing", "", "(?:", ")", MaxPythonNesting},
	{"look-ahead", "", "(?=", ")", MaxPythonNesting},
	{"scoped flags", "", "(?i:", ")", MaxPythonNesting},
	{"alternation", "", "(a|", ")", MaxPythonNesting},
	{"repeat inside", "", "(a*", ")", MaxPythonNesting},
	{"conditional", "(a)", "(?(1)", ")", 2*MaxPythonNesting + 1},
	{"conditional with no-branch", "(a)", "(?(1)a|", ")", 2*MaxPythonNesting + 1},
}

func deepPattern(prefix, open, close string, n int) string {
	return prefix + strings.Repeat(open, n) + "a" + strings.Repeat(close, n)
}

// TestDeepNesting: Python's verdict on each side of its recursion limit,
// and a quick refusal at ten times it and far beyond (this package's own
// recursion stops where Python's does).
func TestDeepNesting(t *testing.T) {
	for _, s := range deepShapes {
		for _, n := range []int{s.python, s.python + 1, 10 * s.python, 200_000} {
			t.Run(fmt.Sprintf("%s/%d", s.name, n), func(t *testing.T) {
				pattern := deepPattern(s.prefix, s.open, s.close, n)
				r := Check(pattern)
				if n <= s.python {
					if r.Status != Undecided {
						t.Fatalf("status %v (%+v), want undecided", r.Status, r.Err)
					}
					return
				}
				if r.Status != Refused || r.Err.Kind != KindRecursion || r.Err.Exc != "RecursionError" {
					t.Fatalf("status %v, error %+v, want RecursionError", r.Status, r.Err)
				}
				at := len(s.prefix) + s.python*len(s.open)
				if r.Err.Start != at || pattern[r.Err.Start:r.Err.End] != "(" {
					t.Fatalf("points at %d..%d, want the ( at %d", r.Err.Start, r.Err.End, at)
				}
			})
		}
	}
}

// TestNestingVerdicts: a shallow nesting is decided, a middling one
// undecided unless refused anyway, and any refusal after deep nesting
// stays a refusal (Python refuses either way).
func TestNestingVerdicts(t *testing.T) {
	for _, tc := range []struct {
		pattern string
		want    Status
	}{
		{deepPattern("", "(", ")", MaxNesting), Accepted},
		{deepPattern("", "(", ")", MaxNesting+1), Undecided},
		{deepPattern("", "(", ")", 300) + `\q`, Refused},
		{`\q` + deepPattern("", "(", ")", 10*MaxPythonNesting), Refused},
		{strings.Repeat("(a)", 100_000), Accepted},
	} {
		if r := Check(tc.pattern); r.Status != tc.want {
			t.Errorf("Check(%.20q…) = %v (%+v), want %v", tc.pattern, r.Status, r.Err, tc.want)
		}
	}
}

// BenchmarkDeepNesting: a pattern of only "(" costs time linear in its
// size (the parse stops at Python's limit; reading the characters is
// what grows).
func BenchmarkDeepNesting(b *testing.B) {
	for _, n := range []int{1_000, 100_000, 10_000_000} {
		pattern := strings.Repeat("(", n)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			b.SetBytes(int64(n))
			b.ReportAllocs()
			for b.Loop() {
				if r := Check(pattern); r.Status != Refused {
					b.Fatal(r.Status)
				}
			}
		})
	}
}
