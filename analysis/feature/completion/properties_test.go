package completion

import "testing"

// TestPropertiesMapOffersNoFunctions: Heat reads a resource's properties
// as a mapping before resolving anything, so a function call in place of
// the whole map makes it fail (testdata/heat-cases/
// resource-properties-function-call). Completion offers property names
// there, never function names; inside a property's value functions stay.
func TestPropertiesMapOffersNoFunctions(t *testing.T) {
	const head = "heat_template_version: 2018-08-31\nresources:\n  r:\n    type: OS::Heat::RandomString\n"
	runCompletionCases(t, []completionCase{
		{name: "key under properties", text: head + "    properties:\n      |\n", has: []string{"length"}, hasNot: []string{"get_param", "if", "map_merge"}},
		{name: "flow key under properties", text: head + "    properties: {|}\n", has: []string{"length"}, hasNot: []string{"get_param", "if"}},
		{name: "value of properties", text: head + "    properties: |\n", hasNot: []string{"get_param", "if", "map_merge"}},
		{name: "property value keeps functions", text: head + "    properties:\n      length: {|}\n", has: []string{"get_param"}},
		{name: "metadata keeps functions", text: head + "    metadata: {|}\n", has: []string{"get_param"}},
	})
}
