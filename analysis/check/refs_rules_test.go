package check

import (
	"testing"

	"heat-ls/analysis/rules"
	"heat-ls/analysis/source"
)

func TestReferences(t *testing.T) {
	runStructureCases(t, []structureCase{
		{"undeclared parameter in a property", "heat_template_version: 2016-10-14\nparameters:\n  name: {type: string}\nresources:\n  r:\n    type: OS::Heat::RandomString\n    properties:\n      salt: {get_param: nme}\n",
			[]want{{rules.UndefinedParameter, E, "nme", "Did you mean `name`"}}},
		{"undeclared parameter in an output", "heat_template_version: 2016-10-14\nresources: {}\noutputs:\n  o:\n    value: {get_param: nope}\n",
			[]want{{rules.UndefinedParameter, W, "nope", "not declared"}}},
		{"pseudo parameter", "heat_template_version: 2016-10-14\nresources: {}\noutputs:\n  o:\n    value: {get_param: [OS::stack_name]}\n", nil},
		{"undefined get_resource", "heat_template_version: 2016-10-14\nresources:\n  server:\n    type: OS::Heat::None\n  r:\n    type: OS::Heat::Value\n    properties:\n      value: {get_resource: sever}\n",
			[]want{{rules.UndefinedResource, E, "sever", "Did you mean `server`"}}},
		{"undefined get_attr", "heat_template_version: 2016-10-14\nresources: {}\noutputs:\n  o:\n    value: {get_attr: [ghost, value]}\n",
			[]want{{rules.UndefinedResource, E, "ghost", "get_attr"}}},
		{"unknown attribute", "heat_template_version: 2016-10-14\nresources:\n  rs:\n    type: OS::Heat::RandomString\noutputs:\n  o:\n    value: {get_attr: [rs, valu]}\n",
			[]want{{rules.UnknownAttribute, E, "valu", "Did you mean `value`"}}},
		{"unknown attribute near a hidden one", "heat_template_version: 2016-10-14\nresources:\n  s:\n    type: OS::Nova::Server\n    properties: {flavor: f, image: i}\noutputs:\n  o:\n    value: {get_attr: [s, first_adress]}\n",
			[]want{{rules.UnknownAttribute, E, "first_adress", "Did you mean `first_address`"}}},
		{"show and dynamic attributes", "heat_template_version: 2016-10-14\nresources:\n  rs:\n    type: OS::Heat::RandomString\n  g:\n    type: OS::Heat::ResourceGroup\n    properties: {resource_def: {type: OS::Heat::None}}\noutputs:\n  o:\n    value: [{get_attr: [rs, show]}, {get_attr: [g, resource.0.x]}, {get_attr: [rs, {get_param: OS::stack_name}]}]\n", nil},
		{"depends_on undefined", "heat_template_version: 2016-10-14\nresources:\n  a:\n    type: OS::Heat::None\n    depends_on: [ghost]\n",
			[]want{{rules.UndefinedResource, E, "ghost", "depends_on"}}},
		{"depends_on self", "heat_template_version: 2016-10-14\nresources:\n  a:\n    type: OS::Heat::None\n    depends_on: a\n",
			[]want{{rules.DependsOnSelf, E, "a", "itself"}}},
		{"resource condition undefined", "heat_template_version: 2016-10-14\nconditions:\n  prod: true\nresources:\n  r:\n    type: OS::Heat::None\n    condition: prd\n",
			[]want{{rules.UndefinedCondition, E, "prd", "Did you mean `prod`"}}},
		{"resource condition boolean", "heat_template_version: 2016-10-14\nresources:\n  r:\n    type: OS::Heat::None\n    condition: false\n", nil},
		{"undefined name inside an unused condition", "heat_template_version: 2016-10-14\nconditions:\n  c: {not: nope}\nresources: {}\n",
			[]want{{rules.UndefinedCondition, W, "nope", "once a resource or output uses"}}},
		{"undefined name inside a used condition", "heat_template_version: 2016-10-14\nconditions:\n  c: {not: nope}\nresources:\n  r:\n    type: OS::Heat::None\n    condition: c\n",
			[]want{{rules.UndefinedCondition, W, "nope", "once a resource or output uses"}, {rules.UndefinedCondition, E, "c", "refers to `nope`"}}},
		{"if condition undefined", "heat_template_version: 2016-10-14\nconditions:\n  a: true\nresources: {}\noutputs:\n  o:\n    value: {if: [b, 1, 2]}\n",
			[]want{{rules.UndefinedCondition, E, "b", "No condition is named `b`"}}},
		{"valid conditions", "heat_template_version: 2017-09-01\nparameters:\n  env: {type: string}\nconditions:\n  is_prod: {equals: [{get_param: env}, prod]}\n  is_dev: {not: is_prod}\n  both: {and: [is_prod, {not: is_dev}]}\nresources:\n  r:\n    type: OS::Heat::None\n    condition: both\n  s:\n    type: OS::Heat::None\n    condition: {or: [is_prod, is_dev]}\noutputs:\n  o:\n    condition: is_dev\n    value: {if: [is_prod, a, b]}\n", nil},
	})
}

func TestUndeclaredParameterData(t *testing.T) {
	src := "heat_template_version: 2016-10-14\nresources:\n  r:\n    type: OS::Heat::RandomString\n    properties:\n      length: {get_param: len}\n      character_classes: {get_param: classes}\n      salt: {get_param: salt}\n"
	want := map[string]string{"len": "number", "classes": "comma_delimited_list", "salt": "string"}
	got := map[string]string{}
	for _, d := range structureDiags(t, src) {
		if d.Code == rules.UndefinedParameter && d.Severity == source.SeverityError && d.Data["kind"] == "parameter" {
			got[d.Data["name"]] = d.Data["guessedType"]
		}
	}
	for name, typ := range want {
		if got[name] != typ {
			t.Errorf("%s: guessed type %q, want %q", name, got[name], typ)
		}
	}
}
