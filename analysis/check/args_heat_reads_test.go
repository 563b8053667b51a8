package check

import (
	"testing"

	"heat-ls/analysis/rules"
)

// TestArgumentsAsHeatReadsThem holds the argument forms Heat accepts
// although they look wrong (an algorithm name in capitals, a false
// operand of list_join, a null loop in repeat, a negative str_split
// index) beside the neighbour it still refuses.
func TestArgumentsAsHeatReadsThem(t *testing.T) {
	prop := func(v, value string) string {
		return "heat_template_version: " + v + "\nresources:\n  r:\n    type: OS::Heat::Value\n    properties:\n      value: " + value + "\n"
	}
	runStructureCases(t, []structureCase{
		{"list_join false operands skipped", prop("2018-08-31", "{list_join: [',', [a], null, '', 0, false, {}, []]}"), nil},
		{"list_join null list before liberty", prop("2015-04-30", "{list_join: [',', null]}"), nil},
		{"list_join empty text before liberty", prop("2015-04-30", "{list_join: [',', '']}"),
			[]want{{rules.BadFunctionArgs, E, "''", "must be a list"}}},
		{"digest algorithm in capitals", prop("2016-10-14", "{digest: [SHA256, hello]}"), nil},
		{"digest dashed algorithm", prop("2016-10-14", "{digest: [SHA-256, hello]}"),
			[]want{{rules.UnknownDigestAlgorithm, E, "SHA-256", "sha256"}}},
		{"repeat null values make no copies", prop("2018-08-31", "{repeat: {for_each: {'%k': null, '%j': [1, 2]}, template: 'k%k%j'}}"), nil},
		{"repeat null values beside lists of other lengths", prop("2018-08-31", "{repeat: {for_each: {'%k': null, '%a': [x], '%b': [y]}, template: '%k%a%b', permutations: false}}"), nil},
		{"repeat empty text values", prop("2018-08-31", "{repeat: {for_each: {'%k': ''}, template: 'k%k'}}"),
			[]want{{rules.BadFunctionArgs, E, "''", "must be a list"}}},
		{"str_split negative index past the start", prop("2016-10-14", "{str_split: [',', 'a,b', -3]}"),
			[]want{{rules.BadFunctionArgs, E, "-3", "from -2 to 1"}}},
		{"str_split negative index from the end", prop("2016-10-14", "{str_split: [',', 'a,b', -2]}"), nil},
		{"str_split index as negative text", prop("2016-10-14", "{str_split: [',', 'a,b', '-1']}"), nil},
	})
}
