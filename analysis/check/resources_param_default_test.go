package check

import (
	"context"
	"testing"

	"heat-ls/analysis/hot"
	"heat-ls/analysis/rules"
	"heat-ls/analysis/source"
)

// envValuesView is a workspace whose environments give parameters values.
type envValuesView struct {
	filesView
	defaulted map[string]bool
	applied   []AppliedParameter
}

func (v envValuesView) ParameterDefaulted(name string) bool   { return v.defaulted[name] }
func (v envValuesView) AppliedParameters() []AppliedParameter { return v.applied }

// TestDefaultTextFromParamEnvironment: a string parameter's list default
// is judged as the text Heat makes of it only when no environment gives
// the parameter a value (then the default is never used).
func TestDefaultTextFromParamEnvironment(t *testing.T) {
	src := v16 + "parameters:\n  fmt:\n    type: string\n    default: [x, y]\n" +
		"resources:\n  s:\n    type: OS::Nova::Server\n    properties:\n      image: i\n      flavor: f\n      user_data_format: {get_param: fmt}\n"
	tests := []struct {
		name string
		view WorkspaceView
		want int
	}{
		{"no workspace", nil, 1},
		{"no environment sets it", envValuesView{filesView: filesView{lookups: map[string]int{}}}, 1},
		{"parameter_defaults", envValuesView{filesView: filesView{lookups: map[string]int{}}, defaulted: map[string]bool{"fmt": true}}, 0},
		{"parameters", envValuesView{filesView: filesView{lookups: map[string]int{}}, applied: []AppliedParameter{{Name: "fmt"}}}, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := 0
			for _, d := range Run(context.Background(), hot.Parse([]byte(src)), Options{Schema: testSchema(t), Workspace: tc.view, Path: "/w/t.yaml"}) {
				if d.Code == rules.ResourcePropertyConstraint {
					got++
				}
			}
			if got != tc.want {
				t.Errorf("%d %s diagnostics, want %d", got, rules.ResourcePropertyConstraint, tc.want)
			}
		})
	}
}

// TestDefaultTextToCollectionProperty: a parameter's default that reaches
// a map property as text is refused by a type built from Heat's code
// (cases param-string-default-to-map-property,
// param-json-default-empty-to-map-property); a json parameter's other
// defaults are parsed, not handed over as text.
func TestDefaultTextToCollectionProperty(t *testing.T) {
	const head = "heat_template_version: 2016-10-14\nparameters:\n  s: {type: string, default: 'a=b'}\n  e: {type: string, default: ''}\n  j: {type: json, default: ''}\n  k: {type: json, default: '{\"a\": 1}'}\nresources:\n  sc:\n    type: OS::Heat::SoftwareConfig\n    properties:\n      options: "
	E := source.SeverityError
	runEntryCases(t, []entryCase{
		{"string default", head + "{get_param: s}\n", rules.ResourcePropertyType, E, "{get_param: s}", nil},
		{"empty string default", head + "{get_param: e}\n", rules.ResourcePropertyType, E, "{get_param: e}", nil},
		{"empty json default", head + "{get_param: j}\n", rules.ResourcePropertyType, E, "{get_param: j}", nil},
		{"json default that parses to a mapping", head + "{get_param: k}\n", "", 0, "", []string{rules.ResourcePropertyType}},
	})
}
