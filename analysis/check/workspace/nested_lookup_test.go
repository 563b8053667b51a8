package workspace

import (
	"slices"
	"testing"

	"heat-ls/analysis/check/pass"
	"heat-ls/analysis/check/values"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/syntax"
)

func yamlValue(t *testing.T, src string) *syntax.Node {
	t.Helper()
	return syntax.Parse([]byte("v: " + src + "\n")).Root().Resolve().Get("v")
}

// TestPyStr: the text a comma_delimited_list parameter makes of each item
// of its default (Python's str), or not known.
func TestPyStr(t *testing.T) {
	for _, tc := range []struct {
		src, want string
		ok        bool
	}{
		{"{4: }", "{4: None}", true},
		{"abc", "abc", true},
		{"'a b'", "a b", true},
		{"12", "12", true},
		{"yes", "True", true},
		{"~", "None", true},
		{"1:20", "", false},
		{"0x1F", "", false},
		{"1.5", "", false},
		{"1e3", "1e3", true},
		{"2020-01-01", "2020-01-01", true},
	} {
		got, ok := values.PyStr(yamlValue(t, tc.src))
		if got != tc.want || ok != tc.ok {
			t.Errorf("pyStr(%s) = %q, %v; want %q, %v", tc.src, got, ok, tc.want, tc.ok)
		}
	}
}

// TestHandedListOf: what a nested comma_delimited_list parameter reads of
// a parent's value, in a group's member (index 0 in place of %index%) or
// not.
func TestHandedListOf(t *testing.T) {
	doc := hot.Parse([]byte("heat_template_version: 2016-10-14\nparameters:\n  l: {type: comma_delimited_list, default: [a, \"b,c\", {k: 1}]}\n  t: {type: comma_delimited_list, default: \"x,y\"}\n  n: {type: comma_delimited_list}\nresources: {}\n"))
	p := &pass.Pass{T: doc.Template}
	for _, tc := range []struct {
		src    string
		member bool
		want   []string
		ok     bool
		name   string // the member's name, "0" when empty
	}{
		{"[a, b]", false, []string{"a", "b"}, true, ""},
		{`["a,b", "%index%"]`, true, []string{"a", "b", "0"}, true, ""},
		{"[4, 5]", false, nil, false, ""},
		{"[{a: 1, b: x}, {c: 2}]", false, []string{".member.0.a=1", ".member.0.b=x", ".member.1.c=2"}, true, ""},
		{`"4,5,6"`, false, []string{"4", "5", "6"}, true, ""},
		{"{get_param: l}", false, []string{"a", "b", "c", "{'k': 1}"}, true, ""},
		{"{get_param: t}", false, []string{"x", "y"}, true, ""},
		{"{get_param: n}", false, nil, false, ""},
		{"{a: b}", true, nil, true, ""},
		{"{a: b}", false, nil, false, ""},
		{"5", true, nil, true, ""},
		{"{}", true, nil, false, ""},
		{"[]", false, nil, false, ""},
		{`""`, false, nil, false, ""},
		{"{get_attr: [r, x]}", true, nil, false, ""},
		{`["a", "b%index%"]`, true, []string{"a", "b3"}, true, "3"},
		{`"x%index%,y"`, true, []string{"x12", "y"}, true, "12"},
	} {
		indexVar, name := "", tc.name
		if tc.member {
			indexVar = "%index%"
		}
		if name == "" {
			name = "0"
		}
		l, ok := handedListOf(p, yamlValue(t, tc.src), tc.member, indexVar, name)
		var got []string
		for _, it := range l.items {
			got = append(got, it.S)
		}
		if ok != tc.ok || !slices.Equal(got, tc.want) {
			t.Errorf("handedListOf(%s, member %v) = %q, %v; want %q, %v", tc.src, tc.member, got, ok, tc.want, tc.ok)
		}
	}
}
