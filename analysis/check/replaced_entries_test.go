package check

import (
	"context"
	"strings"
	"testing"

	"heat-ls/analysis/hot"
	"heat-ls/analysis/rules"
	"heat-ls/analysis/source"
)

// TestFollowReplaced: what an entry a later one of the same key replaces
// holds is a warning; the same mistake in the entry Heat reads, or in a
// replaced entry whose anchor an alias hands on, stays an error.
func TestFollowReplaced(t *testing.T) {
	const v = "heat_template_version: 2018-08-31\n"
	tests := []struct {
		name, src string
		code      string
		sev       source.Severity
	}{
		{"replaced resource", v + "resources:\n  a:\n    type: OS::Nova::Servr\n  a:\n    type: OS::Heat::None\n", rules.ResourceTypeUnknown, source.SeverityWarning},
		{"last resource", v + "resources:\n  a:\n    type: OS::Heat::None\n  a:\n    type: OS::Nova::Servr\n", rules.ResourceTypeUnknown, source.SeverityError},
		{"replaced property", v + "resources:\n  a:\n    type: OS::Heat::RandomString\n    properties:\n      length: [x]\n      length: 4\n", rules.ResourcePropertyType, source.SeverityWarning},
		{"replaced parameter", v + "parameters:\n  p: {type: foo}\n  p: {type: string}\nresources: {}\n", rules.ParameterTypeUnknown, source.SeverityWarning},
		{"anchor handed on", v + "resources:\n  a:\n    type: OS::Heat::RandomString\n    properties: &props\n      length: [x]\n  a:\n    type: OS::Heat::RandomString\n  b:\n    type: OS::Heat::RandomString\n    properties: *props\n", rules.ResourcePropertyType, source.SeverityError},
	}
	s := testSchema(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			diags := Run(context.Background(), hot.Parse([]byte(tt.src)), Options{Schema: s})
			var got []source.Diagnostic
			for _, d := range diags {
				if d.Code == tt.code {
					got = append(got, d)
				}
			}
			if len(got) == 0 {
				t.Fatalf("no %s in %v", tt.code, diags)
			}
			for _, d := range got {
				if d.Severity != tt.sev {
					t.Errorf("%s reported as %v, want %v: %s", d.Code, d.Severity, tt.sev, d.Message)
				}
				if replaced := strings.Contains(d.Message, replacedNote); replaced != (tt.sev == source.SeverityWarning) {
					t.Errorf("message says replaced = %v: %s", replaced, d.Message)
				}
			}
		})
	}
}

// TestSharedContexts: every rule Heat refuses, except the YAML reader's,
// may be a warning inside a replaced entry and inside an unread part;
// others keep theirs.
func TestSharedContexts(t *testing.T) {
	tests := []struct {
		where, id string
		want      source.Severity
	}{
		{rules.ReplacedEntry, rules.ResourceTypeUnknown, source.SeverityWarning},
		{rules.ReplacedEntry, rules.ResourcePropertyType, source.SeverityWarning},
		{rules.ReplacedEntry, rules.YAMLUnknownTag, source.SeverityError},
		{rules.ReplacedEntry, rules.InvalidConfig, source.SeverityError},
		{rules.UnreadPart, rules.BadFunctionArgs, source.SeverityWarning},
		{rules.UnreadPart, rules.ResourceTypeUnknown, source.SeverityWarning},
		{rules.UnreadPart, rules.YAMLUnknownTag, source.SeverityError},
		{rules.UnreadPart, rules.InvalidConfig, source.SeverityError},
	}
	for _, tt := range tests {
		if got := rules.In(tt.id, tt.where); got != tt.want {
			t.Errorf("In(%s, %q) = %v, want %v", tt.id, tt.where, got, tt.want)
		}
	}
}
