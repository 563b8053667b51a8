package preview

import "testing"

// TestGroupKindOf: each group type the preview expands has its own kind,
// and a plain resource type or a template is none.
func TestGroupKindOf(t *testing.T) {
	for _, c := range []struct {
		typ  string
		want groupKind
	}{
		{"OS::Heat::ResourceGroup", resourceGroup},
		{"OS::Heat::AutoScalingGroup", autoScalingGroup},
		{"OS::Heat::SoftwareDeploymentGroup", softwareDeploymentGroup},
		{"OS::Heat::StructuredDeploymentGroup", structuredDeploymentGroup},
		{"OS::Heat::InstanceGroup", instanceGroup},
		{"AWS::AutoScaling::AutoScalingGroup", awsAutoScalingGroup},
		{"OS::Nova::Server", notGroup},
		{"OS::Heat::SoftwareDeployment", notGroup},
		{"server.yaml", notGroup},
		{"", notGroup},
	} {
		if got := groupKindOf(c.typ); got != c.want {
			t.Errorf("groupKindOf(%q) = %d, want %d", c.typ, got, c.want)
		}
	}
}
