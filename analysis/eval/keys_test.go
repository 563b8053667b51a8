package eval

import (
	"testing"

	"heat-ls/analysis/syntax"
)

// literalOf reads a flow YAML value as Heat's loader does.
func literalOf(t *testing.T, src string) Value {
	t.Helper()
	return Literal(syntax.Parse([]byte("v: " + src + "\n")).Root().Resolve().Get("v"))
}

// TestTypedKeys: a mapping key that is no text keeps its type in
// Python's text of the value, and True and 1 are one key (Heat's
// preview of a string parameter defaulting to {1: a, true: b, x: 2}
// gives "{1: 'b', 'x': 2}").
func TestTypedKeys(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"{1: a, true: b, x: 2}", "{1: 'b', 'x': 2}"},
		{"{'1': a, 1: b}", "{'1': 'a', 1: 'b'}"},
		{"{1.0: a, 1: b, ~: c}", "{1.0: 'b', None: 'c'}"},
		{"{<<: {2: x}, y: z}", "{2: 'x', 'y': 'z'}"},
		{"{a: {no: 1}}", "{'a': {False: 1}}"},
	} {
		if got := PyStr(literalOf(t, tc.src)); got != tc.want {
			t.Errorf("PyStr(%s) = %s, want %s", tc.src, got, tc.want)
		}
	}
	v := literalOf(t, "{1: a}")
	if got, ok := v.Get("1"); !ok || got.S != "a" {
		t.Errorf("Get(\"1\") of {1: a} = %v, %v; want a", got, ok)
	}
}

// TestTextKeys: a json parameter's value comes back from JSON with text
// keys (Heat's preview of a json default {1: a} gives {"1": "a"}).
func TestTextKeys(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"{1: a, false: b, ~: c}", "{'1': 'a', 'false': 'b', 'null': 'c'}"},
		{"[{2: [{no: x}]}]", "[{'2': [{'false': 'x'}]}]"},
		{"x", "x"},
	} {
		if got := PyStr(TextKeys(literalOf(t, tc.src))); got != tc.want {
			t.Errorf("TextKeys(%s) = %s, want %s", tc.src, got, tc.want)
		}
	}
}

// TestJSONKeys: JSON writes a boolean or null key as true, false or null,
// as Python's json module does (str_replace and list_join put mappings
// into text so, keys sorted; Python cannot sort keys of mixed types, so
// each mapping here has one kind of key).
func TestJSONKeys(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"{yes: a, no: b}", `{"false": "b", "true": "a"}`},
		{"{~: c}", `{"null": "c"}`},
		{"{2: a, 1: b}", `{"1": "b", "2": "a"}`},
	} {
		if got := JSON(literalOf(t, tc.src)); got != tc.want {
			t.Errorf("JSON(%s) = %s, want %s", tc.src, got, tc.want)
		}
	}
}
