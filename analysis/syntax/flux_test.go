package syntax

import "testing"

func TestHoldsKey(t *testing.T) {
	for _, tc := range []struct {
		line string
		want bool
	}{
		{"parameters:", true},
		{"  image: cirros", true},
		{"  - name: a", true},
		{"- - a: 1", true},
		{`  "quoted key" : x`, true},
		{`  'it''s': x`, true},
		{"  ? complex", true},
		{"  key:\r", true},
		{"parameters", false},
		{"  ima", false},
		{"  - item", false},
		{"  url: http://x", true},
		{"  http://x", false},
		{"  # note: this", false},
		{"  word # a: comment", false},
		{"  {a: 1}", false},
		{`  "open: quote`, false},
		{"", false},
		{"   ", false},
		{"  -", false},
	} {
		if got := HoldsKey([]byte(tc.line)); got != tc.want {
			t.Errorf("HoldsKey(%q) = %v, want %v", tc.line, got, tc.want)
		}
	}
}

func TestInFlux(t *testing.T) {
	const settled = "heat_template_version: 2018-08-31\nparameters:\n  image:\n    type: string\nresources: {}\n"
	for _, tc := range []struct {
		name, cur string
		want      bool
		line      FluxLine // checked when want
	}{
		{"emptied section key", "heat_template_version: 2018-08-31\n\n  image:\n    type: string\nresources: {}\n", true, FluxLine{Start: 34, CurEnd: 34, OldEnd: 45}},
		{"half-typed section key", "heat_template_version: 2018-08-31\nparam\n  image:\n    type: string\nresources: {}\n", true, FluxLine{Start: 34, CurEnd: 39, OldEnd: 45}},
		{"emptied nested key keeps indentation", "heat_template_version: 2018-08-31\nparameters:\n  \n    type: string\nresources: {}\n", true, FluxLine{Start: 46, CurEnd: 48, OldEnd: 54}},
		{"half-typed nested key", "heat_template_version: 2018-08-31\nparameters:\n  ima\n    type: string\nresources: {}\n", true, FluxLine{Start: 46, CurEnd: 51, OldEnd: 54}},
		{"complete key again", settled, false, FluxLine{}},
		{"renamed key is meant", "heat_template_version: 2018-08-31\nparameters:\n  imag:\n    type: string\nresources: {}\n", false, FluxLine{}},
		{"reindented key is meant", "heat_template_version: 2018-08-31\nparameters:\nimage:\n    type: string\nresources: {}\n", false, FluxLine{}},
		{"commented out is meant", "heat_template_version: 2018-08-31\nparameters:\n  #image:\n    type: string\nresources: {}\n", false, FluxLine{}},
		{"line removed is meant", "heat_template_version: 2018-08-31\n  image:\n    type: string\nresources: {}\n", false, FluxLine{}},
		{"line added is meant", "heat_template_version: 2018-08-31\nparameters:\n\n  image:\n    type: string\nresources: {}\n", false, FluxLine{}},
		{"two lines edited", "heat_template_version: 2018-08-31\nparam\n  ima\n    type: string\nresources: {}\n", false, FluxLine{}},
		{"quote opened", "heat_template_version: 2018-08-31\nparameters:\n  image:\n    type: \"str\nresources: {}\n", true, FluxLine{Start: 55, CurEnd: 69, OldEnd: 71}},
		{"flow closed again", "heat_template_version: 2018-08-31\nparameters:\n  image:\n    type: [str]\nresources: {}\n", false, FluxLine{}},
		{"value edited", "heat_template_version: 2018-08-31\nparameters:\n  image:\n    type: str\nresources: {}\n", false, FluxLine{}},
		{"emptied last line without break", "heat_template_version: 2018-08-31\nparameters:\n  image:\n    type: string\n", false, FluxLine{}},
	} {
		got, ok := InFlux(Parse([]byte(tc.cur)), Parse([]byte(settled)))
		if ok != tc.want || ok && got != tc.line {
			t.Errorf("%s: InFlux = %+v, %v; want %+v, %v", tc.name, got, ok, tc.line, tc.want)
		}
	}
	// The last line, without a line break, emptied and half-typed.
	last := "a: 1\nb: 2"
	for cur, want := range map[string]bool{"a: 1\n": true, "a: 1\nb": true, "a: 1\nb: 3": false, "a: 1\r\nb": false} {
		if _, ok := InFlux(Parse([]byte(cur)), Parse([]byte(last))); ok != want {
			t.Errorf("InFlux(%q, %q) = %v, want %v", cur, last, ok, want)
		}
	}
}
