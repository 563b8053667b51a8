package eval

import (
	"testing"

	"heat-ls/analysis/hot"
)

// TestLiteralPyStr compares the text made of a literal with what Python's
// str() gives for the value Heat's YAML loader reads (the want texts were
// printed by Python, or are Heat's own messages on the oracle cases
// param-default-*: "Value '{1: 'a', '1': 'b'}' is not an integer").
func TestLiteralPyStr(t *testing.T) {
	tests := []struct {
		yaml string
		want string // "" when the text is not certain
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
		{`{4: }`, `{4: None}`},
		{`{1: a, "1": b}`, `{1: 'a', '1': 'b'}`}, // keys keep their type
		{`[1e5, 0o17]`, `['1e5', '0o17']`},       // text to YAML 1.1
		{`abc`, `abc`},
		{`'a b'`, `a b`},
		{`12`, `12`},
		{`-0`, `0`},
		{`yes`, `True`},
		{`café`, `café`}, // alone, str() gives text unchanged
		{`1e3`, `1e3`},
		{`2020-01-01`, `2020-01-01`},
		{`1:20`, ``}, // 80 to YAML 1.1: not written in plain decimal
		{`0x1F`, ``},
		{`1.5`, ``},
		{`[1.5]`, ``},
		{`[017]`, ``}, // octal to YAML 1.1
		{`[café]`, ``},
		{`{a: 1, a: 2}`, ``},
		{`{yes: 1, true: 2}`, ``}, // one key, True, to Python
		{`{[a]: 1}`, ``},
		{`{<<: {a: 1}, b: 2}`, ``},
	}
	for _, tt := range tests {
		doc := hot.Parse([]byte("heat_template_version: 2016-10-14\nparameters:\n  p:\n    type: string\n    default: " + tt.yaml + "\n"))
		def := doc.Template.Parameter("p").Field("default").Value
		got, ok := LiteralPyStr(def)
		if !ok {
			got = ""
		}
		if got != tt.want || ok != (tt.want != "") {
			t.Errorf("%s: got %q (ok=%v), want %q", tt.yaml, got, ok, tt.want)
		}
	}
}
