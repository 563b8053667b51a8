package check

import (
	"testing"

	"heat-ls/analysis/check/values"
	"heat-ls/analysis/rules"
	"heat-ls/analysis/source"
)

// TestAllowedPatternFaults: an allowed_pattern Python's re refuses is an
// error pointed at the fault when the scalar's text is the pattern byte
// for byte, else at the whole scalar; patterns Python compiles are not.
func TestAllowedPatternFaults(t *testing.T) {
	E := source.SeverityError
	pat := func(v string) string {
		return v16 + "parameters:\n  p:\n    type: string\n    constraints:\n      - allowed_pattern: " + v + "\n"
	}
	absent := []string{rules.ParameterConstraintInvalid}
	runEntryCases(t, []entryCase{
		{"range after a look-ahead, plain", pat(`^(?=.*\d)[A-!!int Z]+$`), rules.ParameterConstraintInvalid, E, "[A-!!int@A-!", nil},
		{"range after a look-ahead, single-quoted", pat(`'(?=a)[z-a]'`), rules.ParameterConstraintInvalid, E, "[z-a]@z-a", nil},
		{"open group, double-quoted without escapes", pat(`"(?=a)(b"`), rules.ParameterConstraintInvalid, E, "(b\"@(", nil},
		{"stray parenthesis after a look-ahead", pat(`'(?!x)a)b'`), rules.ParameterConstraintInvalid, E, "a)b@)", nil},
		{"double-quoted with an escape: the whole scalar", pat(`"(?=a)\\q"`), rules.ParameterConstraintInvalid, E, `"(?=a)\\q"`, nil},
		{"quote doubled in single quotes: the whole scalar", pat(`'''(?=a)\q'`), rules.ParameterConstraintInvalid, E, `'''(?=a)\q'`, nil},
		{"multi-byte text before the fault", pat(`'é(?=a)[b-a]'`), rules.ParameterConstraintInvalid, E, "[b-a]@b-a", nil},
		{"look-behind of two widths", pat(`'(?<=a|bc)d'`), rules.ParameterConstraintInvalid, E, "(?<=a|bc)", nil},
		{"global flags late", pat(`'a(?i)b'`), rules.ParameterConstraintInvalid, E, "a(?i)b@(?i)", nil},
		{"look-ahead and back reference", pat(`'(?=(a))\1'`), "", 0, "", absent},
		{"bracket first in a class", pat(`'[]a]+'`), "", 0, "", absent},
		{"repeat without a minimum", pat(`'a{,3}'`), "", 0, "", absent},
		{"lone brace", pat(`'{'`), "", 0, "", absent},
		{"flags at the start", pat(`'(?i)abc'`), "", 0, "", absent},
		{"end of text anchor", pat(`'abc\Z'`), "", 0, "", absent},
		{"a character name heat-ls cannot look up", pat(`'\N{EM DASH}'`), "", 0, "", absent},
	})
}

// TestFullMatchWhereGoReadsOtherwise: values are not judged where Go's
// regexp reads the pattern otherwise than Python's re (each verdict
// checked with Python's re.match and the end test Heat makes).
func TestFullMatchWhereGoReadsOtherwise(t *testing.T) {
	for _, tc := range []struct {
		pattern, value  string
		judged, matched bool
	}{
		{`a{,3}`, "aa", false, false},   // Python: a repeat, matches
		{`a{,}`, "aaa", false, false},   // Python: a*, matches
		{`a{1,3}`, "aa", true, true},    // both a repeat
		{`a{1,3}`, "aaaa", true, false}, // both a repeat
		{`[[:alpha:]]`, "a]", false, false},
		{`\d+`, "١٢", false, false}, // Arabic-Indic digits: Python's \d takes them
		{`\d+`, "12", true, true},
		{`\d+`, "12a", true, false},
		{`\s`, "\v", false, false}, // Python's \s takes \v, Go's does not
		{`\w+`, "é", false, false},
		{`[a-z]+`, "é", true, false},
		{"a$\n", "a\n", false, false}, // Python's $ matches before the final newline
		{`a$`, "a", true, true},
	} {
		matched, judged := values.RegexpCache{}.FullMatch(tc.pattern, tc.value)
		if judged != tc.judged || judged && matched != tc.matched {
			t.Errorf("fullMatch(%q, %q) = %v, judged %v; want %v, judged %v", tc.pattern, tc.value, matched, judged, tc.matched, tc.judged)
		}
	}
}
