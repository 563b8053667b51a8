package parameters

import "testing"

// TestBrokenPatternPythonExtensions: group openings Python's re refuses as
// unknown extensions, against the ones it knows (each checked with
// Python's re.compile).
func TestBrokenPatternPythonExtensions(t *testing.T) {
	for pattern, broken := range map[string]bool{
		`^(?.ab)$`:       true,
		`(?@x)`:          true,
		`(?<name>x)`:     true,
		`(?=a)b`:         false,
		`(?<!a)b`:        false,
		`(?P<n>a)(?P=n)`: false,
		`(?i)abc`:        false,
		`(?#comment)a`:   false,
		`\(?.a`:          false,
		`[(?.]a`:         false,
		`[\]](?@x)`:      true,
		`(?:a|b)+`:       false,
		`(?>a)`:          false,
	} {
		if got := brokenPattern(pattern) != nil; got != broken {
			t.Errorf("brokenPattern(%q) = %+v, want broken %v", pattern, brokenPattern(pattern), broken)
		}
	}
}
