package resources

import (
	"testing"

	"heat-ls/analysis/check/pass"
	"heat-ls/analysis/hot"
)

const v16 = "heat_template_version: 2016-10-14\n"

// passOf parses src and returns a Pass over it with its last resource.
func passOf(t *testing.T, src string) (*pass.Pass, *hot.Resource) {
	t.Helper()
	doc := hot.Parse([]byte(src))
	if doc.Template == nil || len(doc.Template.Resources) == 0 {
		t.Fatalf("no resource in %q", src)
	}
	rs := doc.Template.Resources
	return &pass.Pass{Doc: doc, T: doc.Template}, rs[len(rs)-1]
}

// TestGroupSize follows the sizes Heat reads when it validates a group
// (cases resource-name-nested-stack-group-count-*, asg-member-index-lookup-*).
func TestGroupSize(t *testing.T) {
	rg := func(count string) string {
		return v16 + "parameters:\n  n: {type: number, default: 2}\n  z: {type: number}\n  b: {type: boolean, default: false}\nconditions:\n  c: {get_param: b}\nresources:\n  v: {type: OS::Heat::Value, properties: {value: 0}}\n  g:\n    type: OS::Heat::ResourceGroup\n    properties:\n" + count + "      resource_def: {type: OS::Heat::None}\n"
	}
	asg := func(sizes string) string {
		return v16 + "parameters:\n  n: {type: number, default: 2}\nresources:\n  g:\n    type: OS::Heat::AutoScalingGroup\n    properties:\n" + sizes + "      max_size: 5\n      resource: {type: OS::Heat::None}\n"
	}
	for _, tc := range []struct {
		name, src string
		n         int
		known     bool
	}{
		{"absent count is 1", rg(""), 1, true},
		{"null count is 1", rg("      count:\n"), 1, true},
		{"literal", rg("      count: 3\n"), 3, true},
		{"text", rg("      count: \"0\"\n"), 0, true},
		{"parameter default", rg("      count: {get_param: n}\n"), 2, true},
		{"parameter without default", rg("      count: {get_param: z}\n"), 0, false},
		{"get_attr gives nothing while Heat validates", rg("      count: {get_attr: [v, value]}\n"), 1, true},
		{"decided if", rg("      count: {if: [c, 2, 0]}\n"), 0, true},
		{"str_replace worked out (groups_size_text_test.go has more)", rg("      count: {str_replace: {template: N, params: {N: 2}}}\n"), 2, true},
		// Heat works yaql out while it validates the group
		// (rg-count-zero-yaql-ok, rg-count-yaql-one-member-bad-type).
		{"yaql worked out", rg("      count: {yaql: {expression: '1'}}\n"), 1, true},
	} {
		p, r := passOf(t, tc.src)
		if n, known := GroupSize(p, r); n != tc.n || known != tc.known {
			t.Errorf("%s: groupSize = %d, %v; want %d, %v", tc.name, n, known, tc.n, tc.known)
		}
	}
	for _, tc := range []struct {
		name, src string
		n         int
		known     bool
	}{
		{"min_size", asg("      min_size: 1\n"), 1, true},
		{"desired_capacity first", asg("      min_size: 0\n      desired_capacity: 3\n"), 3, true},
		{"desired_capacity 0 falls back to min_size", asg("      min_size: 1\n      desired_capacity: 0\n"), 1, true},
		{"min_size from a default", asg("      min_size: {get_param: n}\n"), 2, true},
		{"size zero", asg("      min_size: 0\n"), 0, true},
		{"unknown", asg("      min_size: {get_param: m}\n"), 0, false},
	} {
		p, r := passOf(t, tc.src)
		if n, known := AutoscalingSize(p, r); n != tc.n || known != tc.known {
			t.Errorf("%s: autoscalingSize = %d, %v; want %d, %v", tc.name, n, known, tc.n, tc.known)
		}
	}
}

// TestBuildsMembers: groups whose members Heat certainly builds when it
// validates the template (cases asg-member-list-*, rg-member-*).
func TestBuildsMembers(t *testing.T) {
	for _, tc := range []struct {
		name, body string
		want       bool
	}{
		{"resource group by default", "    type: OS::Heat::ResourceGroup\n    properties:\n      resource_def: {type: child.yaml}\n", true},
		{"resource group of none", "    type: OS::Heat::ResourceGroup\n    properties:\n      count: 0\n      resource_def: {type: child.yaml}\n", false},
		{"autoscaling group", "    type: OS::Heat::AutoScalingGroup\n    properties:\n      min_size: 1\n      max_size: 2\n      resource: {type: child.yaml}\n", true},
		{"autoscaling group of none", "    type: OS::Heat::AutoScalingGroup\n    properties:\n      min_size: 0\n      max_size: 2\n      resource: {type: child.yaml}\n", false},
		{"chain", "    type: OS::Heat::ResourceChain\n    properties:\n      resources: [child.yaml]\n", false},
	} {
		p, r := passOf(t, v16+"resources:\n  g:\n"+tc.body)
		if got := BuildsMembers(p, r); got != tc.want {
			t.Errorf("%s: buildsMembers = %v, want %v", tc.name, got, tc.want)
		}
	}
}
