package eval

import (
	"os"
	"path/filepath"
	"testing"

	"heat-ls/analysis/hot"
)

// TestGroupCountCases evaluates the count of the resource group in the
// oracle cases of testdata/heat-cases whose verdict hangs on it, as a
// check of one template does (eval.ForTemplate: defaults, nothing else
// known): the value Heat's integer property reads, or an unknown.
func TestGroupCountCases(t *testing.T) {
	dir := filepath.Join("..", "..", "testdata", "heat-cases")
	for _, tc := range []struct{ name, want string }{
		{"rg-count-zero-condition-ok", "0"},
		{"rg-count-zero-false-ok", "false"},
		{"rg-count-zero-float-ok", "0.0"},
		{"rg-count-zero-off-ok", "false"},
		{"rg-count-zero-param-default-ok", "0"},
		{"rg-count-zero-text-ok", `"0"`},
		{"rg-count-zero-yaql-ok", "0"},
		{"rg-count-yaql-one-member-bad-type", "1"},
		{"resource-name-nested-stack-group-count-function", `"2"`},
		{"resource-name-nested-stack-group-count-function-zero-ok", `"0"`},
		{"resource-name-nested-stack-group-count-if", "2"},
		{"resource-name-nested-stack-group-count-join-zero-ok", `" 0"`}, // Python's int() reads it as 0
		{"resource-name-nested-stack-group-count-param-no-default", "?<parameter n>"},
		{"resource-name-nested-stack-group-count-replace-longest", `"1"`},
		{"resource-name-nested-stack-group-count-replace-zero-ok", `"0"`},
		{"resource-name-nested-stack-group-count-get-attr", "?<get_attr: size.value>"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src, err := os.ReadFile(filepath.Join(dir, tc.name, "template.yaml"))
			if err != nil {
				t.Fatal(err)
			}
			doc := hot.Parse(src)
			var count *hot.Resource
			for _, r := range doc.Template.Resources {
				if r.Type == "OS::Heat::ResourceGroup" {
					count = r
				}
			}
			if count == nil {
				t.Fatal("no resource group")
			}
			n := count.Field("properties").Value.Resolve().Get("count")
			if got := show(ForTemplate(doc.Template, nil, "template.yaml").Eval(n)); got != tc.want {
				t.Errorf("count = %s, want %s", got, tc.want)
			}
		})
	}
}
