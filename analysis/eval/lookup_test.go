package eval

import (
	"testing"

	"heat-ls/analysis/hot"
)

// TestParamLookup: a parameter Params lacks is asked of ParamLookup, once
// per use and only when read; Params answers first.
func TestParamLookup(t *testing.T) {
	doc := hot.Parse([]byte(`heat_template_version: 2021-04-16
parameters:
  a: {type: string}
  b: {type: string}
conditions:
  c: {equals: [{get_param: a}, x]}
  d: {equals: [{get_param: b}, y]}
  e: {equals: [{get_param: nothing}, y]}
`))
	var asked []string
	ev := New(doc.Template, Options{
		Params: map[string]Value{"b": StringValue("y")},
		ParamLookup: func(name string) (Value, bool) {
			asked = append(asked, name)
			if name == "a" {
				return StringValue("x"), true
			}
			return Value{}, false
		},
	})
	if v := ev.ConditionNamed("c"); v.Kind != Bool || !v.B {
		t.Errorf("c = %+v, want true", v)
	}
	if v := ev.ConditionNamed("d"); v.Kind != Bool || !v.B {
		t.Errorf("d = %+v, want true", v)
	}
	if v := ev.ConditionNamed("e"); v.Kind == Bool {
		t.Errorf("e = %+v, want a failure: no such parameter", v)
	}
	if got := len(asked); got != 2 || asked[0] != "a" || asked[1] != "nothing" {
		t.Errorf("asked %v, want [a nothing]", asked)
	}
}
