package eval

import (
	"strings"
	"testing"

	"heat-ls/analysis/hot"
	"heat-ls/schema"
)

// evalIn evaluates the value of output "o" of a template of version ver
// with the given parameters section and user inputs.
func evalIn(t *testing.T, ver, params, conditions, expr string, user map[string]string) (Value, []Problem) {
	t.Helper()
	src := "heat_template_version: " + ver + "\n"
	if params != "" {
		src += "parameters:\n" + indent(params) + "\n"
	}
	if conditions != "" {
		src += "conditions:\n" + indent(conditions) + "\n"
	}
	src += "resources:\n  srv: {type: OS::Nova::Server}\noutputs:\n  o:\n    value: " + expr + "\n"
	doc := hot.Parse([]byte(src))
	if doc.Template == nil {
		t.Fatalf("not a template:\n%s", src)
	}
	sc, err := schema.Load()
	if err != nil {
		t.Fatal(err)
	}
	v, _ := sc.Version(ver)
	in := Inputs{Params: map[string]Input{}, StackName: "st"}
	for k, x := range user {
		in.Params[k] = Input{Value: StringValue(x), Source: "-P"}
	}
	ps, probs := Parameters(doc.Template, in, "t.yaml")
	e := New(doc.Template, Options{Version: v, Params: Values(ps)})
	out := e.Eval(doc.Template.Output("o").Field("value").Value)
	return out, append(probs, e.Problems()...)
}

func indent(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	for i, l := range lines {
		lines[i] = "  " + l
	}
	return strings.Join(lines, "\n")
}

// show renders a value for comparison: JSON for known values, the
// placeholder for unknown ones, "!" and the complaint for invalid ones.
func show(v Value) string {
	switch v.Kind {
	case Unknown:
		return "?" + v.S
	case Invalid:
		return "!" + v.S
	}
	return JSON(v)
}

