package check

import (
	"testing"

	"heat-ls/analysis/rules"
)

// The templates the argument-shape cases are written in: a value in an
// output (shapeOut), in a property of an OS::Heat::Value (shapeProp), a
// condition no resource uses (shapeCond) and one a resource uses
// (shapeCondUsed), each at template version v.

func shapeOut(v, value string) string {
	conds := ""
	if v >= "2016-10-14" {
		conds = "conditions:\n  a: true\n"
	}
	return "heat_template_version: " + v + "\nparameters:\n  x: {type: string}\n" + conds +
		"resources:\n  r: {type: OS::Heat::None}\noutputs:\n  o:\n    value: " + value + "\n"
}

func shapeProp(v, value string) string {
	return "heat_template_version: " + v + "\nresources:\n  r:\n    type: OS::Heat::Value\n    properties:\n      value: " + value + "\n"
}

func shapeCond(v, expr string) string {
	return "heat_template_version: " + v + "\nresources: {}\nconditions:\n  a: true\n  b: false\n  c: " + expr + "\n"
}

func shapeCondUsed(v, expr string) string {
	return "heat_template_version: " + v + "\nresources:\n  r:\n    type: OS::Heat::None\n    condition: c\nconditions:\n  a: true\n  b: false\n  c: " + expr + "\n"
}

// TestArgumentShapesReferences: get_param, get_attr, get_resource and resource_facade: what each must be given.
func TestArgumentShapesReferences(t *testing.T) {
	runStructureCases(t, []structureCase{
		{"get_param map", shapeOut("2016-10-14", "{get_param: {a: b}}"),
			[]want{{rules.BadFunctionArgs, W, "{a: b}", "parameter name or a list"}}}, // Heat checks get_param only when it computes it
		{"get_param path ok", shapeOut("2016-10-14", "{get_param: [OS::stack_name, 0]}"), nil},
		{"get_param path item map", shapeOut("2016-10-14", "{get_param: [OS::stack_name, {a: 1}]}"),
			[]want{{rules.BadFunctionArgs, W, "{a: 1}", "path item"}}},
		{"get_attr not list", shapeOut("2016-10-14", "{get_attr: r}"),
			[]want{{rules.BadFunctionArgs, E, "r", "must be a list"}}},
		{"get_attr resource only before liberty", shapeOut("2015-04-30", "{get_attr: [r]}"),
			[]want{{rules.BadFunctionArgs, E, "[r]", "2015-10-15 or later"}}},
		{"get_attr with a call in the path", shapeOut("2013-05-23", "{get_attr: [r, a, {get_param: x}, 0]}"), nil},
		{"get_resource of nothing in an output", shapeOut("2016-10-14", "{get_resource: null}"),
			[]want{{rules.BadFunctionArgs, W, "null", "must be a name"}}},
		{"get_resource of a list in an output", shapeOut("2016-10-14", "{get_resource: [a]}"),
			[]want{{rules.BadFunctionArgs, E, "[a]", "must be a name"}}},
		{"resource_facade bad", shapeOut("2016-10-14", "{resource_facade: metadta}"),
			[]want{{rules.BadFunctionArgs, E, "metadta", "`metadata`"}, {rules.ResourceFacadeTopLevel, W, "resource_facade", "top-level"}}},
		{"call arguments are not judged", shapeOut("2017-09-01", "{list_concat: {get_param: x}}"), nil},
	})
}

