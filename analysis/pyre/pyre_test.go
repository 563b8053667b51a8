package pyre

import (
	"strings"
	"testing"
)

// TestCheckPointsAtTheFault: the bytes an error points at, in patterns
// with multi-byte characters before the fault (Python counts
// characters, the span counts bytes).
func TestCheckPointsAtTheFault(t *testing.T) {
	for _, tc := range []struct {
		pattern string
		kind    Kind
		pos     int    // Python's position, in characters
		at      string // the text pointed at
	}{
		{`éé[z-a]`, KindBadRange, 3, `z-a`},
		{`^(?=.*\d)(?=.*[A-!!int Z])`, KindBadRange, 15, `A-!`},
		{`(?=é)(ab`, KindUnterminatedGroup, 5, `(`},
		{`(?=é)ab)`, KindUnbalancedParen, 7, `)`},
		{`ü\q`, KindBadEscape, 1, `\q`},
		{`a\`, KindTrailingBackslash, 1, `\`},
		{`[ab`, KindUnterminatedSet, 0, `[`},
		{`(?<=ä|bc)`, KindLookbehindWidth, -1, `(?<=ä|bc)`},
		{`a{4294967295}`, KindRepeatTooLarge, -1, `{4294967295}`},
		{`x(?i)`, KindGlobalFlagsNotAtStart, 1, `(?i)`},
	} {
		r := Check(tc.pattern)
		if r.Status != Refused {
			t.Errorf("Check(%q) = %v, want refused", tc.pattern, r.Status)
			continue
		}
		e := r.Err
		if e.Kind != tc.kind || e.Pos != tc.pos || tc.pattern[e.Start:e.End] != tc.at {
			t.Errorf("Check(%q) = kind %d at %d pointing at %q, want kind %d at %d pointing at %q",
				tc.pattern, e.Kind, e.Pos, tc.pattern[e.Start:e.End], tc.kind, tc.pos, tc.at)
		}
	}
}

// TestCheckAccepts: patterns Python compiles that a parser of another
// dialect (Go's, or a naive one) refuses or misreads.
func TestCheckAccepts(t *testing.T) {
	for _, pattern := range []string{
		`(?=(a))\1`, `[]a]`, `[^]a]`, `a{,3}`, `{`, `a{`, `x{a}`, `{}`, `(?i)abc`, `\Z`, `(?x) (?i) a`,
		`(?P<n>a)(?P=n)`, `(?(1)a|b)(c)`, `a*+`, `(?>a+)b`, `(?<=ab|cd)x`, `(?#(((()x`, `[\d-]`, `[(?.]`,
	} {
		if r := Check(pattern); r.Status != Accepted {
			t.Errorf("Check(%q) = %v %+v, want accepted", pattern, r.Status, r.Err)
		}
	}
}

// TestDescribeEveryKind: every kind has words of its own.
func TestDescribeEveryKind(t *testing.T) {
	seen := map[string]Kind{}
	for k := KindTrailingBackslash; k <= KindCodePointRange; k++ {
		d := (&Error{Kind: k, Detail: "x", Msg: "bad inline flags: flag turned on and off"}).Describe()
		if strings.HasPrefix(d, "Python's re refuses") {
			t.Errorf("kind %d has no description", k)
		}
		if other, dup := seen[d]; dup {
			t.Errorf("kinds %d and %d read alike: %q", other, k, d)
		}
		seen[d] = k
	}
}

// BenchmarkCheck: a typical allowed_pattern with look-aheads.
func BenchmarkCheck(b *testing.B) {
	const pattern = `^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[!@#$%^&*])[A-Za-z\d!@#$%^&*]{8,64}$`
	for b.Loop() {
		if Check(pattern).Status != Accepted {
			b.Fatal("refused")
		}
	}
}

// TestFeatures: the constructs Go's regexp reads otherwise are found
// where Python reads them, not in text that only looks like them.
func TestFeatures(t *testing.T) {
	for _, tc := range []struct {
		pattern string
		want    Feature
	}{
		{`a{,3}`, FeatRepeatNoMin},
		{`a{,}`, FeatRepeatNoMin},
		{`a{1,3}`, 0},
		{`a\{,3}`, 0},
		{`a{,x}`, 0},
		{`[[:alpha:]]`, FeatPosixClass},
		{`[:alpha:]`, 0},
		{`\[:a`, 0},
		{`\d\W`, FeatCategory},
		{`[\s]`, FeatCategory},
		{`\b`, FeatCategory},
		{`\\d`, 0},
		{`a$`, FeatDollar},
		{`[$]\$`, 0},
		{`\w+$`, FeatCategory | FeatDollar},
	} {
		if got := Check(tc.pattern).Features; got != tc.want {
			t.Errorf("Check(%q).Features = %b, want %b", tc.pattern, got, tc.want)
		}
	}
}
