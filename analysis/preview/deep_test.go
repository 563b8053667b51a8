package preview

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"heat-ls/analysis/eval"
	"heat-ls/analysis/hot"
)

// TestDeepNestedStacks previews chains of nested templates and of groups
// ten times longer than MaxDepth, asking for a deeper --depth than
// allowed: expansion stops at MaxDepth levels with "deeper than --depth",
// and the preview renders.
func TestDeepNestedStacks(t *testing.T) {
	const links = 10 * MaxDepth
	tests := map[string]func(i int) string{
		"templates": func(i int) string {
			return fmt.Sprintf("heat_template_version: 2018-08-31\nresources:\n  next:\n    type: t%d.yaml\n", i+1)
		},
		"groups": func(i int) string {
			return fmt.Sprintf("heat_template_version: 2018-08-31\nresources:\n  g:\n    type: OS::Heat::ResourceGroup\n    properties:\n      count: 1\n      resource_def: {type: t%d.yaml}\n", i+1)
		},
	}
	for name, link := range tests {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			for i := range links {
				src := link(i)
				if i == links-1 {
					src = "heat_template_version: 2018-08-31\nresources:\n  end: {type: OS::Heat::None}\n"
				}
				if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("t%d.yaml", i)), []byte(src), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			root := filepath.Join(dir, "t0.yaml")
			doc, err := loadTemplate(root)
			if err != nil {
				t.Fatal(err)
			}
			res := Preview(root, doc, Options{Schema: loadSchema(t), Load: loadTemplate, Depth: 10 * MaxDepth})
			levels, why := 0, ""
			for s := res.Stack; s != nil; levels++ {
				if len(s.Resources) != 1 {
					t.Fatalf("level %d has %d resources", levels, len(s.Resources))
				}
				r := s.Resources[0]
				s, why = r.Nested, r.NotExpanded
			}
			if levels != MaxDepth+1 || why != "deeper than --depth" {
				t.Errorf("%d stacks, the last not expanded as %q; want %d and \"deeper than --depth\"", levels, why, MaxDepth+1)
			}
			var y, j strings.Builder
			WriteYAML(&y, res.Stack.Value())
			WriteJSON(&j, res.Stack.Value())
			if strings.Contains(y.String(), "...\n") || strings.Contains(j.String(), `"..."`) {
				t.Errorf("the writers cut a preview within MaxDepth nested stacks")
			}
		})
	}
}

// deepValue is a value of n levels, each a one-entry map and a
// one-item list in turn, around a text.
func deepValue(n int) eval.Value {
	v := eval.StringValue("bottom")
	for i := range n {
		if i%2 == 0 {
			v = eval.ListValue([]eval.Value{v})
		} else {
			v = eval.MapValue([]string{"k"}, []eval.Value{v})
		}
	}
	return v
}

// TestDeepValueWriters writes values ten times deeper than the writers
// follow: the output is cut with "..." and its size stays linear.
func TestDeepValueWriters(t *testing.T) {
	for _, n := range []int{maxWriteDepth / 4, 10 * maxWriteDepth} {
		v := deepValue(n)
		writers := map[string]func(*strings.Builder, eval.Value){"yaml": WriteYAML, "json": WriteJSON}
		for name, w := range writers {
			t.Run(fmt.Sprintf("%s %d", name, n), func(t *testing.T) {
				var b strings.Builder
				w(&b, v)
				out := b.String()
				cut := strings.Contains(out, "...")
				if n > maxWriteDepth && (!cut || strings.Contains(out, "bottom")) {
					t.Errorf("%d levels written whole", n)
				}
				if n < maxWriteDepth && (cut || !strings.Contains(out, "bottom")) {
					t.Errorf("%d levels cut", n)
				}
				// Indentation makes the size quadratic in the levels
				// written, which the bound keeps small.
				if len(out) > 2*maxWriteDepth*maxWriteDepth {
					t.Errorf("%d bytes", len(out))
				}
			})
		}
	}
}

// TestDeepPropertyPreview previews a property nested ten times past
// eval.MaxDepth, in calls and in plain flow lists: the deep part reads as
// unknown, no problem is reported, and both writers render it.
func TestDeepPropertyPreview(t *testing.T) {
	n := 10 * eval.MaxDepth
	values := map[string]string{
		"calls": strings.Repeat("{list_join: [',', [", n) + "x" + strings.Repeat("]]}", n),
		"lists": strings.Repeat("[", n) + "x" + strings.Repeat("]", n),
		"ifs":   strings.Repeat("{if: [true, ", n) + "x" + strings.Repeat(", y]}", n),
	}
	for name, val := range values {
		t.Run(name, func(t *testing.T) {
			src := "heat_template_version: 2021-04-16\nresources:\n  r:\n    type: OS::Heat::Value\n    properties:\n      value: " + val + "\n"
			res := Preview("/t.yaml", hot.Parse([]byte(src)), Options{Schema: loadSchema(t)})
			for _, p := range res.Problems {
				t.Errorf("problem: %s", p.Message)
			}
			var y, j strings.Builder
			WriteYAML(&y, res.Stack.Value())
			WriteJSON(&j, res.Stack.Value())
			for _, out := range []string{y.String(), j.String()} {
				if !strings.Contains(out, "nested deeper than heat-ls evaluates") {
					t.Errorf("no placeholder in\n%.300s", out)
				}
			}
		})
	}
}