// TestArgumentShapesCollections: list_join, contains, filter, list_concat, map_merge and map_replace: the lists and mappings each needs, and what Heat reads of their items.
func TestArgumentShapesCollections(t *testing.T) {
	runStructureCases(t, []structureCase{
		{"list_join delimiter only", shapeOut("2016-10-14", "{list_join: ','}"),
			[]want{{rules.BadFunctionArgs, E, "','", "delimiter and a list"}}},
		{"list_join several lists before liberty", shapeOut("2015-04-30", "{list_join: [',', [a], [b]]}"),
			[]want{{rules.BadFunctionArgs, E, "[b]", "2015-10-15 or later"}}},
		{"list_join several lists at liberty", shapeOut("2015-10-15", "{list_join: [',', [a], [b]]}"), nil},
		// Heat reads list_join's values, str_split's items and repeat's
		// loop values only when it computes them: an error in a property
		// (refused at create), a warning in an output (the oracle accepts
		// it; testdata/heat-cases/out-*).
		{"list_join not a list in output", shapeOut("2016-10-14", "{list_join: [',', a]}"),
			[]want{{rules.BadFunctionArgs, W, "a", "once the stack exists"}}},
		{"list_join not a list in property", shapeProp("2016-10-14", "{list_join: [',', a]}"),
			[]want{{rules.BadFunctionArgs, E, "a", "must be a list"}}},
		{"list_join delimiter list in output", shapeOut("2016-10-14", "{list_join: [[a], [x]]}"),
			[]want{{rules.BadFunctionArgs, W, "[a]", "delimiter must be text"}}},
		{"list_join one item in output", shapeOut("2016-10-14", "{list_join: [',']}"),
			[]want{{rules.BadFunctionArgs, E, "[',']", "a delimiter and a list"}}},
		{"contains second not list in output", shapeOut("2017-09-01", "{contains: [a, 5]}"),
			[]want{{rules.BadFunctionArgs, W, "5", "once the stack exists"}}},
		{"contains second not list in property", shapeProp("2017-09-01", "{contains: [a, 5]}"),
			[]want{{rules.BadFunctionArgs, E, "5", "must be a list"}}},
		{"contains three items in output", shapeOut("2017-09-01", "{contains: [a, [a], [b]]}"),
			[]want{{rules.BadFunctionArgs, E, "[a, [a], [b]]", "a value and a list"}}},
		{"list_join number item", shapeProp("2016-10-14", "{list_join: [':', [host, 8080]]}"),
			[]want{{rules.BadFunctionArgs, E, "8080", "must be text, not a number"}}},
		{"list_join boolean in a later list", shapeProp("2016-10-14", "{list_join: [',', [a], [b, on]]}"),
			[]want{{rules.BadFunctionArgs, E, "on", "not a boolean"}}},
		{"list_join number delimiter", shapeProp("2016-10-14", "{list_join: [0, [a]]}"),
			[]want{{rules.BadFunctionArgs, E, "0", "delimiter must be text, not a number"}}},
		{"list_join mapping item before liberty", shapeProp("2015-04-30", "{list_join: ['', [a, {x: y}]]}"),
			[]want{{rules.BadFunctionArgs, E, "{x: y}", "2015-10-15 and later"}}},
		{"list_join mapping, list, null, date and 1e3 items", shapeProp("2016-10-14", "{list_join: [',', [a, {x: y}, [1], null, 2020-01-01, 1e3]]}"), nil},
		{"list_join call items", shapeProp("2015-04-30", "{list_join: [',', [{list_join: ['', [a]]}, b]]}"), nil},
		{"list_join number item in output", shapeOut("2016-10-14", "{list_join: [':', [host, 8080]]}"),
			[]want{{rules.BadFunctionArgs, W, "8080", "resolves the output"}}},
		{"map_merge not maps in property", shapeProp("2016-10-14", "{map_merge: [a, {b: 1}]}"),
			[]want{{rules.BadFunctionArgs, E, "a", "mapping"}}},
		{"map_replace bad key", shapeOut("2016-10-14", "{map_replace: [{a: 1}, {key: {a: b}}]}"),
			[]want{{rules.BadFunctionArgs, W, "key", "`keys` and `values`"}}},
		{"map_replace two keys renamed alike", shapeProp("2016-10-14", "{map_replace: [{a: 1, c: 2}, {keys: {a: x, c: x}}]}"),
			[]want{{rules.BadFunctionArgs, E, "x", "two keys end up named `x`"}}},
		{"map_replace rename onto an input key", shapeProp("2016-10-14", "{map_replace: [{a: 1, b: 2}, {keys: {a: b}}]}"),
			[]want{{rules.BadFunctionArgs, E, "b", "meets the key `b`"}}},
		{"map_replace distinct renames", shapeProp("2016-10-14", "{map_replace: [{a: 1, b: 2}, {keys: {a: x, b: y}}]}"), nil},
		{"contains in a text", shapeOut("2017-09-01", "{contains: [a, abc]}"), nil},
		{"contains arity", shapeOut("2017-09-01", "{contains: [a]}"),
			[]want{{rules.BadFunctionArgs, E, "[a]", "a value and a list"}}},
		{"filter not lists", shapeOut("2017-02-24", "{filter: [a, [a, b]]}"),
			[]want{{rules.BadFunctionArgs, W, "a", "lists"}}},
		{"filter text sequence", shapeProp("2017-02-24", "{filter: [[a], abc]}"),
			[]want{{rules.BadFunctionArgs, E, "abc", "not text"}}},
		{"filter false values and sequences", shapeProp("2017-02-24", "[{filter: [null, [a]]}, {filter: [0, [a]]}, {filter: [abc, null]}, {filter: [abc, '']}, {filter: [abc, no]}, {filter: [abc, {}]}]"), nil},
		{"filter values beside a list from a call", shapeProp("2017-02-24", "{filter: [abc, {str_split: [',', 'a,b']}]}"), nil},
		{"filter ok", shapeOut("2017-02-24", "{filter: [[null], [a, null, b]]}"), nil},
		{"list_concat not lists in output", shapeOut("2017-09-01", "{list_concat: [a, [b]]}"),
			[]want{{rules.BadFunctionArgs, W, "a", "list"}}},
	})
}

