package effective

import (
	"strings"
	"testing"

	"heat-ls/analysis/environ"
	"heat-ls/analysis/hot"
	"heat-ls/schema"
)

const template = `heat_template_version: 2021-04-16
parameters:
  flavor: {type: string, default: m1.small}
  stage: {type: string, default: dev}
  zones: {type: comma_delimited_list, default: "a,b"}
  secret: {type: string, default: s3cret, hidden: true}
  key: {type: string}
conditions:
  is_prod: {equals: [{get_param: stage}, prod]}
  keyed: {equals: [{get_param: key}, k]}
  named: {equals: [{get_param: OS::stack_name}, x]}
resources:
  backup:
    type: OS::Heat::None
    condition: is_prod
  other:
    type: OS::Heat::None
    condition: {not: is_prod}
outputs:
  o:
    value: 1
    condition: keyed
`

func env(t *testing.T, path, text string) environ.File {
	t.Helper()
	return environ.File{Path: path, Doc: hot.ParseNamed(path, []byte(text))}
}

// TestCompute: values, their sources, lens titles and left-out resources,
// without a set and with one.
func TestCompute(t *testing.T) {
	sc, err := schema.Load()
	if err != nil {
		t.Fatal(err)
	}
	doc := hot.ParseNamed("/p/t.yaml", []byte(template))
	for _, tc := range []struct {
		name   string
		envs   []environ.File
		active bool
		params map[string]string // name → value | where
		lenses string
		out    string
	}{
		{"defaults", nil, false,
			map[string]string{"flavor": "m1.small|default in this template", "zones": `["a", "b"]|default in this template`, "secret": "(hidden)|default in this template", "key": "<parameter key>|nothing sets it"},
			"false,unknown (parameter key has no value),unknown (OS::stack_name is known only when the stack is created),false,true,unknown (parameter key has no value)",
			"backup:is_prod:with the template's defaults"},
		{"prod", []environ.File{
			env(t, "/p/env/common.yaml", "parameter_defaults:\n  flavor: m1.large\n  key: k\n"),
			env(t, "/p/env/prod.yaml", "parameters:\n  stage: prod\n  zones: [c]\n"),
		}, true,
			map[string]string{"flavor": "m1.large|parameter_defaults in env/common.yaml", "stage": "prod|parameters in env/prod.yaml", "zones": `["c"]|parameters in env/prod.yaml`},
			"true,true,unknown (OS::stack_name is known only when the stack is created),true,false,true",
			"other:{not: is_prod}:with the active environments (env/common.yaml, env/prod.yaml)"},
	} {
		v := Compute(doc, "/p/t.yaml", tc.envs, tc.active, sc)
		for name, want := range tc.params {
			value, where, ok := v.Param(name)
			if got := value + "|" + where; !ok || got != want {
				t.Errorf("%s: %s = %q, want %q", tc.name, name, got, want)
			}
		}
		var titles []string
		for _, l := range v.Lenses() {
			titles = append(titles, l.Title)
		}
		if got := strings.Join(titles, ","); got != tc.lenses {
			t.Errorf("%s: lenses %s, want %s", tc.name, got, tc.lenses)
		}
		var out []string
		for _, d := range v.Diagnostics() {
			out = append(out, d.Message)
		}
		if len(v.Excluded()) != 1 || len(out) != 1 {
			t.Fatalf("%s: left out %+v", tc.name, v.Excluded())
		}
		e := v.Excluded()[0]
		if got := e.Resource + ":" + e.Condition + ":" + out[0][strings.Index(out[0], "with "):]; got != tc.out {
			t.Errorf("%s: %s, want %s", tc.name, got, tc.out)
		}
		if text := string(doc.Src[e.Span.Start:e.Span.End]); !strings.HasPrefix(text, e.Resource+":") || !strings.HasSuffix(text, "is_prod}") && !strings.HasSuffix(text, "is_prod") {
			t.Errorf("%s: span %q", tc.name, text)
		}
	}
	if _, _, ok := Compute(doc, "/p/t.yaml", nil, false, sc).Param("nothing"); ok {
		t.Error("an undeclared parameter has a value")
	}
	if _, ok := Compute(doc, "/p/t.yaml", nil, false, sc).Hover(doc, strings.Index(template, "get_param: stage")+11, false); ok {
		t.Error("a hover without an active set")
	}
	h, ok := Compute(doc, "/p/t.yaml", nil, true, sc).Hover(doc, strings.Index(template, "get_param: stage")+11, false)
	if !ok || !strings.Contains(h.Text, "Effective value: dev") || !strings.Contains(h.Text, "Active environments: none.") {
		t.Errorf("hover with an empty active set: %q %v", h.Text, ok)
	}
}
