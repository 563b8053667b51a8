package eval

import "testing"

// TestAttributePath follows get_attr paths as Heat's
// select_from_attribute does.
func TestAttributePath(t *testing.T) {
	v := MapValue([]string{"ports", "name"}, []Value{ListValue([]Value{IntValue(80), IntValue(443)}), StringValue("db")})
	for _, tc := range []struct {
		path []Value
		want string
		ok   bool
	}{
		{nil, `{"name": "db", "ports": [80, 443]}`, true},
		{[]Value{StringValue("ports"), IntValue(1)}, `443`, true},
		{[]Value{StringValue("ports"), IntValue(-2)}, `80`, true},
		{[]Value{StringValue("ports"), IntValue(2)}, `null`, true},
		{[]Value{StringValue("ports"), StringValue("0")}, `null`, true},
		{[]Value{StringValue("ports"), BoolValue(true)}, `443`, true},
		{[]Value{StringValue("nothing")}, `null`, true},
		{[]Value{IntValue(0)}, `null`, true},
		{[]Value{StringValue("name"), IntValue(0)}, ``, false},
	} {
		got, ok := AttributePath(v, tc.path)
		if ok != tc.ok || ok && JSON(got) != tc.want {
			t.Errorf("%v: %s %v, want %s %v", tc.path, JSON(got), ok, tc.want, tc.ok)
		}
	}
}
