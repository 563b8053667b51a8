package graph

import (
	"fmt"
	"strings"
	"testing"

	"heat-ls/analysis/hot"
)

// resourcesOfType is a template of n resources of type typ.
func resourcesOfType(n int, typ string) *hot.Document {
	var b strings.Builder
	b.WriteString("heat_template_version: 2018-08-31\nresources:\n")
	for i := range n {
		fmt.Fprintf(&b, "  r%d: {type: %s}\n", i, typ)
	}
	return hot.Parse([]byte(b.String()))
}

// TestNodeBound: a template whose every resource is the same nested
// template, itself as large, would draw the product of their sizes (and
// its cube at three levels); the graph stops opening nested templates at
// MaxNodes and says how many it left closed.
func TestNodeBound(t *testing.T) {
	const n = 300 // 300 resources, each nesting 300, each nesting 300: 27 million
	top := resourcesOfType(n, "n.yaml")
	nested := resourcesOfType(n, "n2.yaml")
	leaf := resourcesOfType(n, "OS::Heat::None")
	opts := Options{MaxNodes: 10 * n, Nested: func(_, _, typ string) (string, *hot.Document, bool) {
		switch typ {
		case "n.yaml":
			return "/n.yaml", nested, true
		case "n2.yaml":
			return "/n2.yaml", leaf, true
		}
		return "", nil, false
	}}
	g := Build([]Input{{Path: "/top.yaml", Doc: top}}, opts)
	if max := opts.MaxNodes + 2*n; len(g.Nodes) > max {
		t.Fatalf("%d nodes, want at most %d", len(g.Nodes), max)
	}
	if g.Unopened == 0 {
		t.Fatal("no nested template left unopened")
	}
	var out strings.Builder
	if err := WriteDOT(&out, g); err != nil || !strings.Contains(out.String(), "drawn as plain resources") {
		t.Fatalf("the DOT output does not say what was left out (%v)", err)
	}
}

// BenchmarkNodeBound: the cost stays flat as the nested template grows,
// once the bound is reached.
func BenchmarkNodeBound(b *testing.B) {
	for _, n := range []int{100, 1000} {
		top, nested := resourcesOfType(n, "n.yaml"), resourcesOfType(n, "n.yaml")
		opts := Options{Nested: func(_, _, typ string) (string, *hot.Document, bool) { return "/n.yaml", nested, true }}
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for b.Loop() {
				Build([]Input{{Path: "/top.yaml", Doc: top}}, opts)
			}
		})
	}
}
