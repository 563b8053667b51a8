package codeaction

import (
	"context"
	"strings"
	"testing"

	"heat-ls/analysis/check"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/source"
	"heat-ls/schema"
	"heat-ls/schema/schematest"
)

func runCheck(sch *schema.Schema, src string) (*hot.Document, []source.Diagnostic) {
	doc := hot.Parse([]byte(src))
	return doc, check.Run(context.Background(), doc, check.Options{Schema: sch})
}

// Each case: a template, the rule whose diagnostic the fix answers, the
// action's title; after applying it, check.Run no longer reports that
// rule at all and the text contains want.
func TestQuickFixesEndToEnd(t *testing.T) {
	sch := schematest.Load(t)
	tests := []struct {
		name, src, code, title, want string
	}{
		{"misspelt type", "heat_template_version: 2018-08-31\nresources:\n  s:\n    type: OS::Heat::Nne\n",
			"resource-type-unknown", "Replace with 'OS::Heat::None'", "type: OS::Heat::None"},
		{"undeclared parameter", "heat_template_version: 2018-08-31\ndescription: x\nresources:\n  s:\n    type: OS::Heat::None\n    properties:\n      a: {get_param: img}\n",
			"undefined-parameter", "Declare parameter 'img'", "description: x\nparameters:\n  img:\n    type: string\nresources:"},
		{"missing property", "heat_template_version: 2018-08-31\nresources:\n  p:\n    type: OS::Neutron::Port\n    properties:\n      name: x\n",
			"resource-property-missing", "Add required property network", "      name: x\n      network: \"\"\n"},
		{"Ref", "heat_template_version: 2016-04-08\nparameters:\n  p: {type: string}\nresources:\n  s:\n    type: OS::Heat::None\n    properties:\n      a: {Ref: p}\n",
			"removed-function", "Replace Ref with get_param", "a: {get_param: p}"},
		{"Fn::Join", "heat_template_version: 2018-08-31\nresources:\n  s:\n    type: OS::Heat::None\n    properties:\n      a: {\"Fn::Join\": [\",\", [x, y]]}\n",
			"removed-function", "Replace Fn::Join with list_join", "a: {list_join: [\",\", [x, y]]}"},
		{"Fn::Select", "heat_template_version: 2018-08-31\nresources:\n  n:\n    type: OS::Neutron::Net\n  s:\n    type: OS::Heat::None\n    properties:\n      a: {\"Fn::Select\": [0, {get_attr: [n, subnets]}]}\n",
			"removed-function", "Replace Fn::Select with a get_attr path", "a: {get_attr: [n, subnets, 0]}"},
		{"raise version", "heat_template_version: 2016-04-08\nresources:\n  s:\n    type: OS::Heat::None\n    properties:\n      a: {map_replace: [{a: b}, {keys: {a: c}}]}\n",
			"function-not-in-version", "Raise heat_template_version to 2016-10-14", "heat_template_version: 2016-10-14\n"},
	}
	for _, tc := range tests {
		doc, diags := runCheck(sch, tc.src)
		idx := -1
		for i, d := range diags {
			if d.Code == tc.code {
				idx = i
			}
		}
		if idx < 0 {
			t.Errorf("%s: check.Run reported no %s: %+v", tc.name, tc.code, diags)
			continue
		}
		var found *Action
		for _, a := range QuickFixes(doc, sch, diags) {
			if strings.Contains(a.Title, tc.title) && a.Diagnostic == idx {
				found = &a
			}
		}
		if found == nil {
			t.Errorf("%s: no %q action among %+v", tc.name, tc.title, QuickFixes(doc, sch, diags))
			continue
		}
		fixed := applyEdits(tc.src, found.Edits)
		if !strings.Contains(fixed, tc.want) {
			t.Errorf("%s: fixed text lacks %q:\n%s", tc.name, tc.want, fixed)
		}
		_, after := runCheck(sch, fixed)
		for _, d := range after {
			if d.Code == tc.code {
				t.Errorf("%s: %s still reported after the fix: %s\n%s", tc.name, tc.code, d.Message, fixed)
			}
		}
	}
}
