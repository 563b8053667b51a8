package preview

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"heat-ls/analysis/hot"
)

// TestHostileTemplates: inputs built to blow up a preview end quickly
// with a bounded answer.
func TestHostileTemplates(t *testing.T) {
	sc := loadSchema(t)
	bomb := "heat_template_version: 2018-08-31\nresources:\n  r:\n    type: OS::Heat::Value\n    properties:\n      value:\n"
	bomb += "        a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
	for i := 1; i < 9; i++ {
		bomb += "        a" + string(rune('0'+i)) + ": &a" + string(rune('0'+i)) + " [*a" + string(rune('0'+i-1)) + strings.Repeat(", *a"+string(rune('0'+i-1)), 9) + "]\n"
	}
	deep := "heat_template_version: 2018-08-31\nresources:\n  r:\n    type: OS::Heat::Value\n    properties:\n      value: " + strings.Repeat("{list_join: [',', [", 200) + "x" + strings.Repeat("]]}", 200) + "\n"
	tests := map[string]string{
		"alias bomb":     bomb,
		"deep calls":     deep,
		"huge group":     "heat_template_version: 2018-08-31\nresources:\n  g:\n    type: OS::Heat::ResourceGroup\n    properties:\n      count: 1000000000\n      resource_def: {type: OS::Heat::None}\n",
		"huge repeat":    "heat_template_version: 2018-08-31\noutputs:\n  o:\n    value: {repeat: {for_each: {a: " + list(60) + ", b: " + list(60) + ", c: " + list(60) + ", d: " + list(60) + "}, template: abcd}}\n",
		"condition loop": "heat_template_version: 2018-08-31\nconditions:\n  a: {not: b}\n  b: {and: [a, true]}\nresources:\n  r: {type: OS::Heat::None, condition: a}\n",
	}
	for name, src := range tests {
		t.Run(name, func(t *testing.T) {
			start := time.Now()
			res := Preview("/t.yaml", hot.Parse([]byte(src)), Options{Schema: sc})
			var out strings.Builder
			WriteYAML(&out, res.Stack.Value())
			if d := time.Since(start); d > 10*time.Second {
				t.Errorf("took %v", d)
			}
			if out.Len() > 64<<20 {
				t.Errorf("%d bytes of output", out.Len())
			}
		})
	}
}

func list(n int) string {
	items := make([]string, n)
	for i := range items {
		items[i] = "x"
	}
	return "[" + strings.Join(items, ", ") + "]"
}

// TestSelfNestingTemplate: a template that names itself as a resource
// type is expanded once, not forever.
func TestSelfNestingTemplate(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "self.yaml")
	src := "heat_template_version: 2018-08-31\nresources:\n  me:\n    type: self.yaml\n"
	if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	res := Preview(p, hot.Parse([]byte(src)), Options{Schema: loadSchema(t), Load: loadTemplate, Depth: MaxDepth})
	r := res.Stack.Resources[0]
	if r.Nested != nil || !strings.Contains(r.NotExpanded, "includes itself") {
		t.Errorf("nested %v, not expanded %q", r.Nested != nil, r.NotExpanded)
	}
}
