package check

import (
	"context"
	"sort"
	"strings"
	"testing"

	"heat-ls/analysis/hot"
	"heat-ls/analysis/rules"
)

// TestEnvResourceOverrides: per-resource overrides may drill down into
// the resources of nested stacks (hooks on a nested resource), and hook
// and restricted-action names must be ones Heat knows.
func TestEnvResourceOverrides(t *testing.T) {
	tests := []struct {
		name, src string
		want      []string // "text under the span"
	}{
		{"nested drill-down is valid",
			"resource_registry:\n  resources:\n    nested:\n      c:\n        OS::Fruit: carrots.yaml\n        hooks: pre-create\n    \"*_group\":\n      \"*\":\n        hooks: [pre-update, post-delete]\n", nil},
		{"known hooks and actions",
			"resource_registry:\n  resources:\n    r:\n      hooks: [pre-create, pre-update]\n      restricted_actions: replace\n", nil},
		{"misspelt hook",
			"resource_registry:\n  resources:\n    r:\n      hooks: pre-creat\n", []string{"pre-creat"}},
		{"misspelt hook in a list, one level down",
			"resource_registry:\n  resources:\n    nested:\n      inner:\n        hooks: [pre-update, post-creat]\n", []string{"post-creat"}},
		{"unknown restricted action",
			"resource_registry:\n  resources:\n    r:\n      restricted_actions: [update, delete]\n", []string{"delete"}},
		{"list target one level down",
			"resource_registry:\n  resources:\n    nested:\n      inner:\n        My::T: [a.yaml]\n", []string{"[a.yaml]"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			doc := hot.Parse([]byte(tc.src))
			if doc.Env == nil {
				t.Fatalf("not an environment:\n%s", tc.src)
			}
			var got []string
			for _, d := range Run(context.Background(), doc, Options{Schema: testSchema(t)}) {
				if d.Code == rules.EnvResourceOverrideInvalid {
					got = append(got, tc.src[d.Span.Start:d.Span.End])
				} else if d.Severity <= 2 {
					t.Errorf("unexpected %s: %s", d.Code, d.Message)
				}
			}
			sort.Strings(got)
			if strings.Join(got, "|") != strings.Join(tc.want, "|") {
				t.Errorf("flagged %q, want %q", got, tc.want)
			}
		})
	}
}
