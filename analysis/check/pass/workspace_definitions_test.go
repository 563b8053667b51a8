package pass

import (
	"testing"

	"heat-ls/analysis/hot"
)

// TestDefinitionsStopsWhenAsked: Definitions yields the resource's own
// definition, then each member's, as ResourceDefinitions lists them, and
// stops at the first definition its caller breaks on.
func TestDefinitionsStopsWhenAsked(t *testing.T) {
	src := "heat_template_version: 2016-10-14\nresources:\n  c:\n    type: OS::Heat::ResourceChain\n    properties:\n      resources: [a.yaml, b.yaml, c.yaml]\n"
	doc := hot.Parse([]byte(src))
	r := doc.Template.Resources[0]
	var names []string
	for d := range Definitions(r) {
		names = append(names, d.TypeName)
	}
	list := ResourceDefinitions(r)
	if len(names) != 4 || len(list) != 4 {
		t.Fatalf("yielded %q, listed %d, want the chain and its 3 members", names, len(list))
	}
	for i, d := range list {
		if d.TypeName != names[i] || d.Inner != (i > 0) {
			t.Errorf("definition %d: listed %q (inner %v), yielded %q", i, d.TypeName, d.Inner, names[i])
		}
	}
	seen := 0
	for d := range Definitions(r) {
		seen++
		if d.TypeName == "a.yaml" {
			break
		}
	}
	if seen != 2 {
		t.Errorf("broke at the first member after %d definitions, want 2", seen)
	}
}
