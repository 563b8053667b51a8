package check

import (
	"context"
	"strings"
	"testing"

	"heat-ls/analysis/check/resources"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/rules"
	"heat-ls/schema"
)

// Hidden properties outside the "<thing>_id" rule name their successor
// from the explicit table, or say that there is none.
func TestHiddenPropertyKnownSuccessors(t *testing.T) {
	res := func(typ, prop string) string {
		return v16 + "resources:\n  r:\n    type: " + typ + "\n    properties:\n      " + prop + ": x\n"
	}
	tests := []struct {
		typ, prop string
		successor string // "" when there is none
		text      string // in the message
	}{
		{"OS::Heat::RandomString", "sequence", "character_classes", "Use `character_classes` instead."},
		{"OS::Cinder::Volume", "imageRef", "image", "Use `image` instead."},
		{"OS::Neutron::Router", "l3_agent_id", "l3_agent_ids", "Use `l3_agent_ids` instead."},
		{"OS::Nova::Server", "admin_user", "", "no successor"},
		{"OS::Neutron::Port", "replacement_policy", "", "no successor"},
		{"OS::Cinder::Volume", "multiattach", "", "volume_type"},
	}
	for _, tt := range tests {
		diags := Run(context.Background(), hot.Parse([]byte(res(tt.typ, tt.prop))), Options{Schema: testSchema(t)})
		found := false
		for _, d := range diags {
			if d.Code != rules.ResourcePropertyHidden {
				continue
			}
			found = true
			if !strings.Contains(d.Message, tt.text) || strings.Contains(d.Message, "Plan to move") {
				t.Errorf("%s %s: message %q, want it to contain %q", tt.typ, tt.prop, d.Message, tt.text)
			}
			if tt.successor == "" && len(d.Suggestions) != 0 || tt.successor != "" && (len(d.Suggestions) != 1 || d.Suggestions[0] != tt.successor) {
				t.Errorf("%s %s: suggestions %v, want %q", tt.typ, tt.prop, d.Suggestions, tt.successor)
			}
		}
		if !found {
			t.Errorf("%s %s: no %s diagnostic", tt.typ, tt.prop, rules.ResourcePropertyHidden)
		}
	}
}

// TestKnownHiddenSuccessorsMatchSchema: every table entry names a hidden
// property of its type, and a successor that is a visible property of it.
func TestKnownHiddenSuccessorsMatchSchema(t *testing.T) {
	// 2022.2: the table also covers types later releases turned into stubs.
	s, err := schema.LoadRelease("2022.2")
	if err != nil {
		t.Fatal(err)
	}
	for _, typeName := range s.ResourceTypes() {
		rt, ok := s.ResourceType(typeName)
		if !ok || rt.Name != typeName {
			continue
		}
		for name, p := range rt.Properties() {
			e, ok := resources.KnownHiddenSuccessor(typeName, name)
			if !ok {
				continue
			}
			if !p.Hidden {
				t.Errorf("%s %s is in the table but not hidden", typeName, name)
			}
			if e.Successor != "" {
				if f := rt.Properties()[e.Successor]; f == nil || f.Hidden {
					t.Errorf("%s %s: successor %s is not a visible property", typeName, name, e.Successor)
				}
			}
		}
	}
	for _, c := range [][2]string{{"OS::Heat::RandomString", "sequence"}, {"OS::Nova::Server", "admin_user"}, {"OS::Sahara::Cluster", "image"}} {
		rt, ok := s.ResourceType(c[0])
		if !ok {
			t.Fatalf("%s not in the schema", c[0])
		}
		if p := rt.Properties()[c[1]]; p == nil || !p.Hidden {
			t.Errorf("%s %s: not a hidden property of the schema", c[0], c[1])
		}
	}
}
