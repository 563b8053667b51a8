package store

import (
	"testing"

	"heat-ls/analysis/hot"
)

// TestDocumentKindFromName: the store parses each document knowing its
// URI, so a Jinja2 source is recognised by its name even where its text
// happens to be valid YAML, and by content otherwise; misspelt sections
// still make an environment.
func TestDocumentKindFromName(t *testing.T) {
	const jinjaYAML = "heat_template_version: rocky\nresources:\n  net:\n    type: OS::Neutron::Net\n    properties:\n      name: \"{{ net_name }}\"\n"
	const jinjaBroken = "heat_template_version: rocky\nresources:\n{% for r in roles %}\n  {{ r }}:\n    type: OS::Heat::None\n{% endfor %}\n"
	tests := []struct {
		uri, text string
		kind      hot.Kind
		jinja     bool
	}{
		{"file:///p/net.j2.yaml", jinjaYAML, hot.KindTemplate, true},
		{"file:///p/net.yaml", jinjaYAML, hot.KindTemplate, false},
		{"file:///p/roles.yaml", jinjaBroken, hot.KindTemplate, true},
		{"file:///p/roles.yaml.j2", jinjaBroken, hot.KindTemplate, true},
		{"file:///p/env.yaml", "resource_registry: {}\nparamter_defaults: {a: 1}\n", hot.KindEnvironment, false},
	}
	s := New()
	for _, tt := range tests {
		d := s.Open(tt.uri, 1, []byte(tt.text))
		if d.Doc.Kind != tt.kind || d.Doc.Jinja != tt.jinja {
			t.Errorf("%s: kind %v jinja %v, want %v %v", tt.uri, d.Doc.Kind, d.Doc.Jinja, tt.kind, tt.jinja)
		}
		if tt.jinja && len(d.Doc.Syntax.Problems) != 0 {
			t.Errorf("%s: a Jinja2 source got syntax problems %v", tt.uri, d.Doc.Syntax.Problems)
		}
		if tt.jinja && (d.Doc.Template == nil || d.Doc.Template.Resource("net") == nil && tt.text == jinjaYAML) {
			t.Errorf("%s: the structure of the Jinja2 source was not kept", tt.uri)
		}
	}
}
