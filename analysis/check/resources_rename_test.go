package check

import (
	"context"
	"strings"
	"testing"

	"heat-ls/analysis/hot"
	"heat-ls/analysis/rules"
)

// A hidden "<thing>_id" property names its visible successor, both in the
// message and as a suggestion a quick fix can apply.
func TestHiddenPropertyNamesSuccessor(t *testing.T) {
	tests := []struct {
		src, prop, want string
	}{
		{v16 + "resources:\n  f:\n    type: OS::Neutron::FloatingIP\n    properties:\n      floating_network_id: x\n", "floating_network_id", "floating_network"},
		{v16 + "resources:\n  p:\n    type: OS::Neutron::Port\n    properties:\n      network_id: x\n", "network_id", "network"},
	}
	for _, tt := range tests {
		diags := Run(context.Background(), hot.Parse([]byte(tt.src)), Options{Schema: testSchema(t)})
		found := false
		for _, d := range diags {
			if d.Code != rules.ResourcePropertyHidden {
				continue
			}
			found = true
			if !strings.Contains(d.Message, "`"+tt.want+"`") || len(d.Suggestions) != 1 || d.Suggestions[0] != tt.want {
				t.Errorf("%s: message %q, suggestions %v; want successor %s", tt.prop, d.Message, d.Suggestions, tt.want)
			}
		}
		if !found {
			t.Errorf("%s: no %s diagnostic", tt.prop, rules.ResourcePropertyHidden)
		}
	}
}
