package completion

import "testing"

func TestCompleteUpdatePolicy(t *testing.T) {
	const head = "heat_template_version: 2018-08-31\nresources:\n"
	runCompletionCases(t, []completionCase{
		{name: "policy names", text: head + "  g:\n    type: OS::Heat::ResourceGroup\n    update_policy:\n      |\n", exact: []string{"batch_create", "rolling_update"}},
		{name: "policy names before type", text: head + "  g:\n    update_policy:\n      |\n    type: OS::Heat::ResourceGroup\n", exact: []string{"batch_create", "rolling_update"}},
		{name: "written policy excluded", text: head + "  g:\n    type: OS::Heat::ResourceGroup\n    update_policy:\n      batch_create: {}\n      |\n", exact: []string{"rolling_update"}},
		{name: "rolling_update keys", text: head + "  g:\n    type: OS::Heat::ResourceGroup\n    update_policy:\n      rolling_update:\n        |\n", exact: []string{"max_batch_size", "min_in_service", "pause_time"}},
		{name: "rolling_update flow keys", text: head + "  g:\n    type: OS::Heat::ResourceGroup\n    update_policy:\n      rolling_update: {max_batch_size: 2, |}\n", exact: []string{"min_in_service", "pause_time"}},
		{name: "deployment group keys", text: head + "  g:\n    type: OS::Heat::SoftwareDeploymentGroup\n    update_policy:\n      batch_create:\n        |\n", exact: []string{"max_batch_size", "pause_time"}},
		{name: "type without policy", text: head + "  s:\n    type: OS::Nova::Server\n    update_policy:\n      |\n", none: true},
		{name: "value of a key", text: head + "  g:\n    type: OS::Heat::ResourceGroup\n    update_policy:\n      rolling_update:\n        max_batch_size: |\n", none: true},
	})
}
