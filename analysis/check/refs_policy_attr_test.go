package check

import (
	"testing"

	"heat-ls/analysis/rules"
)

// TestPolicyAttribute: a get_attr in update_policy, or one that is a whole
// external_id, of an attribute no properties, metadata or output read is
// refused; read anywhere else (or all attributes read), or in a place
// Heat does not check so, it is not reported.
func TestPolicyAttribute(t *testing.T) {
	const head = "heat_template_version: 2018-08-31\nparameters:\n  env: {type: string, default: test}\nconditions:\n  prod: {equals: [{get_param: env}, prod]}\nresources:\n  r:\n    type: OS::Heat::TestResource\n"
	const group = "  s:\n    type: OS::Heat::ResourceGroup\n    properties: {count: 0, resource_def: {type: OS::Heat::None}}\n    update_policy: {rolling_update: {max_batch_size: {get_attr: [r, output]}}}\n"
	const msg = "none reads `output`"
	runStructureCases(t, []structureCase{
		{"update_policy", head + group,
			[]want{{rules.UnknownAttribute, E, "output", msg}}},
		{"whole external_id", head + "  s:\n    type: OS::Heat::None\n    external_id: {get_attr: [r, output]}\n",
			[]want{{rules.UnknownAttribute, E, "output", msg}}},
		{"read in another resource's properties", head + group + "  t:\n    type: OS::Heat::Value\n    properties: {value: {get_attr: [r, output]}}\n", nil},
		{"read in metadata", head + group + "  t:\n    type: OS::Heat::None\n    metadata: {a: {get_attr: [r, output, x]}}\n", nil},
		{"read in an output", head + group + "outputs:\n  o: {value: {get_attr: [r, output]}}\n", nil},
		{"every attribute read", head + group + "outputs:\n  o: {value: {get_attr: [r]}}\n", nil},
		{"attribute named by a function elsewhere", head + group + "outputs:\n  o: {value: {get_attr: [r, {get_param: env}]}}\n", nil},
		{"external_id built around it", head + "  s:\n    type: OS::Heat::None\n    external_id: {list_join: ['', [{get_attr: [r, output]}]]}\n", nil},
		{"update_policy of a resource with an external_id", head + "  s:\n    type: OS::Heat::ResourceGroup\n    external_id: abc\n    update_policy: {rolling_update: {max_batch_size: {get_attr: [r, output]}}}\n", nil},
		{"owner kept for another input", head + "  s:\n    type: OS::Heat::None\n    condition: prod\n    external_id: {get_attr: [r, output]}\n",
			[]want{{rules.UnknownAttribute, E, "output", "`env` set to `prod`"}}},
	})
}