// TestArgumentShapesText: str_replace (and its strict kinds), str_split, digest and yaql: templates, placeholders, delimiters and expressions that must be text.
func TestArgumentShapesText(t *testing.T) {
	runStructureCases(t, []structureCase{
		{"str_replace number template", shapeProp("2016-10-14", "{str_replace: {template: 3, params: {x: y}}}"),
			[]want{{rules.BadFunctionArgs, E, "3", "not a number. Quote it"}}},
		{"str_replace boolean template in output", shapeOut("2016-10-14", "{str_replace: {template: on, params: {x: y}}}"),
			[]want{{rules.BadFunctionArgs, W, "on", "not a boolean"}}},
		{"str_replace_strict null template", shapeProp("2017-02-24", "{str_replace_strict: {template: null, params: {x: y}}}"),
			[]want{{rules.BadFunctionArgs, E, "null", "not nothing (null)"}}},
		{"str_replace date and 1e3 templates are text", shapeProp("2016-10-14", "[{str_replace: {template: 2020-01-01, params: {'01': x}}}, {str_replace: {template: 1e3, params: {e: x}}}]"), nil},
		{"str_replace number placeholder", shapeProp("2016-10-14", "{str_replace: {template: port 80, params: {80: '8080'}}}"),
			[]want{{rules.BadFunctionArgs, E, "80", "placeholder `80` must be text, not a number"}}},
		{"str_replace_strict null placeholder", shapeProp("2017-02-24", "{str_replace_strict: {template: a, params: {~: x}}}"),
			[]want{{rules.BadFunctionArgs, E, "~", "must be text"}}},
		{"str_replace boolean placeholder in output", shapeOut("2016-10-14", "{str_replace: {template: 'on', params: {on: x}}}"),
			[]want{{rules.BadFunctionArgs, W, "on", "must be text, not a boolean"}}},
		{"str_replace quoted, 1e3 and date placeholders are text", shapeProp("2016-10-14", "{str_replace: {template: 80 1e3 2020-01-01, params: {'80': a, 1e3: b, 2020-01-01: c}}}"), nil},
		{"str_replace no params", shapeOut("2016-10-14", "{str_replace: {template: x}}"),
			[]want{{rules.BadFunctionArgs, E, "{template: x}", "`params` missing"}}},
		// Heat tests params when it reads the template: the oracle refuses it in an output.
		{"str_replace params list in output", shapeOut("2016-10-14", "{str_replace: {template: x, params: [a]}}"),
			[]want{{rules.BadFunctionArgs, E, "[a]", "mapping"}}},
		{"strict unused param in output", shapeOut("2017-02-24", "{str_replace_strict: {template: hello, params: {$name: x}}}"),
			[]want{{rules.StrReplaceUnusedParam, W, "$name", "does not occur"}}},
		{"strict unused param in property", shapeProp("2017-02-24", "{str_replace_strict: {template: hello, params: {$name: x}}}"),
			[]want{{rules.StrReplaceUnusedParam, E, "$name", "does not occur"}}},
		{"vstrict empty value", shapeProp("2017-09-01", "{str_replace_vstrict: {template: hi $n, params: {$n: ''}}}"),
			[]want{{rules.BadFunctionArgs, E, "''", "empty"}}},
		{"str_split arity in output", shapeOut("2016-10-14", "{str_split: [',']}"),
			[]want{{rules.BadFunctionArgs, W, "[',']", "two or three"}}},
		{"str_split arity in property", shapeProp("2016-10-14", "{str_split: [',']}"),
			[]want{{rules.BadFunctionArgs, E, "[',']", "two or three"}}},
		{"str_split delimiter mapping in output", shapeOut("2016-10-14", "{str_split: [{k: v}, 'a,b']}"),
			[]want{{rules.BadFunctionArgs, W, "{k: v}", "delimiter must be text"}}},
		{"str_split empty delimiter", shapeProp("2016-10-14", "{str_split: ['', 'a b']}"),
			[]want{{rules.BadFunctionArgs, E, "''", "delimiter is empty"}}},
		{"str_split boolean delimiter", shapeProp("2016-10-14", "{str_split: [yes, 'a b']}"),
			[]want{{rules.BadFunctionArgs, E, "yes", "not a boolean"}}},
		{"str_split boolean delimiter in output", shapeOut("2016-10-14", "{str_split: [yes, 'a b']}"),
			[]want{{rules.BadFunctionArgs, W, "yes", "not a boolean"}}},
		{"str_split number text", shapeProp("2016-10-14", "{str_split: [',', 12]}"),
			[]want{{rules.BadFunctionArgs, E, "12", "not a number"}}},
		{"str_split null delimiter, date text, null text", shapeProp("2016-10-14", "[{str_split: [null, 'a b']}, {str_split: ['-', 2020-01-01]}, {str_split: [7, null]}]"), nil},
		{"str_split delimiter beside a text from a call", shapeProp("2016-10-14", "{str_split: [[a], {list_join: ['', [a]]}]}"), nil},
		{"str_split four items in property", shapeProp("2016-10-14", "{str_split: [',', 'a,b', 0, 9]}"),
			[]want{{rules.BadFunctionArgs, W, "9", "ignores the 1 item"}}},
		{"str_split number in output", shapeOut("2016-10-14", "{str_split: 5}"),
			[]want{{rules.BadFunctionArgs, W, "5", "not a number"}}},
		{"str_split quoted number in output", shapeOut("2016-10-14", "{str_split: '5'}"),
			[]want{{rules.BadFunctionArgs, E, "'5'", "must be a list"}}},
		{"str_split boolean in property", shapeProp("2016-10-14", "{str_split: yes}"),
			[]want{{rules.BadFunctionArgs, E, "yes", "not a boolean"}}},
		{"str_split mapping in output", shapeOut("2016-10-14", "{str_split: {a: b}}"),
			[]want{{rules.BadFunctionArgs, E, "{a: b}", "must be a list"}}},
		{"digest unknown in output", shapeOut("2016-10-14", "{digest: [sha999, hello]}"),
			[]want{{rules.UnknownDigestAlgorithm, W, "sha999", "sha256"}}},
		{"digest unknown in property", shapeProp("2016-10-14", "{digest: [sha999, hello]}"),
			[]want{{rules.UnknownDigestAlgorithm, E, "sha999", "sha256"}}},
		{"digest number value", shapeProp("2016-10-14", "{digest: [sha256, 12]}"),
			[]want{{rules.BadFunctionArgs, E, "12", "must be text, not a number"}}},
		{"digest null value in output", shapeOut("2016-10-14", "{digest: [sha256, null]}"),
			[]want{{rules.BadFunctionArgs, W, "null", "must be text"}}},
		{"digest date value", shapeProp("2016-10-14", "{digest: [sha256, 2020-01-01]}"), nil},
		{"digest ok", shapeOut("2016-10-14", "{digest: [sha512, hello]}"), nil},
		{"str_split index past the parts", shapeProp("2016-10-14", "{str_split: [',', 'a,b', 2]}"),
			[]want{{rules.BadFunctionArgs, E, "2", "from -2 to 1"}}},
		{"yaql number expression in output", shapeOut("2016-10-14", "{yaql: {expression: 12, data: {}}}"),
			[]want{{rules.YaqlSyntax, E, "12", "Heat reads 12 as a number"}}},
		{"yaql quoted number and date expressions", shapeProp("2016-10-14", "[{yaql: {expression: '12', data: {}}}, {yaql: {expression: 2020-01-01, data: {}}}]"), nil},
		{"yaql without expression", shapeOut("2016-10-14", "{yaql: {data: 1}}"),
			[]want{{rules.BadFunctionArgs, E, "{data: 1}", "`expression` is missing"}}},
	})
}

