package eval

import (
	"testing"
)

// TestSubstitute: a group puts the member's name in place of the index
// variable in every text of its definition, not in mapping keys.
func TestSubstitute(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"'%index%'", `"3"`},
		{"'a-%index%-%index%'", `"a-3-3"`},
		{"[x%index%, 5, {k%index%: v%index%}]", `["x3", 5, {"k%index%": "v3"}]`},
		{"7", "7"},
		{"~", "null"},
	} {
		if got := show(Substitute(literalOf(t, tc.src), "%index%", "3")); got != tc.want {
			t.Errorf("Substitute(%s) = %s, want %s", tc.src, got, tc.want)
		}
	}
	if got := Substitute(UnknownValue("<get_attr: r%index%.x>"), "%index%", "1"); got.Kind != Unknown || got.S != "<get_attr: r1.x>" {
		t.Errorf("Substitute of an unknown = %v, want its placeholder with the name in", got)
	}
}

// TestHandedList follows Heat's template resource and the nested
// comma_delimited_list parameter (the oracle cases nested-index-*,
// asg-member-list-*, fn-member-list-*): a list is joined with commas and
// split again, a list of mappings becomes .member.<i>.<key>=<value>
// items, a value that is no list is dropped where the group's member is
// validated and refused elsewhere.
func TestHandedList(t *testing.T) {
	for _, tc := range []struct {
		src        string
		validating bool
		want       string
	}{
		{"[a, b]", false, `["a", "b"]`},
		{`["a,b", c]`, false, `["a", "b", "c"]`},
		{`"4,5,6"`, false, `["4", "5", "6"]`},
		{`""`, false, `[]`},
		{`[""]`, false, `[]`},
		{"[a, ~]", false, `["a", ""]`},
		{"[{a: 1, b: x}, {c: yes}]", false, `[".member.0.a=1", ".member.0.b=x", ".member.1.c=True"]`},
		{"[{a: [1, x]}]", false, `[".member.0.a=[1", " 'x']"]`}, // split again at the comma
		{"[{a: 1}, b]", false, "!every item of a list of mappings must be a mapping"},
		{"[4, 5]", false, "!a list item that is no text cannot be joined: 4"},
		{"[a, [b]]", false, "!a list item that is no text cannot be joined: ['b']"},
		{"{a: b}", true, `[]`},
		{"5", true, `[]`},
		{"{a: b}", false, "!a list is needed, not mapping"},
		{"true", false, "!a list is needed, not boolean"},
		{"~", false, "null"},
	} {
		if got := show(HandedList(literalOf(t, tc.src), tc.validating)); got != tc.want {
			t.Errorf("HandedList(%s, validating %v) = %s, want %s", tc.src, tc.validating, got, tc.want)
		}
	}
	if got := HandedList(ListValue([]Value{StringValue("a"), UnknownValue("<get_attr: r.x>")}), false); got.Kind != Unknown {
		t.Errorf("HandedList with an unknown item = %s, want unknown", show(got))
	}
	if got := HandedList(ListValue([]Value{MapValue([]string{"k"}, []Value{UnknownValue("<u>")})}), false); got.Kind != Unknown {
		t.Errorf("HandedList with an unknown mapping value = %s, want unknown", show(got))
	}
}

// TestPathIndex reads a get_param path key into a list as Heat does:
// a whole number, or text Python's int() reads (spaces, one sign, single
// underscores); a float or other text finds nothing.
func TestPathIndex(t *testing.T) {
	for _, tc := range []struct {
		key  Value
		want int64
		ok   bool
	}{
		{IntValue(2), 2, true},
		{IntValue(-1), -1, true},
		{StringValue(" 12 "), 12, true},
		{StringValue("+3"), 3, true},
		{StringValue("1_0"), 10, true},
		{StringValue("1__0"), 0, false},
		{StringValue("1.0"), 0, false},
		{StringValue("abc"), 0, false},
		{FloatValue(1), 0, false},
		{BoolValue(true), 0, false},
	} {
		got, ok := PathIndex(tc.key)
		if got != tc.want || ok != tc.ok {
			t.Errorf("PathIndex(%s) = %d, %v; want %d, %v", show(tc.key), got, ok, tc.want, tc.ok)
		}
	}
}
