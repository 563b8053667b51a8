package completion

import (
	"slices"
	"testing"

	"heat-ls/analysis/hot"
)

func TestCompleteGroupAttributes(t *testing.T) {
	const res = "heat_template_version: 2018-08-31\nresources:\n" +
		"  rg:\n    type: OS::Heat::ResourceGroup\n    properties:\n      count: 2\n      resource_def:\n        type: OS::Nova::Server\n" +
		"  asg:\n    type: OS::Heat::AutoScalingGroup\n    properties:\n      min_size: 1\n      max_size: 2\n      resource:\n        type: OS::Cinder::Volume\n" +
		"  srv:\n    type: OS::Nova::Server\n" +
		"outputs:\n  o:\n    value: "
	runCompletionCases(t, []completionCase{
		{name: "group attributes, member lists, resource.", text: res + "{get_attr: [rg, |]}\n", has: []string{"refs", "refs_map", "attributes", "resource.", "accessIPv4", "networks", "name"}},
		{name: "member after resource.N.", text: res + "{get_attr: [rg, resource.0.|]}\n", has: []string{"resource.0.networks", "resource.0.accessIPv4"}, hasNot: []string{"refs", "networks"}},
		{name: "member after [rg, resource.1, ", text: res + "{get_attr: [rg, resource.1, |]}\n", has: []string{"networks", "accessIPv4"}, hasNot: []string{"refs"}},
		{name: "member after [rg, attributes, ", text: res + "{get_attr: [rg, attributes, |]}\n", has: []string{"networks"}},
		{name: "nothing after a list attribute", text: res + "{get_attr: [rg, refs, |]}\n", none: true},
		{name: "asg has no member lists", text: res + "{get_attr: [asg, |]}\n", has: []string{"outputs", "outputs_list", "current_size", "refs", "resource."}, hasNot: []string{"size", "attachments"}},
		{name: "asg outputs member", text: res + "{get_attr: [asg, outputs, |]}\n", has: []string{"size", "attachments"}},
		{name: "asg resource.NAME.", text: res + "{get_attr: [asg, resource.abc.|]}\n", has: []string{"resource.abc.size"}},
		{name: "plain resource unchanged", text: res + "{get_attr: [srv, |]}\n", has: []string{"networks"}, hasNot: []string{"resource.", "refs"}},
		{name: "plain resource no third argument", text: res + "{get_attr: [srv, networks, |]}\n", none: true},
		{name: "block list", text: res + "\n      get_attr:\n        - rg\n        - |\n", has: []string{"refs", "resource.", "networks"}},
	})
}

// TestCompleteGroupMemberTemplateOutputs: a member template's outputs come
// from the MoreAttributes hook, once each.
func TestCompleteGroupMemberTemplateOutputs(t *testing.T) {
	s := completionSchema(t)
	text := "heat_template_version: 2018-08-31\nresources:\n  rg:\n    type: OS::Heat::ResourceGroup\n    properties:\n      resource_def:\n        type: member.yaml\noutputs:\n  o:\n    value: {get_attr: [rg, resource.0, |]}\n"
	src, off := cursorText(t, text)
	doc := hot.Parse(src)
	more := func(r *hot.Resource) []string {
		if r.Type == "member.yaml" {
			return []string{"ip", "name"}
		}
		return nil
	}
	got := completionLabels(Complete(Request{Doc: doc, LastGood: doc, Offset: off, Schema: s, MoreAttributes: more}))
	if !slices.Equal(got, []string{"ip", "name"}) {
		t.Errorf("got %v, want the member template's outputs", got)
	}
}