// TestFunctions evaluates every function in the forms Heat gives them;
// the expected values are Heat's (testdata/preview/cases holds Heat's
// recorded previews of the same forms).
func TestFunctions(t *testing.T) {
	const newest = "2021-04-16"
	tests := []struct {
		name, ver, params, conds, expr, want string
		user                                 map[string]string
	}{
		{name: "get_param text", params: "p: {type: string, default: x}", expr: "{get_param: p}", want: `"x"`},
		{name: "get_param path", params: "p: {type: json, default: {a: [{b: 1}, {b: 2}]}}", expr: "{get_param: [p, a, 1, b]}", want: `2`},
		{name: "get_param path index as text", params: "p: {type: comma_delimited_list, default: 'x,y'}", expr: `{get_param: [p, "-1"]}`, want: `"y"`},
		{name: "get_param path missing", params: "p: {type: json, default: {a: 1}}", expr: "{get_param: [p, nope]}", want: `""`},
		{name: "get_param undeclared", expr: "{get_param: nope}", want: "!the template has no parameter `nope`"},
		{name: "number from text", params: "p: {type: number, default: '42'}", expr: "{get_param: p}", want: `42`},
		{name: "float from text", params: "p: {type: number, default: '4.50'}", expr: "{get_param: p}", want: `4.5`},
		{name: "boolean yes", params: "p: {type: boolean, default: 'yes'}", expr: "{get_param: p}", want: `true`},
		{name: "boolean from -P", params: "p: {type: boolean}", expr: "{get_param: p}", user: map[string]string{"p": "Off"}, want: `false`},
		{name: "comma list keeps spaces", params: "p: {type: comma_delimited_list, default: ' a, b'}", expr: "{get_param: p}", want: `[" a", " b"]`},
		{name: "comma list of list", params: "p: {type: comma_delimited_list, default: [1, true]}", expr: "{get_param: p}", want: `["1", "True"]`},
		{name: "json text", params: `p: {type: json, default: '{"k": [1]}'}`, expr: "{get_param: p}", want: `{"k": [1]}`},
		{name: "string from number", params: "p: {type: string, default: 7}", expr: "{get_param: p}", want: `"7"`},
		{name: "pseudo stack name", expr: `{get_param: "OS::stack_name"}`, want: `"st"`},
		{name: "pseudo stack id unknown", expr: `{get_param: "OS::stack_id"}`, want: `?<OS::stack_id>`},
		{name: "get_attr", expr: "{get_attr: [srv, networks, private, 0]}", want: "?<get_attr: srv.networks.private.0>"},
		{name: "get_resource", expr: "{get_resource: srv}", want: "?<get_resource: srv>"},
		{name: "get_resource missing", expr: "{get_resource: nope}", want: "!the template has no resource `nope`"},
		{name: "str_replace longest first", expr: `{str_replace: {template: "$a $ab", params: {$a: 1, $ab: X}}}`, want: `"1 X"`},
		{name: "str_replace json values", expr: `{str_replace: {template: "v=%v", params: {"%v": {b: 1, a: [2]}}}}`, want: `"v={\"a\": [2], \"b\": 1}"`},
		{name: "str_replace old refuses lists", ver: "2015-04-30", expr: `{str_replace: {template: "v=%v", params: {"%v": [1]}}}`, want: "!`str_replace`: the value of %v must be text or a number"},
		{name: "str_replace unknown part", expr: `{str_replace: {template: "http://$h/", params: {$h: {get_attr: [srv, first_address]}}}}`, want: "?http://<get_attr: srv.first_address>/"},
		{name: "str_replace_strict", expr: `{str_replace_strict: {template: "a", params: {a: x, b: y}}}`, want: "!`str_replace_strict`: these params are not in the template: b"},
		{name: "str_replace_vstrict", expr: `{str_replace_vstrict: {template: "a b", params: {a: x, b: ""}}}`, want: "!`str_replace_vstrict`: the value of b is empty"},
		{name: "list_join several", expr: `{list_join: ["-", [a, b], [c, {k: 1}], null]}`, want: `"a-b-c-{\"k\": 1}"`},
		{name: "list_join old", ver: "2015-04-30", expr: `{list_join: ["-", [a, b]]}`, want: `"a-b"`},
		{name: "list_join unknown item", expr: `{list_join: [",", [a, {get_resource: srv}]]}`, want: "?a,<get_resource: srv>"},
		{name: "str_split", expr: `{str_split: [",", "a,b,,c"]}`, want: `["a", "b", "", "c"]`},
		{name: "str_split index", expr: `{str_split: [",", "a,b,c", "-1"]}`, want: `"c"`},
		{name: "str_split past end", expr: `{str_split: [",", "a", 3]}`, want: "!the index of `str_split` is past the end of the list"},
		{name: "digest", expr: `{digest: [sha256, hello]}`, want: `"2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824"`},
		{name: "digest latin-1", expr: `{digest: [md5, "é"]}`, want: `"3406877694691ddd1dfb0aca54681407"`},
		{name: "repeat product", expr: `{repeat: {for_each: {"%a": [x, y], "%b": ["1", "2"]}, template: "%a%b"}}`, want: `["x1", "x2", "y1", "y2"]`},
		{name: "repeat zip", expr: `{repeat: {for_each: {"%a": [x, y], "%b": ["1", "2"]}, template: "%a%b", permutations: false}}`, want: `["x1", "y2"]`},
		{name: "repeat over nothing", expr: `{repeat: {for_each: {}, template: x}}`, want: "!the for_each of `repeat` maps no placeholder, and Heat needs one to repeat over"},
		{name: "repeat map keys", expr: `{repeat: {for_each: {"%k": {a: 1, b: 2}}, template: {"%k": v}}}`, want: `[{"a": "v"}, {"b": "v"}]`},
		{name: "repeat number value", expr: `{repeat: {for_each: {"%a": [1]}, template: "%a"}}`, want: "!`repeat`: the value 1 is no text, so it cannot replace %a"},
		{name: "map_merge", expr: `{map_merge: [{a: 1, b: 2}, {b: 3}, null]}`, want: `{"a": 1, "b": 3}`},
		{name: "map_replace", expr: `{map_replace: [{k: v, j: w}, {keys: {k: K}, values: {w: W}}]}`, want: `{"K": "v", "j": "W"}`},
		{name: "map_replace collision", expr: `{map_replace: [{k: v, j: w}, {keys: {k: j}}]}`, want: "!`map_replace`: the new key j is already a key of the mapping"},
		{name: "list_concat", expr: `{list_concat: [[a], null, [b, a]]}`, want: `["a", "b", "a"]`},
		{name: "list_concat_unique", expr: `{list_concat_unique: [[1, a], [true, 1.0, a, b]]}`, want: `[1, "a", "b"]`},
		{name: "contains", expr: `{contains: [1, [true]]}`, want: `true`},
		{name: "contains text", expr: `{contains: [ell, hello]}`, want: `true`},
		{name: "filter", expr: `{filter: [[a, 1], [a, b, 1, "1"]]}`, want: `["b", "1"]`},
		{name: "make_url", expr: `{make_url: {scheme: https, host: "::1", port: 8443, path: "/a b", query: {q: "x/y z"}}}`, want: `"https://[::1]:8443/a%20b?q=x/y+z"`},
		{name: "make_url user", expr: `{make_url: {scheme: http, username: "u s", password: "p@", host: h}}`, want: `"http://u%20s:p%40@h"`},
		{name: "if", conds: "c: {equals: [1, 1]}", expr: `{if: [c, yes_value, no_value]}`, want: `"yes_value"`},
		{name: "if inline condition", conds: "c: true", expr: `{if: [{not: c}, a, b]}`, want: `"b"`},
		{name: "if unknown", params: "p: {type: string, default: x}", conds: "c: {equals: [{get_param: 'OS::stack_id'}, x]}", expr: `{if: [c, a, b]}`, want: "?<if <equals <OS::stack_id> x>>"},
		{name: "and or not", params: "e: {type: string, default: prod}", conds: "p: {equals: [{get_param: e}, prod]}\nd: {equals: [{get_param: e}, dev]}\nx: {and: [p, {not: d}, {or: [d, true]}]}", expr: `{if: [x, on, off]}`, want: `true`},
		{name: "condition contains", params: "z: {type: comma_delimited_list, default: 'a,b'}", conds: "c: {contains: [b, {get_param: z}]}", expr: `{if: [c, 1, 2]}`, want: `1`},
		{name: "condition of itself", conds: "c: {not: c}", expr: `{if: [c, 1, 2]}`, want: "!condition `c` is defined in terms of itself"},
		{name: "if two arguments", ver: "2021-04-16", conds: "c: false", expr: `[a, {if: [c, b]}, d]`, want: `["a", "d"]`},
		{name: "yaml 1.1 scalars", expr: `[yes, off, 012, 0x1f, 1:30, 1e5, 2018-08-31, ~]`, want: `[true, false, 10, 31, 90, "1e5", "2018-08-31", null]`},
		{name: "Fn::Select", ver: "2013-05-23", expr: `{"Fn::Select": ["1", [a, b]]}`, want: `"b"`},
		{name: "Fn::Join", ver: "2013-05-23", expr: `{"Fn::Join": ["-", [a, b]]}`, want: `"a-b"`},
		{name: "removed function", ver: "2015-10-15", expr: `{"Fn::Select": ["1", [a, b]]}`, want: "!`Fn::Select` is not supported in heat_template_version 2015-10-15"},
		{name: "yaql len", expr: `{yaql: {expression: "$.data.l.len()", data: {l: [1, 2, 3]}}}`, want: `3`},
		{name: "yaql unknown", expr: `{yaql: {expression: "$.data.l.nosuch()", data: {l: [1]}}}`, want: "?<yaql: $.data.l.nosuch()>"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ver := tc.ver
			if ver == "" {
				ver = newest
			}
			got, _ := evalIn(t, ver, tc.params, tc.conds, tc.expr, tc.user)
			if s := show(got); s != tc.want {
				t.Errorf("%s\n got %s\nwant %s", tc.expr, s, tc.want)
			}
		})
	}
}

