package resources

import (
	"context"
	"testing"

	"heat-ls/analysis/check/pass"
	"heat-ls/analysis/hot"
)

// TestGroupHasNoMember: which group sizes Heat reads as no member with
// the template's defaults (the oracle's verdicts are the rg-count-zero-*
// and asg-size-zero-* cases of testdata/heat-cases).
func TestGroupHasNoMember(t *testing.T) {
	const head = "heat_template_version: 2018-08-31\nparameters:\n  zero: {type: number, default: 0}\n  two: {type: number, default: 2}\n  none: {type: number}\n  flag: {type: boolean, default: false}\nconditions:\n  enabled: {get_param: flag}\nresources:\n  g:\n"
	rg := func(count string) string {
		return head + "    type: OS::Heat::ResourceGroup\n    properties:\n      count: " + count + "\n      resource_def: {type: OS::Nova::Server}\n"
	}
	asg := func(sizes string) string {
		return head + "    type: OS::Heat::AutoScalingGroup\n    properties:\n" + sizes + "      resource: {type: OS::Nova::Server}\n"
	}
	tests := []struct {
		name, src string
		want      bool
	}{
		{"count 0", rg("0"), true},
		{"count text 0", rg(`"0"`), true},
		{"count false", rg("false"), true},
		{"count 0.0", rg("0.0"), true},
		{"count off (YAML 1.1)", rg("off"), true},
		{"count yes (YAML 1.1)", rg("yes"), false},
		{"count quoted off", rg(`"off"`), false},
		{"count text 0.0 (Heat refuses it as an integer)", rg(`"0.0"`), false},
		{"count 1", rg("1"), false},
		{"count null is the default, 1", rg(""), false},
		{"count absent", head + "    type: OS::Heat::ResourceGroup\n    properties: {resource_def: {type: OS::Nova::Server}}\n", false},
		{"count from a default of 0", rg("{get_param: zero}"), true},
		{"count from a default of 2", rg("{get_param: two}"), false},
		{"count from a parameter without default", rg("{get_param: none}"), false},
		{"count 0 by a condition false by default", rg("{if: [enabled, 2, 0]}"), true},
		{"count 2 by a condition false by default", rg("{if: [enabled, 0, 2]}"), false},
		{"count 0 by a literal condition", rg("{if: [true, 0, 2]}"), true},
		{"count from another function", rg("{get_attr: [x, y]}"), false},
		{"external_id", rg("0") + "    external_id: abc\n", false},
		{"asg min 0 max 0", asg("      min_size: 0\n      max_size: 0\n"), true},
		{"asg min 0 max 3", asg("      min_size: 0\n      max_size: 3\n"), true},
		{"asg min 0 desired 0", asg("      min_size: 0\n      desired_capacity: 0\n      max_size: 3\n"), true},
		{"asg min 0 desired null", asg("      min_size: 0\n      desired_capacity:\n      max_size: 3\n"), true},
		{"asg min 0 desired 1", asg("      min_size: 0\n      desired_capacity: 1\n      max_size: 3\n"), false},
		{"asg min 0 desired unknown", asg("      min_size: 0\n      desired_capacity: {get_param: none}\n      max_size: 3\n"), false},
		{"asg min 1", asg("      min_size: 1\n      max_size: 3\n"), false},
		{"asg min from defaults of 0", asg("      min_size: {get_param: zero}\n      max_size: {get_param: zero}\n"), true},
		{"asg min text 0", asg("      min_size: \"0\"\n      max_size: \"0\"\n"), true},
		{"other type", head + "    type: OS::Heat::InstanceGroup\n    properties: {size: 0}\n", false},
	}
	for _, tt := range tests {
		doc := hot.Parse([]byte(tt.src))
		p := pass.NewPass(context.Background(), doc, pass.Options{})
		if got := groupHasNoMember(p, doc.Template.Resource("g")); got != tt.want {
			t.Errorf("%s: got %v, want %v", tt.name, got, tt.want)
		}
	}
}
