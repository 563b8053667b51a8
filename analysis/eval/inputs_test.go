package eval

import (
	"strings"
	"testing"

	"heat-ls/analysis/hot"
)

// TestFindInput: the input that makes every term come out as wanted,
// the defaults first, or none.
func TestFindInput(t *testing.T) {
	const params = "parameters:\n" +
		"  env: {type: string, default: prod}\n" +
		"  zone: {type: string, constraints: [{allowed_values: [a, b]}]}\n" +
		"  size: {type: string, default: s, constraints: [{length: {max: 3}}]}\n" +
		"  n: {type: number, default: 1}\n"
	tests := []struct {
		name  string
		conds string
		want  map[string]bool // term conditions and their wanted truth
		got   string          // the picks, "" for none found
		ok    bool
	}{
		{"defaults", "  c: {equals: [{get_param: env}, prod]}\n", map[string]bool{"c": true}, "env=default", true},
		{"a compared text", "  c: {equals: [{get_param: env}, dev]}\n", map[string]bool{"c": true}, "env=dev", true},
		{"any other text", "  c: {equals: [{get_param: env}, prod]}\n  d: {equals: [{get_param: env}, dev]}\n",
			map[string]bool{"c": false, "d": false}, "env=other(prod,dev)", true},
		{"allowed values", "  c: {equals: [{get_param: zone}, b]}\n", map[string]bool{"c": true}, "zone=b", true},
		{"no allowed value fits", "  c: {equals: [{get_param: zone}, c]}\n", map[string]bool{"c": true}, "", false},
		{"other constraints: the default only", "  c: {equals: [{get_param: size}, m]}\n", map[string]bool{"c": true}, "", false},
		{"a number parameter is beyond the search", "  c: {equals: [{get_param: n}, 1]}\n", map[string]bool{"c": false}, "", false},
		{"nothing compared", "  c: true\n", map[string]bool{"c": true}, "", true},
		{"through not and a name", "  c: {equals: [{get_param: env}, dev]}\n  d: {not: c}\n", map[string]bool{"d": false}, "env=dev", true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			doc := hot.Parse([]byte("heat_template_version: 2021-04-16\n" + params + "conditions:\n" + tc.conds + "resources: {}\n"))
			unknown := map[string]Value{}
			for _, p := range doc.Template.Parameters {
				unknown[p.Name] = UnknownValue("<parameter " + p.Name + ">")
			}
			var terms []CondTerm
			for _, c := range doc.Template.Conditions {
				if want, ok := tc.want[c.Name]; ok {
					terms = append(terms, CondTerm{Expr: c.Key, Want: want})
				}
			}
			e := New(doc.Template, Options{Params: unknown})
			picks, ok := FindInput(doc.Template, e, terms, unknown)
			var got []string
			for _, p := range picks {
				switch {
				case p.Default:
					got = append(got, p.Param+"=default")
				case p.AnyOther:
					got = append(got, p.Param+"=other("+strings.Join(p.Others, ",")+")")
				default:
					got = append(got, p.Param+"="+p.Text)
				}
			}
			if strings.Join(got, " ") != tc.got || ok != tc.ok {
				t.Errorf("got %q, %v; want %q, %v", strings.Join(got, " "), ok, tc.got, tc.ok)
			}
			for _, p := range doc.Template.Parameters {
				if unknown[p.Name].Kind != Unknown {
					t.Errorf("parameter %s left at %v", p.Name, unknown[p.Name])
				}
			}
		})
	}
}
