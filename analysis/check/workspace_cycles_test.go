package check

import (
	"context"
	"sort"
	"strings"
	"testing"

	"heat-ls/analysis/hot"
	"heat-ls/analysis/rules"
)

// TestRegistryCycles: type-to-type registry mappings that come back to
// where they started are errors on every key of the loop; chains that end,
// identity mappings, patterns and template targets are not.
func TestRegistryCycles(t *testing.T) {
	tests := []struct {
		name, src string
		want      []string // "key=loop as listed"
	}{
		{"two names",
			"resource_registry:\n  A: B\n  B: A\n",
			[]string{"A=A → B → A", "B=B → A → B"}},
		{"three names, entered from a chain",
			"resource_registry:\n  Start: X\n  X: Y\n  Y: Z\n  Z: X\n",
			[]string{"X=X → Y → Z → X", "Y=Y → Z → X → Y", "Z=Z → X → Y → Z"}},
		{"a chain that ends", "resource_registry:\n  A: B\n  B: OS::Nova::Server\n", nil},
		{"identity mapping", "resource_registry:\n  OS::Nova::Server: OS::Nova::Server\n", nil},
		{"template targets", "resource_registry:\n  A: a.yaml\n  B: A\n", nil},
		{"patterns are left alone", "resource_registry:\n  \"OS::Foo::*\": OS::Foo::Bar\n  OS::Foo::Bar: OS::Foo::Baz\n", nil},
		{"a later entry breaks the loop",
			"resource_registry:\n  A: B\n  B: A\n  B: b.yaml\n", nil},
		{"closed by a per-resource entry",
			"resource_registry:\n  A: B\n  resources:\n    web:\n      B: A\n",
			[]string{"A=A → B → A", "B=B → A → B"}},
		{"per-resource entry overrides the global loop's exit",
			"resource_registry:\n  A: B\n  B: C\n  C: c.yaml\n  resources:\n    web:\n      C: A\n      hooks: pre-create\n",
			[]string{"A=A → B → C → A", "B=B → C → A → B", "C=C → A → B → C"}},
		{"per-resource entry alone, no loop",
			"resource_registry:\n  A: B\n  resources:\n    web:\n      A: C\n", nil},
		{"per-resource self loop of two",
			"resource_registry:\n  resources:\n    web:\n      P: Q\n      Q: P\n",
			[]string{"P=P → Q → P", "Q=Q → P → Q"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			doc := hot.Parse([]byte(tc.src))
			if doc.Env == nil {
				t.Fatalf("not an environment:\n%s", tc.src)
			}
			var got []string
			for _, d := range Run(context.Background(), doc, Options{Schema: testSchema(t)}) {
				if d.Code != rules.RegistryCycle {
					continue
				}
				if d.Severity != 1 {
					t.Errorf("severity %d, want error", d.Severity)
				}
				key := tc.src[d.Span.Start:d.Span.End]
				loop := strings.ReplaceAll(d.Data["loop"], ",", " → ")
				if !strings.Contains(d.Message, "`"+key+"`") || !strings.Contains(d.Message, strings.ReplaceAll(loop, " → ", "` → `")) {
					t.Errorf("message %q does not list the loop %s", d.Message, loop)
				}
				got = append(got, key+"="+loop)
			}
			sort.Strings(got)
			if strings.Join(got, "|") != strings.Join(tc.want, "|") {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}
