package check

import (
	"testing"

	"heat-ls/analysis/rules"
)

func TestArgumentShapes(t *testing.T) {
	out := func(v, value string) string {
		conds := ""
		if v >= "2016-10-14" {
			conds = "conditions:\n  a: true\n"
		}
		return "heat_template_version: " + v + "\nparameters:\n  x: {type: string}\n" + conds +
			"resources:\n  r: {type: OS::Heat::None}\noutputs:\n  o:\n    value: " + value + "\n"
	}
	prop := func(v, value string) string {
		return "heat_template_version: " + v + "\nresources:\n  r:\n    type: OS::Heat::Value\n    properties:\n      value: " + value + "\n"
	}
	cond := func(v, expr string) string {
		return "heat_template_version: " + v + "\nresources: {}\nconditions:\n  a: true\n  b: false\n  c: " + expr + "\n"
	}
	condUsed := func(v, expr string) string {
		return "heat_template_version: " + v + "\nresources:\n  r:\n    type: OS::Heat::None\n    condition: c\nconditions:\n  a: true\n  b: false\n  c: " + expr + "\n"
	}
	runStructureCases(t, []structureCase{
		{"get_param map", out("2016-10-14", "{get_param: {a: b}}"),
			[]want{{rules.BadFunctionArgs, W, "{a: b}", "parameter name or a list"}}}, // Heat checks get_param only when it computes it
		{"get_param path ok", out("2016-10-14", "{get_param: [OS::stack_name, 0]}"), nil},
		{"get_param path item map", out("2016-10-14", "{get_param: [OS::stack_name, {a: 1}]}"),
			[]want{{rules.BadFunctionArgs, W, "{a: 1}", "path item"}}},
		{"get_attr not list", out("2016-10-14", "{get_attr: r}"),
			[]want{{rules.BadFunctionArgs, E, "r", "must be a list"}}},
		{"get_attr resource only before liberty", out("2015-04-30", "{get_attr: [r]}"),
			[]want{{rules.BadFunctionArgs, E, "[r]", "2015-10-15 or later"}}},
		{"get_attr with a call in the path", out("2013-05-23", "{get_attr: [r, a, {get_param: x}, 0]}"), nil},
		{"list_join delimiter only", out("2016-10-14", "{list_join: ','}"),
			[]want{{rules.BadFunctionArgs, E, "','", "delimiter and a list"}}},
		{"list_join several lists before liberty", out("2015-04-30", "{list_join: [',', [a], [b]]}"),
			[]want{{rules.BadFunctionArgs, E, "[b]", "2015-10-15 or later"}}},
		{"list_join several lists at liberty", out("2015-10-15", "{list_join: [',', [a], [b]]}"), nil},
		// Heat reads list_join's values, str_split's items and repeat's
		// loop values only when it computes them: an error in a property
		// (refused at create), a warning in an output (the oracle accepts
		// it; testdata/heat-cases/out-*).
		{"list_join not a list in output", out("2016-10-14", "{list_join: [',', a]}"),
			[]want{{rules.BadFunctionArgs, W, "a", "once the stack exists"}}},
		{"list_join not a list in property", prop("2016-10-14", "{list_join: [',', a]}"),
			[]want{{rules.BadFunctionArgs, E, "a", "must be a list"}}},
		{"list_join delimiter list in output", out("2016-10-14", "{list_join: [[a], [x]]}"),
			[]want{{rules.BadFunctionArgs, W, "[a]", "delimiter must be text"}}},
		{"list_join one item in output", out("2016-10-14", "{list_join: [',']}"),
			[]want{{rules.BadFunctionArgs, E, "[',']", "a delimiter and a list"}}},
		{"contains second not list in output", out("2017-09-01", "{contains: [a, 5]}"),
			[]want{{rules.BadFunctionArgs, W, "5", "once the stack exists"}}},
		{"contains second not list in property", prop("2017-09-01", "{contains: [a, 5]}"),
			[]want{{rules.BadFunctionArgs, E, "5", "must be a list"}}},
		{"contains three items in output", out("2017-09-01", "{contains: [a, [a], [b]]}"),
			[]want{{rules.BadFunctionArgs, E, "[a, [a], [b]]", "a value and a list"}}},
		{"str_replace no params", out("2016-10-14", "{str_replace: {template: x}}"),
			[]want{{rules.BadFunctionArgs, E, "{template: x}", "`params` missing"}}},
		// Heat tests params when it reads the template: the oracle refuses it in an output.
		{"str_replace params list in output", out("2016-10-14", "{str_replace: {template: x, params: [a]}}"),
			[]want{{rules.BadFunctionArgs, E, "[a]", "mapping"}}},
		{"strict unused param in output", out("2017-02-24", "{str_replace_strict: {template: hello, params: {$name: x}}}"),
			[]want{{rules.StrReplaceUnusedParam, W, "$name", "does not occur"}}},
		{"strict unused param in property", prop("2017-02-24", "{str_replace_strict: {template: hello, params: {$name: x}}}"),
			[]want{{rules.StrReplaceUnusedParam, E, "$name", "does not occur"}}},
		{"vstrict empty value", prop("2017-09-01", "{str_replace_vstrict: {template: hi $n, params: {$n: ''}}}"),
			[]want{{rules.BadFunctionArgs, E, "''", "empty"}}},
		{"str_split arity in output", out("2016-10-14", "{str_split: [',']}"),
			[]want{{rules.BadFunctionArgs, W, "[',']", "two or three"}}},
		{"str_split arity in property", prop("2016-10-14", "{str_split: [',']}"),
			[]want{{rules.BadFunctionArgs, E, "[',']", "two or three"}}},
		{"str_split delimiter mapping in output", out("2016-10-14", "{str_split: [{k: v}, 'a,b']}"),
			[]want{{rules.BadFunctionArgs, W, "{k: v}", "delimiter must be text"}}},
		{"str_split four items in property", prop("2016-10-14", "{str_split: [',', 'a,b', 0, 9]}"),
			[]want{{rules.BadFunctionArgs, W, "9", "ignores the 1 item"}}},
		{"str_split number in output", out("2016-10-14", "{str_split: 5}"),
			[]want{{rules.BadFunctionArgs, W, "5", "not a number"}}},
		{"str_split quoted number in output", out("2016-10-14", "{str_split: '5'}"),
			[]want{{rules.BadFunctionArgs, E, "'5'", "must be a list"}}},
		{"str_split boolean in property", prop("2016-10-14", "{str_split: yes}"),
			[]want{{rules.BadFunctionArgs, E, "yes", "not a boolean"}}},
		{"str_split mapping in output", out("2016-10-14", "{str_split: {a: b}}"),
			[]want{{rules.BadFunctionArgs, E, "{a: b}", "must be a list"}}},
		{"digest unknown in output", out("2016-10-14", "{digest: [sha999, hello]}"),
			[]want{{rules.UnknownDigestAlgorithm, W, "sha999", "sha256"}}},
		{"digest unknown in property", prop("2016-10-14", "{digest: [sha999, hello]}"),
			[]want{{rules.UnknownDigestAlgorithm, E, "sha999", "sha256"}}},
		{"digest ok", out("2016-10-14", "{digest: [sha512, hello]}"), nil},
		{"repeat no template", out("2016-10-14", "{repeat: {for_each: {'%a%': [x]}}}"),
			[]want{{rules.BadFunctionArgs, E, "{for_each: {'%a%': [x]}}", "`template`"}}},
		{"repeat map before newton in output", out("2016-04-08", "{repeat: {for_each: {'%a%': {x: 1}}, template: '%a%'}}"),
			[]want{{rules.BadFunctionArgs, W, "{x: 1}", "2016-10-14 or later"}}},
		{"repeat map before newton in property", prop("2016-04-08", "{repeat: {for_each: {'%a%': {x: 1}}, template: '%a%'}}"),
			[]want{{rules.BadFunctionArgs, E, "{x: 1}", "2016-10-14 or later"}}},
		{"repeat values text in output", out("2016-10-14", "{repeat: {for_each: {'%a%': abc}, template: '%a%'}}"),
			[]want{{rules.BadFunctionArgs, W, "abc", "must be a list"}}},
		{"repeat for_each text in output", out("2016-10-14", "{repeat: {for_each: abc, template: '%a%'}}"),
			[]want{{rules.BadFunctionArgs, E, "abc", "`for_each` must map"}}},
		{"repeat map at newton", out("2016-10-14", "{repeat: {for_each: {'%a%': {x: 1}}, template: '%a%'}}"), nil},
		{"repeat permutations before pike", out("2016-10-14", "{repeat: {for_each: {'%a%': [x]}, template: '%a%', permutations: false}}"),
			[]want{{rules.RepeatPermutationsIgnored, W, "permutations", "no effect"}}},
		{"repeat permutations at pike", out("2017-09-01", "{repeat: {for_each: {'%a%': [x]}, template: '%a%', permutations: false}}"), nil},
		{"repeat unequal lengths", prop("2017-09-01", "{repeat: {for_each: {'%a%': [x, y], '%b%': [z]}, template: '%a%%b%', permutations: false}}"),
			[]want{{rules.BadFunctionArgs, E, "[z]", "this one has 1 item, an earlier one 2"}}},
		{"repeat unused placeholder", out("2016-10-14", "{repeat: {for_each: {'%a%': [x], '%b%': [y]}, template: '%a%'}}"),
			[]want{{rules.RepeatUnusedPlaceholder, W, "'%b%'", "does not occur"}}},
		{"repeat number value", prop("2016-10-14", "{repeat: {for_each: {'%a%': [x, 80]}, template: 'p-%a%'}}"),
			[]want{{rules.BadFunctionArgs, E, "80", "not a number; quote it"}}},
		{"repeat yes/no value", prop("2016-10-14", "{repeat: {for_each: {'%a%': [yes]}, template: {k: '%a%'}}}"),
			[]want{{rules.BadFunctionArgs, E, "yes", "not a boolean"}}},
		{"repeat mapping value", prop("2016-10-14", "{repeat: {for_each: {'%a%': [{b: c}]}, template: '%a%'}}"),
			[]want{{rules.BadFunctionArgs, E, "{b: c}", "not a mapping"}}},
		{"repeat number placeholder", prop("2016-10-14", "{repeat: {for_each: {7: [x]}, template: 'a7'}}"),
			[]want{{rules.BadFunctionArgs, E, "7", "placeholder must be text"}}},
		{"repeat number value in output", out("2016-10-14", "{repeat: {for_each: {'%a%': [80]}, template: 'p-%a%'}}"),
			[]want{{rules.BadFunctionArgs, W, "80", "resolves the output"}}},
		{"repeat 1e3 and dates are text", prop("2016-10-14", "{repeat: {for_each: {'%a%': [1e3, 2020-01-01, '80']}, template: 'p-%a%'}}"), nil},
		{"repeat number value, no text in the template", prop("2016-10-14", "{repeat: {for_each: {'%a%': [80]}, template: [1, {list_join: ['', [a]]}]}}"),
			[]want{{rules.RepeatUnusedPlaceholder, W, "'%a%'", "does not occur"}}},
		{"repeat number value, an empty list", prop("2016-10-14", "{repeat: {for_each: {'%a%': [80], '%b%': []}, template: '%a%%b%'}}"), nil},
		{"repeat number value, a list from a call", prop("2016-10-14", "{repeat: {for_each: {'%a%': [80], '%b%': {str_split: [',', 'a,b']}}, template: '%a%%b%'}}"), nil},
		{"repeat call among values", prop("2016-10-14", "{repeat: {for_each: {'%a%': [{list_join: ['', [a]]}]}, template: 'p-%a%'}}"), nil},
		{"list_join number item", prop("2016-10-14", "{list_join: [':', [host, 8080]]}"),
			[]want{{rules.BadFunctionArgs, E, "8080", "must be text, not a number"}}},
		{"list_join boolean in a later list", prop("2016-10-14", "{list_join: [',', [a], [b, on]]}"),
			[]want{{rules.BadFunctionArgs, E, "on", "not a boolean"}}},
		{"list_join number delimiter", prop("2016-10-14", "{list_join: [0, [a]]}"),
			[]want{{rules.BadFunctionArgs, E, "0", "delimiter must be text, not a number"}}},
		{"list_join mapping item before liberty", prop("2015-04-30", "{list_join: ['', [a, {x: y}]]}"),
			[]want{{rules.BadFunctionArgs, E, "{x: y}", "2015-10-15 and later"}}},
		{"list_join mapping, list, null, date and 1e3 items", prop("2016-10-14", "{list_join: [',', [a, {x: y}, [1], null, 2020-01-01, 1e3]]}"), nil},
		{"list_join call items", prop("2015-04-30", "{list_join: [',', [{list_join: ['', [a]]}, b]]}"), nil},
		{"list_join number item in output", out("2016-10-14", "{list_join: [':', [host, 8080]]}"),
			[]want{{rules.BadFunctionArgs, W, "8080", "resolves the output"}}},
		{"map_merge not maps in property", prop("2016-10-14", "{map_merge: [a, {b: 1}]}"),
			[]want{{rules.BadFunctionArgs, E, "a", "mapping"}}},
		{"map_replace bad key", out("2016-10-14", "{map_replace: [{a: 1}, {key: {a: b}}]}"),
			[]want{{rules.BadFunctionArgs, W, "key", "`keys` and `values`"}}},
		{"map_replace two keys renamed alike", prop("2016-10-14", "{map_replace: [{a: 1, c: 2}, {keys: {a: x, c: x}}]}"),
			[]want{{rules.BadFunctionArgs, E, "x", "two keys end up named `x`"}}},
		{"map_replace rename onto an input key", prop("2016-10-14", "{map_replace: [{a: 1, b: 2}, {keys: {a: b}}]}"),
			[]want{{rules.BadFunctionArgs, E, "b", "meets the key `b`"}}},
		{"map_replace distinct renames", prop("2016-10-14", "{map_replace: [{a: 1, b: 2}, {keys: {a: x, b: y}}]}"), nil},
		{"str_split index past the parts", prop("2016-10-14", "{str_split: [',', 'a,b', 2]}"),
			[]want{{rules.BadFunctionArgs, E, "2", "from 0 to 1"}}},
		{"make_url port out of range", out("2017-09-01", "{make_url: {host: h, port: 0}}"),
			[]want{{rules.BadFunctionArgs, E, "0", "1 to 65535"}}},
		{"contains in a text", out("2017-09-01", "{contains: [a, abc]}"), nil},
		{"yaql without expression", out("2016-10-14", "{yaql: {data: 1}}"),
			[]want{{rules.BadFunctionArgs, E, "{data: 1}", "`expression` is missing"}}},
		{"if two arguments before wallaby", out("2018-08-31", "{if: [a, x]}"),
			[]want{{rules.BadFunctionArgs, E, "[a, x]", "2021-04-16 or later"}}},
		{"if two arguments at wallaby", out("2021-04-16", "{if: [a, x]}"), nil},
		{"equals arity", cond("2016-10-14", "{equals: [a]}"),
			[]want{{rules.BadFunctionArgs, E, "[a]", "exactly two"}}},
		{"and not a list", cond("2016-10-14", "{and: true}"),
			[]want{{rules.BadFunctionArgs, E, "true", "list of conditions"}}},
		{"or one item", cond("2016-10-14", "{or: [a]}"),
			[]want{{rules.BadFunctionArgs, E, "[a]", "at least two"}}},
		// Heat judges condition operands only when it evaluates the condition.
		{"not a list", condUsed("2016-10-14", "{not: [a]}"),
			[]want{{rules.BadFunctionArgs, E, "[a]", "condition name"}}},
		{"not a list unused", cond("2016-10-14", "{not: [a]}"), nil},
		{"not a plain mapping", condUsed("2016-10-14", "{not: {k: a}}"),
			[]want{{rules.BadFunctionArgs, E, "{k: a}", "condition name"}}},
		{"contains arity", out("2017-09-01", "{contains: [a]}"),
			[]want{{rules.BadFunctionArgs, E, "[a]", "a value and a list"}}},
		{"filter not lists", out("2017-02-24", "{filter: [a, [a, b]]}"),
			[]want{{rules.BadFunctionArgs, W, "a", "lists"}}},
		{"filter ok", out("2017-02-24", "{filter: [[null], [a, null, b]]}"), nil},
		{"make_url bad key", out("2017-09-01", "{make_url: {scheme: http, hostt: x}}"),
			[]want{{rules.BadFunctionArgs, E, "hostt", "Did you mean `host`"}}},
		{"list_concat not lists in output", out("2017-09-01", "{list_concat: [a, [b]]}"),
			[]want{{rules.BadFunctionArgs, W, "a", "list"}}},
		{"resource_facade bad", out("2016-10-14", "{resource_facade: metadta}"),
			[]want{{rules.BadFunctionArgs, E, "metadta", "`metadata`"}, {rules.ResourceFacadeTopLevel, W, "resource_facade", "top-level"}}},
		{"call arguments are not judged", out("2017-09-01", "{list_concat: {get_param: x}}"), nil},
	})
}