// TestArgumentShapesRepeat: repeat: for_each, template, permutations and the values it loops over.
func TestArgumentShapesRepeat(t *testing.T) {
	runStructureCases(t, []structureCase{
		{"repeat no template", shapeOut("2016-10-14", "{repeat: {for_each: {'%a%': [x]}}}"),
			[]want{{rules.BadFunctionArgs, E, "{for_each: {'%a%': [x]}}", "`template`"}}},
		{"repeat map before newton in output", shapeOut("2016-04-08", "{repeat: {for_each: {'%a%': {x: 1}}, template: '%a%'}}"),
			[]want{{rules.BadFunctionArgs, W, "{x: 1}", "2016-10-14 or later"}}},
		{"repeat map before newton in property", shapeProp("2016-04-08", "{repeat: {for_each: {'%a%': {x: 1}}, template: '%a%'}}"),
			[]want{{rules.BadFunctionArgs, E, "{x: 1}", "2016-10-14 or later"}}},
		{"repeat values text in output", shapeOut("2016-10-14", "{repeat: {for_each: {'%a%': abc}, template: '%a%'}}"),
			[]want{{rules.BadFunctionArgs, W, "abc", "must be a list"}}},
		{"repeat for_each text in output", shapeOut("2016-10-14", "{repeat: {for_each: abc, template: '%a%'}}"),
			[]want{{rules.BadFunctionArgs, E, "abc", "`for_each` must map"}}},
		{"repeat map at newton", shapeOut("2016-10-14", "{repeat: {for_each: {'%a%': {x: 1}}, template: '%a%'}}"), nil},
		{"repeat permutations before pike", shapeOut("2016-10-14", "{repeat: {for_each: {'%a%': [x]}, template: '%a%', permutations: false}}"),
			[]want{{rules.RepeatPermutationsIgnored, W, "permutations", "no effect"}}},
		{"repeat permutations at pike", shapeOut("2017-09-01", "{repeat: {for_each: {'%a%': [x]}, template: '%a%', permutations: false}}"), nil},
		{"repeat unequal lengths", shapeProp("2017-09-01", "{repeat: {for_each: {'%a%': [x, y], '%b%': [z]}, template: '%a%%b%', permutations: false}}"),
			[]want{{rules.BadFunctionArgs, E, "[z]", "this one has 1 item, an earlier one 2"}}},
		{"repeat unused placeholder", shapeOut("2016-10-14", "{repeat: {for_each: {'%a%': [x], '%b%': [y]}, template: '%a%'}}"),
			[]want{{rules.RepeatUnusedPlaceholder, W, "'%b%'", "does not occur"}}},
		{"repeat number value", shapeProp("2016-10-14", "{repeat: {for_each: {'%a%': [x, 80]}, template: 'p-%a%'}}"),
			[]want{{rules.BadFunctionArgs, E, "80", "not a number; quote it"}}},
		{"repeat yes/no value", shapeProp("2016-10-14", "{repeat: {for_each: {'%a%': [yes]}, template: {k: '%a%'}}}"),
			[]want{{rules.BadFunctionArgs, E, "yes", "not a boolean"}}},
		{"repeat mapping value", shapeProp("2016-10-14", "{repeat: {for_each: {'%a%': [{b: c}]}, template: '%a%'}}"),
			[]want{{rules.BadFunctionArgs, E, "{b: c}", "not a mapping"}}},
		{"repeat number placeholder", shapeProp("2016-10-14", "{repeat: {for_each: {7: [x]}, template: 'a7'}}"),
			[]want{{rules.BadFunctionArgs, E, "7", "placeholder must be text"}}},
		{"repeat number value in output", shapeOut("2016-10-14", "{repeat: {for_each: {'%a%': [80]}, template: 'p-%a%'}}"),
			[]want{{rules.BadFunctionArgs, W, "80", "resolves the output"}}},
		{"repeat 1e3 and dates are text", shapeProp("2016-10-14", "{repeat: {for_each: {'%a%': [1e3, 2020-01-01, '80']}, template: 'p-%a%'}}"), nil},
		{"repeat number value, no text in the template", shapeProp("2016-10-14", "{repeat: {for_each: {'%a%': [80]}, template: [1, {list_join: ['', [a]]}]}}"),
			[]want{{rules.RepeatUnusedPlaceholder, W, "'%a%'", "does not occur"}}},
		{"repeat number value, an empty list", shapeProp("2016-10-14", "{repeat: {for_each: {'%a%': [80], '%b%': []}, template: '%a%%b%'}}"), nil},
		// str_split of text written out is the same for every input, so
		// every round runs (heat-case repeat-value-number-beside-call)
		{"repeat number value, a list from a call", shapeProp("2016-10-14", "{repeat: {for_each: {'%a%': [80], '%b%': {str_split: [',', 'a,b']}}, template: '%a%%b%'}}"),
			[]want{{rules.BadFunctionArgs, E, "80", "not a number"}}},
		{"repeat number value, a list from a call the defaults decide", "heat_template_version: 2016-10-14\nparameters:\n  p: {type: string, default: 'a,b'}\nresources:\n  r:\n    type: OS::Heat::Value\n    properties:\n      value: {repeat: {for_each: {'%a%': [80], '%b%': {str_split: [',', {get_param: p}]}}, template: '%a%%b%'}}\n",
			[]want{{rules.BadFunctionArgs, E, "80", "quote it (worked out with the parameters' defaults"}}},
		{"repeat number value, a list from a call an input decides", "heat_template_version: 2016-10-14\nparameters:\n  p: {type: string}\nresources:\n  r:\n    type: OS::Heat::Value\n    properties:\n      value: {repeat: {for_each: {'%a%': [80], '%b%': {str_split: [',', {get_param: p}]}}, template: '%a%%b%'}}\n", nil},
		{"repeat number from a call", shapeProp("2017-09-01", "{repeat: {for_each: {'%a%': {list_concat: [[a], [80]]}}, template: '%a%'}}"),
			[]want{{rules.BadFunctionArgs, E, "{list_concat: [[a], [80]]}", "what the call gives holds an integer"}}},
		{"repeat number from a parameter's default", "heat_template_version: 2018-08-31\nparameters:\n  ports: {type: json, default: [80]}\nresources:\n  r:\n    type: OS::Heat::Value\n    properties:\n      value: {repeat: {for_each: {'%a%': {get_param: ports}}, template: '%a%'}}\n",
			[]want{{rules.BadFunctionArgs, E, "{get_param: ports}", "holds an integer (worked out with the parameters' defaults"}}},
		{"repeat number from a parameter without a default", "heat_template_version: 2018-08-31\nparameters:\n  ports: {type: json}\nresources:\n  r:\n    type: OS::Heat::Value\n    properties:\n      value: {repeat: {for_each: {'%a%': {get_param: ports}}, template: '%a%'}}\n", nil},
		{"repeat lengths differ, a list from a call", shapeProp("2017-09-01", "{repeat: {for_each: {x: [a], y: {list_concat: [[b], [c]]}}, template: x-y, permutations: false}}"),
			[]want{{rules.BadFunctionArgs, E, "{list_concat: [[b], [c]]}", "2 items, an earlier one 1"}}},
		{"repeat call among values", shapeProp("2016-10-14", "{repeat: {for_each: {'%a%': [{list_join: ['', [a]]}]}, template: 'p-%a%'}}"), nil},
	})
}

