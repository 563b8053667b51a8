package check

import (
	"testing"

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
