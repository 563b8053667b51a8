package check

import (
	"testing"

	"heat-ls/analysis/check/difftest"
	"heat-ls/analysis/rules"
)

// TestConditionalTarget: a get_attr or get_resource that some input makes
// Heat read while the resource's condition leaves it out is an error, with
// that input named; where no input does, or the conditions are beyond the
// search, nothing is reported.
func TestConditionalTarget(t *testing.T) {
	const head = "heat_template_version: 2016-10-14\nparameters:\n  env: {type: string, default: test}\nconditions:\n  prod: {equals: [{get_param: env}, prod]}\nresources:\n  r:\n    type: OS::Heat::TestResource\n    condition: prod\n"
	runStructureCases(t, []structureCase{
		{"output, defaults", head + "outputs:\n  o:\n    value: {get_attr: [r, output]}\n",
			[]want{{rules.UndefinedResource, E, "r", "with the parameter defaults"}}},
		{"output guarded", head + "outputs:\n  o:\n    value: {get_attr: [r, output]}\n    condition: prod\n", nil},
		{"output guarded by an equal condition", head + "  s:\n    type: OS::Heat::None\n    condition: {equals: [prod, {get_param: env}]}\n    properties:\n      a: {get_attr: [r, output]}\n", nil},
		{"if branch taken by the condition", head + "outputs:\n  o:\n    value: {if: [prod, {get_attr: [r, output]}, x]}\n", nil},
		{"if branch the condition does not take", head + "outputs:\n  o:\n    value: {if: [prod, x, {get_attr: [r, output]}]}\n",
			[]want{{rules.UndefinedResource, E, "r", "with the parameter defaults"}}},
		{"get_resource in an output", head + "outputs:\n  o:\n    value: {get_resource: r}\n", nil},
		{"get_resource in properties", head + "  s:\n    type: OS::Heat::None\n    properties:\n      a: {get_resource: r}\n",
			[]want{{rules.UndefinedResource, E, "r", "`s`'s `condition`"}}},
		{"get_resource in external_id", head + "  s:\n    type: OS::Heat::None\n    external_id: {get_resource: r}\n",
			[]want{{rules.UndefinedResource, E, "r", "with the parameter defaults"}}},
		{"get_resource in external_id, same condition", head + "  s:\n    type: OS::Heat::None\n    condition: prod\n    external_id: {get_resource: r}\n", nil},
		{"get_resource in update_policy", head + "  s:\n    type: OS::Heat::ResourceGroup\n    properties: {count: 0, resource_def: {type: OS::Heat::None}}\n    update_policy: {rolling_update: {max_batch_size: {get_resource: r}}}\n",
			[]want{{rules.UndefinedResource, E, "r", "with the parameter defaults"}}},
		{"get_resource in update_policy, same condition", head + "  s:\n    type: OS::Heat::ResourceGroup\n    condition: prod\n    properties: {count: 0, resource_def: {type: OS::Heat::None}}\n    update_policy: {rolling_update: {max_batch_size: {get_resource: r}}}\n", nil},
		{"get_resource in deletion_policy (judged apart)", head + "  s:\n    type: OS::Heat::None\n    condition: prod\n    deletion_policy: {get_resource: r}\n",
			[]want{{rules.ResourceDeletionPolicyInvalid, E, "get_resource", "recursion limit"}}},
		{"depends_on", head + "  s:\n    type: OS::Heat::None\n    depends_on: r\n", nil},
		{"another input", "heat_template_version: 2016-10-14\nparameters:\n  env: {type: string, default: prod, constraints: [{allowed_values: [prod, test]}]}\nconditions:\n  prod: {equals: [{get_param: env}, prod]}\nresources:\n  r:\n    type: OS::Heat::TestResource\n    condition: prod\noutputs:\n  o:\n    value: {get_attr: [r, output]}\n",
			[]want{{rules.UndefinedResource, E, "r", "with `env` set to `test`"}}},
		{"no default", "heat_template_version: 2016-10-14\nparameters:\n  env: {type: string}\nconditions:\n  prod: {equals: [{get_param: env}, prod]}\nresources:\n  r:\n    type: OS::Heat::TestResource\n    condition: prod\noutputs:\n  o:\n    value: {get_attr: [r, output]}\n",
			[]want{{rules.UndefinedResource, E, "r", "`env` set to a text other than `prod`"}}},
		{"only the default passes other constraints", "heat_template_version: 2016-10-14\nparameters:\n  env: {type: string, default: prod, constraints: [{length: {min: 4}}]}\nconditions:\n  prod: {equals: [{get_param: env}, prod]}\nresources:\n  r:\n    type: OS::Heat::TestResource\n    condition: prod\noutputs:\n  o:\n    value: {get_attr: [r, output]}\n", nil},
		{"a pseudo parameter", "heat_template_version: 2016-10-14\nconditions:\n  named: {equals: [{get_param: OS::stack_name}, s]}\nresources:\n  r:\n    type: OS::Heat::TestResource\n    condition: named\noutputs:\n  o:\n    value: {get_attr: [r, output]}\n", nil},
		{"a number parameter", "heat_template_version: 2016-10-14\nparameters:\n  n: {type: number, default: 1}\nconditions:\n  one: {equals: [{get_param: n}, 1]}\nresources:\n  r:\n    type: OS::Heat::TestResource\n    condition: one\noutputs:\n  o:\n    value: {get_attr: [r, output]}\n", nil},
	})
}

// TestLeftOutMessagesReadBack: the differential test tells a left-out
// reference that only another input than the defaults causes by this
// rule's message (difftest.LeftOutUnderOtherInput); a change of wording
// here must not silently move such variants out of their class.
func TestLeftOutMessagesReadBack(t *testing.T) {
	const tail = "conditions:\n  prod: {equals: [{get_param: env}, prod]}\nresources:\n  r:\n    type: OS::Heat::TestResource\n    condition: prod\noutputs:\n  o:\n    value: {get_attr: [r, output]}\n"
	tests := []struct {
		name, params string
		other        bool
	}{
		{"the defaults leave it out", "  env: {type: string, default: test}\n", false},
		{"another input leaves it out", "  env: {type: string, default: prod, constraints: [{allowed_values: [prod, test]}]}\n", true},
		{"no default", "  env: {type: string}\n", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := "heat_template_version: 2016-10-14\nparameters:\n" + tt.params + tail
			var found bool
			for _, d := range structureDiags(t, src) {
				if d.Code != string(rules.UndefinedResource) {
					continue
				}
				found = true
				p := difftest.LSProblem{Rule: d.Code, Message: d.Message}
				if got := difftest.LeftOutUnderOtherInput(p); got != tt.other {
					t.Errorf("LeftOutUnderOtherInput(%q) = %v, want %v", d.Message, got, tt.other)
				}
			}
			if !found {
				t.Fatalf("no %s reported", rules.UndefinedResource)
			}
		})
	}
}
