package check

import (
	"strings"
	"testing"

	"heat-ls/analysis/hot"
)

// TestWritePyRepr compares the text heat-ls makes of a string parameter's
// list or mapping default with what Python's repr gives for the value
// Heat's YAML loader reads (the want texts were printed by Python).
func TestWritePyRepr(t *testing.T) {
	tests := []struct {
		yaml string
		want string // "" when heat-ls must not guess
	}{
		{`[x, y]`, `['x', 'y']`},
		{`{k: v}`, `{'k': 'v'}`},
		{`[8, -3, 0]`, `[8, -3, 0]`},
		{`[yes, no, on, true, False]`, `[True, False, True, True, False]`},
		{`[null, ~]`, `[None, None]`},
		{`["it's", 'say "hi"', "a\\b", "tab\there"]`, `["it's", 'say "hi"', 'a\\b', 'tab\there']`},
		{`['both '' and "']`, `['both \' and "']`},
		{`{a: [1, {b: c}]}`, `{'a': [1, {'b': 'c'}]}`},
		{`[2001-01-01]`, `['2001-01-01']`}, // Heat's loader keeps timestamps as text
		{`[]`, `[]`},
		{`[1.5]`, ``},
		{`[017]`, ``}, // octal to YAML 1.1
		{`[café]`, ``},
		{`{a: 1, a: 2}`, ``},
	}
	for _, tt := range tests {
		doc := hot.Parse([]byte("heat_template_version: 2016-10-14\nparameters:\n  p:\n    type: string\n    default: " + tt.yaml + "\n"))
		def := doc.Template.Parameter("p").Field("default").Value
		var b strings.Builder
		ok := writePyRepr(&b, def, 0)
		got := b.String()
		if !ok {
			got = ""
		}
		if got != tt.want {
			t.Errorf("%s: got %q (ok=%v), want %q", tt.yaml, got, ok, tt.want)
		}
	}
}