// TestMissingUnknown: for a check that knows no environment, a parameter
// without value is unknown, and what depends on it too, without a
// problem; an input marked unknown (some environment sets it) hides the
// default.
func TestMissingUnknown(t *testing.T) {
	doc := hot.Parse([]byte("heat_template_version: 2018-08-31\nparameters:\n  a: {type: number}\n  b: {type: string, default: x}\nconditions:\n  c: {equals: [{get_param: a}, 1]}\n"))
	ps, probs := Parameters(doc.Template, Inputs{MissingUnknown: true, Params: map[string]Input{"b": {Value: UnknownValue("<set by an environment>")}}}, "t.yaml")
	if len(probs) > 0 {
		t.Fatalf("problems: %+v", probs)
	}
	if got := show(ps["a"].Value); got != "?<parameter a>" {
		t.Errorf("a: %s", got)
	}
	if got := show(ps["b"].Value); got != "?<set by an environment>" {
		t.Errorf("b: %s", got)
	}
	e := New(doc.Template, Options{Params: Values(ps)})
	if c := e.ConditionNamed("c"); c.Kind != Unknown {
		t.Errorf("condition c: %s", show(c))
	}
}

// TestForTemplate: the evaluator a one-template check asks works a group
// size out of a default and leaves what needs an environment unknown.
func TestForTemplate(t *testing.T) {
	doc := hot.Parse([]byte("heat_template_version: 2018-08-31\nparameters:\n  n: {type: number, default: 2}\n  m: {type: number}\noutputs:\n  a: {value: {str_replace: {template: \"$n$n\", params: {$n: {get_param: n}}}}}\n  b: {value: {get_param: m}}\n"))
	e := ForTemplate(doc.Template, nil, "t.yaml")
	if got := show(e.Eval(doc.Template.Output("a").Field("value").Value)); got != `"22"` {
		t.Errorf("a: %s", got)
	}
	if got := show(e.Eval(doc.Template.Output("b").Field("value").Value)); got != "?<parameter m>" {
		t.Errorf("b: %s", got)
	}
}

