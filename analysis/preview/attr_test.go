package preview

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"heat-ls/analysis/eval"
)

// TestNestedOutputAttributes: get_attr of a template resource's output is
// the nested stack's output, along the path as Heat follows it; what the
// nested stack does not know, and outputs that fail, stay unknown.
func TestNestedOutputAttributes(t *testing.T) {
	dir := filepath.Join("..", "..", "testdata", "preview", "cases", "nested-output-attr")
	res := runPreview(t, loadSchema(t), filepath.Join(dir, "template.yaml"), nil, nil)
	if len(res.Problems) > 0 {
		t.Fatal(res.Problems[0].Message)
	}
	outs := map[string]eval.Value{}
	for _, o := range res.Stack.Outputs {
		outs[o.Name] = o.Value
	}
	for name, want := range map[string]string{
		"addr":      `"10.0.7.1"`,
		"port0":     `80`,
		"port_last": `443`,
		"missing":   `null`,
		"whole":     `{"name": "7", "ports": [80, 443]}`,
	} {
		if got := eval.JSON(outs[name]); got != want {
			t.Errorf("output %s = %s, want %s", name, got, want)
		}
	}
	if u := outs["unk"]; u.Kind != eval.Unknown || u.S != "<get_attr: n.foo>" {
		t.Errorf("output unk = %+v, want the nested stack's own placeholder", u)
	}
	for _, r := range res.Stack.Resources {
		if r.Name == "user" {
			if v, _ := r.Properties.Get("value"); v.S != "connect 10.0.7.1:443" {
				t.Errorf("user.value = %+v", v)
			}
		}
	}
}

// TestNestedOutputBeforeItsResource: a resource written before the
// template resource whose output it reads is built after it, and the
// resources keep the template's order.
func TestNestedOutputBeforeItsResource(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "nest.yaml"), "heat_template_version: 2021-04-16\noutputs:\n  address: {value: 10.0.0.1}\n")
	top := filepath.Join(dir, "top.yaml")
	writeFile(t, top, `heat_template_version: 2021-04-16
resources:
  early:
    type: OS::Heat::Value
    properties: {value: {get_attr: [db, address]}}
  db: {type: nest.yaml}
  a: {type: OS::Heat::Value, properties: {value: {get_attr: [b, value]}}}
  b: {type: OS::Heat::Value, properties: {value: {get_attr: [a, value]}}}
`)
	res := runPreview(t, loadSchema(t), top, nil, nil)
	var names []string
	for _, r := range res.Stack.Resources {
		names = append(names, r.Name)
		if r.Name == "early" {
			if v, _ := r.Properties.Get("value"); v.S != "10.0.0.1" {
				t.Errorf("early.value = %+v", v)
			}
		}
	}
	if got := strings.Join(names, ","); got != "early,db,a,b" {
		t.Errorf("resources %s, want the template's order", got)
	}
}

func writeFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}
