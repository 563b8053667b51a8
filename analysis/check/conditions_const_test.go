package check

import (
	"testing"

	"heat-ls/analysis/check/pass"
	"heat-ls/analysis/check/values"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/rules"
)

func TestConstCondition(t *testing.T) {
	const head = "heat_template_version: 2018-08-31\nparameters:\n  env: {type: string, default: prod}\nconditions:\n  yes_c: true\n  by_param: {equals: [{get_param: env}, prod]}\n  loop: {not: loop}\n  c: "
	tests := []struct {
		expr    string
		val, ok bool
	}{
		{"true", true, true},
		{"no", false, true}, // Heat's YAML 1.1 loader reads no as false
		{"yes_c", true, true},
		{"{not: yes_c}", false, true},
		{"{or: [false, yes_c]}", true, true},
		{"{and: [true, false, by_param]}", false, true}, // decided before by_param
		{"{and: [by_param, false]}", false, true},       // false whatever by_param is
		{"{equals: [1, 1]}", true, true},
		{"{equals: [a, b]}", false, true},
		{"{equals: [1, '1']}", false, true}, // Python: 1 != '1'
		{"by_param", false, false},
		{"loop", false, false},
		{"'true'", false, false}, // quoted: a condition name, and none has it
	}
	for _, tt := range tests {
		doc := hot.Parse([]byte(head + tt.expr + "\nresources: {}\n"))
		val, ok := values.ConstCondition(pass.AnyInputOf(doc.Template, nil, ""), doc.Template.Condition("c").Value)
		if val != tt.val || ok != tt.ok {
			t.Errorf("%s: got (%v, %v), want (%v, %v)", tt.expr, val, ok, tt.val, tt.ok)
		}
	}
}

// TestSkippedOperands: an operand after one that decides and / or for
// every input is a warning; where parameters decide, an error.
func TestSkippedOperands(t *testing.T) {
	const head = "heat_template_version: 2018-08-31\nparameters:\n  env: {type: string, default: prod}\nconditions:\n  by_param: {equals: [{get_param: env}, prod]}\n  c: "
	const tail = "\nresources:\n  r:\n    type: OS::Heat::None\n    condition: c\n"
	runStructureCases(t, []structureCase{
		{"or after true", head + "{or: [true, [x]]}" + tail, []want{{rules.BadFunctionArgs, W, "[x]", "earlier operand always decides"}}},
		{"and after false", head + "{and: [false, {a: b}]}" + tail, []want{{rules.BadFunctionArgs, W, "{a: b}", "never looks at this one"}}},
		{"undefined name after true", head + "{or: [true, nosuch]}" + tail, []want{{rules.UndefinedCondition, W, "nosuch", "never looks at this one"}}},
		{"or before true", head + "{or: [[x], true]}" + tail, []want{{rules.BadFunctionArgs, E, "[x]", "not a list"}}},
		{"and after true", head + "{and: [true, [x]]}" + tail, []want{{rules.BadFunctionArgs, E, "[x]", "not a list"}}},
		{"decided by a parameter", head + "{or: [by_param, [x]]}" + tail, []want{{rules.BadFunctionArgs, E, "[x]", "not a list"}}},
		{"function in a skipped operand is computed", head + "{or: [true, {and: [[x], false]}]}" + tail, []want{{rules.BadFunctionArgs, E, "[x]", "not a list"}}},
	})
}
