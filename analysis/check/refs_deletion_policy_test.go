package check

import (
	"testing"

	"heat-ls/analysis/rules"
)

// TestDeletionPolicyRef: a get_resource or get_attr that Heat works out in
// a deletion_policy is an error whatever it names and whether or not the
// resource is kept; a branch of an if no input takes, and a get_param,
// are not.
func TestDeletionPolicyRef(t *testing.T) {
	const head = "heat_template_version: 2018-08-31\nparameters:\n  env: {type: string, default: test}\nconditions:\n  prod: {equals: [{get_param: env}, prod]}\n  off: false\nresources:\n  r:\n    type: OS::Heat::TestResource\n  s:\n    type: OS::Heat::None\n"
	const msg = "recursion limit"
	runStructureCases(t, []structureCase{
		{"get_resource", head + "    deletion_policy: {get_resource: r}\n",
			[]want{{rules.ResourceDeletionPolicyInvalid, E, "get_resource", msg}}},
		{"get_attr", head + "    deletion_policy: {get_attr: [r, output]}\n",
			[]want{{rules.ResourceDeletionPolicyInvalid, E, "get_attr", msg}}},
		{"inside another function", head + "    deletion_policy: {list_join: ['', [{get_resource: r}]]}\n",
			[]want{{rules.ResourceDeletionPolicyInvalid, E, "get_resource", msg}}},
		{"in a left-out resource", head + "    condition: off\n    deletion_policy: {get_resource: r}\n",
			[]want{{rules.ResourceDeletionPolicyInvalid, E, "get_resource", msg}}},
		{"naming no resource", head + "    deletion_policy: {get_resource: nope}\n",
			[]want{{rules.ResourceDeletionPolicyInvalid, E, "get_resource", msg}, {rules.UndefinedResource, E, "nope", ""}}},
		{"if branch some input takes", head + "    deletion_policy: {if: [prod, {get_resource: r}, Delete]}\n",
			[]want{{rules.ResourceDeletionPolicyInvalid, E, "get_resource", "`env` set to `prod`"}}},
		{"if branch no input takes", head + "    deletion_policy: {if: [off, {get_resource: r}, Delete]}\n", nil},
		{"get_param", head + "    deletion_policy: {get_param: env}\n", nil},
		{"get_resource in properties", head + "    properties: {}\n    metadata: {a: {get_resource: r}}\n", nil},
	})
}
