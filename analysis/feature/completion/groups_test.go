package completion

import "testing"

func TestCompleteMemberDefinitions(t *testing.T) {
	const head = "heat_template_version: 2018-08-31\nresources:\n"
	const rg = head + "  g:\n    type: OS::Heat::ResourceGroup\n    properties:\n      count: 2\n"
	runCompletionCases(t, []completionCase{
		{name: "resource_def properties", text: rg + "      resource_def:\n        type: OS::Nova::Server\n        properties:\n          |\n", has: []string{"flavor", "image", "networks", "get_param"}, hasNot: []string{"count", "resource_def"}},
		{name: "resource_def properties, type after", text: rg + "      resource_def:\n        properties:\n          |\n        type: OS::Cinder::Volume\n", has: []string{"size", "volume_type"}, hasNot: []string{"flavor"}},
		{name: "resource_def written property excluded", text: rg + "      resource_def:\n        type: OS::Nova::Server\n        properties:\n          flavor: m1\n          |\n", has: []string{"image"}, hasNot: []string{"flavor"}},
		{name: "resource_def flow", text: rg + "      resource_def: {type: OS::Nova::Server, properties: {|}}\n", has: []string{"flavor"}, hasNot: []string{"count"}},
		{name: "resource_def nested key", text: rg + "      resource_def:\n        type: OS::Nova::Server\n        properties:\n          networks:\n            - |\n", has: []string{"network", "port", "fixed_ip"}},
		{name: "resource_def value", text: rg + "      resource_def:\n        type: OS::Nova::Server\n        properties:\n          config_drive: |\n", has: []string{"true", "false"}},
		{name: "resource_def keys", text: rg + "      resource_def:\n        |\n", has: []string{"type", "properties", "metadata"}, hasNot: []string{"count"}},
		{name: "resource_def type", text: rg + "      resource_def:\n        type: OS::Nova::Ser|\n", has: []string{"OS::Nova::Server"}},
		{name: "input type is not the member type", text: rg + "      resource_def:\n        properties:\n          inputs:\n            - type: String\n          |\n        type: OS::Heat::SoftwareConfig\n", has: []string{"config", "outputs"}, hasNot: []string{"inputs"}},
		{name: "autoscaling resource", text: head + "  asg:\n    type: OS::Heat::AutoScalingGroup\n    properties:\n      min_size: 1\n      max_size: 2\n      resource:\n        type: OS::Cinder::Volume\n        properties:\n          |\n", has: []string{"size"}, hasNot: []string{"min_size", "cooldown"}},
		{name: "chain types", text: head + "  c:\n    type: OS::Heat::ResourceChain\n    properties:\n      resources:\n        - OS::Heat::None\n        - OS::Nova::Se|\n", has: []string{"OS::Nova::Server"}},
		{name: "template member gets functions only", text: rg + "      resource_def:\n        type: member.yaml\n        properties:\n          |\n", has: []string{"get_param"}, hasNot: []string{"count", "resource_def"}},
	})
}