// TestDigest computes digest as Heat does: the spec's six names in any
// case, hashlib's guaranteed sha3 and blake2 only in lower case, a name
// only some hosts' OpenSSL provides unknown (Heat's verdict depends on
// the host).
func TestDigest(t *testing.T) {
	for _, tc := range []struct{ name, expr, want string }{
		{"digest upper case spec name", `{digest: [SHA1, abc]}`, `"a9993e364706816aba3e25717850c26c9cd0d89d"`},
		{"digest sha3", `{digest: [sha3_256, abc]}`, `"3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532"`},
		{"digest blake2b", `{digest: [blake2b, abc]}`, `"ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d17d87c5392aab792dc252d5de4533cc9518d38aa8dbf1925ab92386edd4009923"`},
		{"digest blake2s", `{digest: [blake2s, abc]}`, `"508c5e8c327c14e2e1a72ba34eeb452f37458b209ed63a294d999b4c86675982"`},
		{"digest blake2 upper case", `{digest: [BLAKE2S, abc]}`, "!`digest` knows blake2s only written in lower case, not BLAKE2S"},
		{"digest sha512_224 upper case", `{digest: [SHA512_224, abc]}`, `"4634270f707b6a54daae7530460842e20e37ed265ceee9a43e8924aa"`}, // the oracle's, case digest-host-upper-ok
		{"digest host only", `{digest: [RIPEMD160, abc]}`, "?<digest RIPEMD160: only where the host's OpenSSL has it>"},
		{"digest variable length", `{digest: [shake_256, abc]}`, "!`digest` cannot compute shake_256: its digest needs a length Heat does not give"},
		{"digest unknown name", `{digest: [SHA-256, abc]}`, "!`digest` knows no algorithm SHA-256"},
	} {
		got, _ := evalIn(t, "2021-04-16", "", "", tc.expr, nil)
		if s := show(got); s != tc.want {
			t.Errorf("%s: %s\n got %s\nwant %s", tc.name, tc.expr, s, tc.want)
		}
	}
}

// TestCfnSelect follows Heat's Fn::Select (the values are Heat's, in the
// oracle case fn-cfn-args-ok): text is read as JSON, "" and null give "",
// a negative index counts from the end.
func TestCfnSelect(t *testing.T) {
	for _, tc := range []struct{ expr, want string }{
		{`{"Fn::Select": [" 1 ", [a, b]]}`, `"b"`},
		{`{"Fn::Select": [1.5, [a, b]]}`, `"b"`},
		{`{"Fn::Select": ["-1", [a, b]]}`, `"b"`},
		{`{"Fn::Select": ["-3", [a, b]]}`, `""`},
		{`{"Fn::Select": ["5", [a]]}`, `""`},
		{`{"Fn::Select": ["0", ""]}`, `""`},
		{`{"Fn::Select": ["0", '["a"]']}`, `"a"`},
		{`{"Fn::Select": [x, '{"x": 1}']}`, `1`},
		{`{"Fn::Select": [x, 'null']}`, `""`},
		{`{"Fn::Select": ["0", null]}`, `""`},
		{`{"Fn::Select": ["0", "a,b"]}`, "!`Fn::Select` reads a text as JSON, and this one is not: invalid character 'a' looking for beginning of value"},
		{`{"Fn::Select": [1, {"1": a}]}`, "!the index of `Fn::Select` into a mapping must be text"},
		{`{"Fn::Select": ["0", '5']}`, "!`Fn::Select` selects from a list or mapping"},
	} {
		got, _ := evalIn(t, "2013-05-23", "", "", tc.expr, nil)
		if s := show(got); s != tc.want {
			t.Errorf("%s\n got %s\nwant %s", tc.expr, s, tc.want)
		}
	}
}

// TestAllowedNumbers: Heat converts a number parameter's allowed values
// to numbers before it looks the value up among them (oracle case
// param-number-allowed-values-numeric-text-ok).
func TestAllowedNumbers(t *testing.T) {
	for _, tc := range []struct{ params, want string }{
		{`p: {type: number, default: 2, constraints: [{allowed_values: ["1", " 2 "]}]}`, `2`},
		{`p: {type: number, default: 1000, constraints: [{allowed_values: ["1e3"]}]}`, `1000`},
		{`p: {type: number, default: 1.0, constraints: [{allowed_values: [1]}]}`, `1.0`},
		{`p: {type: number, default: 3, constraints: [{allowed_values: ["1", nan, x]}]}`, "!the value of parameter `p` (default) is not one of the allowed values ['1', 'nan', 'x']"},
		{`p: {type: string, default: "2", constraints: [{allowed_values: [" 2 "]}]}`, "!the value of parameter `p` (default) is not one of the allowed values [' 2 ']"},
	} {
		got, _ := evalIn(t, "2021-04-16", tc.params, "", "{get_param: p}", nil)
		if s := show(got); s != tc.want {
			t.Errorf("%s\n got %s\nwant %s", tc.params, s, tc.want)
		}
	}
}
