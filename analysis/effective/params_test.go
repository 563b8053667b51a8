package effective

import (
	"fmt"
	"strings"
	"testing"

	"heat-ls/analysis/environ"
	"heat-ls/analysis/eval"
	"heat-ls/analysis/hot"
	"heat-ls/schema"
)

const lazyTemplate = `heat_template_version: 2021-04-16
parameters:
  stage: {type: string, default: dev}
  big:
    type: json
    default:
      servers:
        - name: a
          size: 1
        - name: b
          size: 2
  base: &base {type: string, default: shared}
  copy: *base
  listed: {type: comma_delimited_list, default: "x,y"}
conditions:
  is_prod: {equals: [{get_param: stage}, prod]}
resources:
  backup:
    type: OS::Heat::None
    condition: is_prod
`

// worked lists the declared parameters whose values were worked out.
func worked(v *Values) string {
	var out []string
	for _, name := range []string{"stage", "big", "base", "copy", "listed"} {
		if l := v.params[name]; l != nil {
			if _, ok := l.done(); ok {
				out = append(out, name)
			}
		}
	}
	return strings.Join(out, ",")
}

// TestParametersWorkedOutWhenAsked: Compute works out only the
// parameters the conditions read; a hover, a hint or Param the one asked.
func TestParametersWorkedOutWhenAsked(t *testing.T) {
	sc, err := schema.Load()
	if err != nil {
		t.Fatal(err)
	}
	doc := hot.ParseNamed("/p/t.yaml", []byte(lazyTemplate))
	v := Compute(doc, "/p/t.yaml", nil, true, sc)
	if got := worked(v); got != "stage" {
		t.Fatalf("worked out after Compute: %q, want stage", got)
	}
	if len(v.Excluded()) != 1 {
		t.Fatalf("left out: %+v", v.Excluded())
	}
	value, _, ok := v.Param("big")
	if !ok || !strings.Contains(value, `"size": 2`) {
		t.Fatalf("big = %q %v", value, ok)
	}
	if got := worked(v); got != "stage,big" {
		t.Fatalf("worked out after Param(big): %q", got)
	}
	if l := v.params["big"]; !l.has || l.shown != value {
		t.Fatalf("big's text is not kept: %v %q", l.has, l.shown)
	}
	// An edit elsewhere carries big's value and its text.
	next := hot.ParseNamed("/p/t.yaml", []byte(strings.Replace(lazyTemplate, "OS::Heat::None", "OS::Heat::Value", 1)))
	if l := ComputeAfter(v, next, "/p/t.yaml", nil, true, sc).params["big"]; !l.ready || !l.has || l.shown != value || l.p.Decl != next.Template.Parameter("big") {
		t.Fatalf("big after an edit elsewhere: ready %v, text kept %v, declaration of the new version %v", l.ready, l.has, l.p.Decl == next.Template.Parameter("big"))
	}
	if _, _, ok := v.Inlay(nil).(inlay).EffectiveValue("listed"); !ok {
		t.Fatal("no effective value for listed")
	}
	if got := worked(v); got != "stage,big,listed" {
		t.Fatalf("worked out after the hint: %q", got)
	}
}

// TestComputeAfterEqualsCompute: after each edit, Values made from the
// previous version's (every parameter worked out) answer as Values made
// afresh, and carry exactly the parameters whose entries are written the
// same way and hold no alias (an anchor is self-contained).
func TestComputeAfterEqualsCompute(t *testing.T) {
	sc, err := schema.Load()
	if err != nil {
		t.Fatal(err)
	}
	envs := []environ.File{env(t, "/p/e.yaml", "parameter_defaults:\n  listed: [p, q]\n")}
	for _, tc := range []struct {
		name, old, new string
		carried        string
	}{
		{"inside the big default", "size: 2", "size: 3", "stage,base,listed"},
		{"a line added above", "parameters:\n", "parameters:\n  added: {type: string}\n", "stage,big,base,listed"},
		{"the condition's parameter", "default: dev", "default: prod", "big,base,listed"},
		{"an entry indented again", "  stage: {type: string, default: dev}", "  stage:   {type: string, default: dev}", "big,base,listed"},
		{"the anchor's value", "default: shared", "default: other", "stage,big,listed"},
		{"a resource", "OS::Heat::None", "OS::Heat::Nonex", "stage,big,base,listed"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if !strings.Contains(lazyTemplate, tc.old) {
				t.Fatalf("%q not in the template", tc.old)
			}
			before := hot.ParseNamed("/p/t.yaml", []byte(lazyTemplate))
			after := hot.ParseNamed("/p/t.yaml", []byte(strings.Replace(lazyTemplate, tc.old, tc.new, 1)))
			prev := ComputeAfter(nil, before, "/p/t.yaml", envs, true, sc)
			for name := range prev.params {
				prev.Param(name)
			}
			got := ComputeAfter(prev, after, "/p/t.yaml", envs, true, sc)
			want := Compute(after, "/p/t.yaml", envs, true, sc)
			in := &eval.Inputs{MissingUnknown: true}
			if got := worked(&Values{params: newParams(after, in, "/p/t.yaml", prev)}); got != tc.carried {
				t.Errorf("carried %q, want %q", got, tc.carried)
			}
			for name := range want.params {
				gv, gw, gok := got.Param(name)
				wv, ww, wok := want.Param(name)
				if gv != wv || gw != ww || gok != wok {
					t.Errorf("%s: %q %q %v, want %q %q %v", name, gv, gw, gok, wv, ww, wok)
				}
			}
			if g, w := fmt.Sprint(got.Lenses(), got.Diagnostics()), fmt.Sprint(want.Lenses(), want.Diagnostics()); g != w {
				t.Errorf("lenses and diagnostics\n%s\nwant\n%s", g, w)
			}
		})
	}
}
