package check

import "testing"

func TestCycles(t *testing.T) {
	runStructureCases(t, []structureCase{
		{"depends_on loop", "heat_template_version: 2016-10-14\nresources:\n  a:\n    type: OS::Heat::None\n    depends_on: b\n  b:\n    type: OS::Heat::None\n    depends_on: a\n",
			[]want{{codeDependencyCycle, E, "b", "a → b → a"}, {codeDependencyCycle, E, "a", "a → b → a"}}},
		{"get_resource and get_attr loop", "heat_template_version: 2016-10-14\nresources:\n  a:\n    type: OS::Heat::Value\n    properties:\n      value: {get_resource: b}\n  b:\n    type: OS::Heat::Value\n    properties:\n      value: {get_attr: [a, value]}\n",
			[]want{{codeDependencyCycle, E, "b", "a → b → a"}, {codeDependencyCycle, E, "a", "a → b → a"}}},
		{"three resources", "heat_template_version: 2016-10-14\nresources:\n  a:\n    type: OS::Heat::None\n    depends_on: [c]\n  b:\n    type: OS::Heat::None\n    depends_on: [a]\n  c:\n    type: OS::Heat::None\n    depends_on: [b]\n",
			[]want{{codeDependencyCycle, E, "c", "a → c → b → a"}, {codeDependencyCycle, E, "a", "a → c → b → a"}, {codeDependencyCycle, E, "b", "a → c → b → a"}}},
		{"chain without a loop", "heat_template_version: 2016-10-14\nresources:\n  a:\n    type: OS::Heat::None\n  b:\n    type: OS::Heat::None\n    depends_on: [a]\n  c:\n    type: OS::Heat::Value\n    properties:\n      value: {get_attr: [b, show]}\n", nil},
		{"condition loop", "heat_template_version: 2016-10-14\nconditions:\n  x: {not: y}\n  y: {and: [true, x]}\nresources: {}\n",
			[]want{{codeConditionCycle, E, "y", "x → y → x"}, {codeConditionCycle, E, "x", "x → y → x"}}},
		{"single-letter names are names", "heat_template_version: 2016-10-14\nconditions:\n  n: {not: y}\n  y: {or: [n, false]}\nresources: {}\n",
			[]want{{codeConditionCycle, E, "y", "n → y → n"}, {codeConditionCycle, E, "n", "n → y → n"}}},
		{"bare names", "heat_template_version: 2016-10-14\nconditions:\n  a: b\n  b: a\nresources: {}\n",
			[]want{{codeConditionCycle, E, "b", "a → b → a"}, {codeConditionCycle, E, "a", "a → b → a"}}},
		{"condition self loop", "heat_template_version: 2016-10-14\nconditions:\n  x: {not: x}\nresources: {}\n",
			[]want{{codeConditionCycle, E, "x", "x → x"}}},
	})
}
