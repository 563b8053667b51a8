package workspace

import "testing"

func TestIsTemplateRef(t *testing.T) {
	tests := []struct {
		name string
		want bool
	}{
		{"OS::Nova::Server", false},
		{"My::Custom", false},
		{"", false},
		{"   ", false},
		{"server.yaml", true},
		{"nested/Server.YAML", true},
		{" lib/a.yml ", true},
		{"a.Template", true},
		{"yaml", false},
		{".yaml.bak", false},
		{"https://example.com/t", true},
		{"HTTP://example.com/t", true},
		{"file:///t/a", true},
		{"::x", false},
		{"Ünïcode.YAML", true},
		{"Ünïcode::Type", false},
	}
	for _, tt := range tests {
		if got := IsTemplateRef(tt.name); got != tt.want {
			t.Errorf("IsTemplateRef(%q) = %v, want %v", tt.name, got, tt.want)
		}
	}
}