// TestArgumentShapesURLsAndConditions: make_url's parts, if's arity by version, and the condition functions (equals, and, or, not).
func TestArgumentShapesURLsAndConditions(t *testing.T) {
	runStructureCases(t, []structureCase{
		{"make_url port out of range", shapeOut("2017-09-01", "{make_url: {host: h, port: 0}}"),
			[]want{{rules.BadFunctionArgs, E, "0", "1 to 65535"}}},
		{"if two arguments before wallaby", shapeOut("2018-08-31", "{if: [a, x]}"),
			[]want{{rules.BadFunctionArgs, E, "[a, x]", "2021-04-16 or later"}}},
		{"if two arguments at wallaby", shapeOut("2021-04-16", "{if: [a, x]}"), nil},
		{"equals arity", shapeCond("2016-10-14", "{equals: [a]}"),
			[]want{{rules.BadFunctionArgs, E, "[a]", "exactly two"}}},
		{"and not a list", shapeCond("2016-10-14", "{and: true}"),
			[]want{{rules.BadFunctionArgs, E, "true", "list of conditions"}}},
		{"or one item", shapeCond("2016-10-14", "{or: [a]}"),
			[]want{{rules.BadFunctionArgs, E, "[a]", "at least two"}}},
		// Heat judges condition operands only when it evaluates the condition.
		{"not a list", shapeCondUsed("2016-10-14", "{not: [a]}"),
			[]want{{rules.BadFunctionArgs, E, "[a]", "condition name"}}},
		{"not a list unused", shapeCond("2016-10-14", "{not: [a]}"), nil},
		{"not a plain mapping", shapeCondUsed("2016-10-14", "{not: {k: a}}"),
			[]want{{rules.BadFunctionArgs, E, "{k: a}", "condition name"}}},
		{"make_url port null", shapeOut("2017-09-01", "{make_url: {host: h, port: null}}"),
			[]want{{rules.BadFunctionArgs, E, "null", "port must be a number"}}},
		{"make_url port list", shapeProp("2017-09-01", "{make_url: {host: h, port: [80]}}"),
			[]want{{rules.BadFunctionArgs, E, "[80]", "port must be a number"}}},
		{"make_url port no is 0", shapeProp("2017-09-01", "{make_url: {host: h, port: no}}"),
			[]want{{rules.BadFunctionArgs, E, "no", "port must be a number"}}},
		{"make_url port quoted 0x50 is no whole number", shapeProp("2017-09-01", "{make_url: {host: h, port: '0x50'}}"),
			[]want{{rules.BadFunctionArgs, E, "'0x50'", "port must be a number"}}},
		{"make_url port yes, float, hex, 8_0, quoted are Python ints", shapeProp("2017-09-01", "[{make_url: {host: h, port: yes}}, {make_url: {host: h, port: 80.5}}, {make_url: {host: h, port: 0x50}}, {make_url: {host: h, port: 8_0}}, {make_url: {host: h, port: ' 80 '}}]"), nil},
		{"make_url number host", shapeProp("2017-09-01", "{make_url: {host: 12}}"),
			[]want{{rules.BadFunctionArgs, E, "12", "host must be text, not a number"}}},
		{"make_url null path in output", shapeOut("2017-09-01", "{make_url: {host: h, path: null}}"),
			[]want{{rules.BadFunctionArgs, E, "null", "path must be text"}}},
		{"make_url list query", shapeProp("2017-09-01", "{make_url: {host: h, query: [a]}}"),
			[]want{{rules.BadFunctionArgs, E, "[a]", "query must be a mapping"}}},
		{"make_url date host, fragment after a query", shapeProp("2017-09-01", "[{make_url: {host: 2020-01-01}}, {make_url: {host: h, query: {a: b}, fragment: 12}}]"), nil},
		{"make_url bad key", shapeOut("2017-09-01", "{make_url: {scheme: http, hostt: x}}"),
			[]want{{rules.BadFunctionArgs, E, "hostt", "Did you mean `host`"}}},
	})
}
