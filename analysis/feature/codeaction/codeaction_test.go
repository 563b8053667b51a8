package codeaction

import (
	"strings"
	"testing"

	"heat-ls/analysis/feature"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/source"
	"heat-ls/schema/schematest"
)

// span returns the span of the text marked [[...]] in src, and src without
// the marks.
func marked(t *testing.T, src string) (string, source.Span) {
	t.Helper()
	i := strings.Index(src, "[[")
	j := strings.Index(src, "]]")
	if i < 0 || j < i {
		t.Fatalf("no [[...]] in %q", src)
	}
	clean := src[:i] + src[i+2:j] + src[j+2:]
	return clean, source.Span{Start: i, End: j - 2}
}

// quickFixCase is one diagnostic and the fix expected for it.
type quickFixCase struct {
	name  string
	src   string // [[...]] marks the diagnostic span
	diag  source.Diagnostic
	title string // "" when no action is expected
	want  string // the whole text after the fix
}

// TestQuickFixes checks the replacement a diagnostic suggests, and the
// declaration of an undefined parameter in each shape of parameters section.
func TestQuickFixes(t *testing.T) {
	runQuickFixes(t, []quickFixCase{
		{
			name:  "suggestion",
			src:   "heat_template_version: 2018-08-31\nresources:\n  s:\n    type: [[OS::Nova::Servr]]\n",
			diag:  source.Diagnostic{Code: "resource-type-unknown", Suggestions: []string{"OS::Nova::Server"}},
			title: "Replace with 'OS::Nova::Server'",
			want:  "heat_template_version: 2018-08-31\nresources:\n  s:\n    type: OS::Nova::Server\n",
		},
		{
			name:  "declare into existing block section",
			src:   "heat_template_version: 2018-08-31\nparameters:\n    a:\n        type: string\nresources:\n    s:\n        type: OS::Heat::None\n        properties: {x: {get_param: [[img]]}}\n",
			diag:  source.Diagnostic{Code: "undefined-parameter", Data: map[string]string{"kind": "parameter", "guessedType": "json"}},
			title: "Declare parameter 'img' (json)",
			want:  "heat_template_version: 2018-08-31\nparameters:\n    a:\n        type: string\n    img:\n        type: json\nresources:\n    s:\n        type: OS::Heat::None\n        properties: {x: {get_param: img}}\n",
		},
		{
			name:  "declare creates the section after description",
			src:   "heat_template_version: 2018-08-31\ndescription: >\n  long\nresources:\n  s:\n    type: OS::Heat::None\n    properties: {x: {get_param: [[img]]}}\n",
			diag:  source.Diagnostic{Code: "undefined-parameter"},
			title: "Declare parameter 'img' (string)",
			want:  "heat_template_version: 2018-08-31\ndescription: >\n  long\nparameters:\n  img:\n    type: string\nresources:\n  s:\n    type: OS::Heat::None\n    properties: {x: {get_param: img}}\n",
		},
		{
			name:  "declare into an empty section",
			src:   "heat_template_version: 2018-08-31\nparameters:\nresources:\n  s:\n    type: OS::Heat::None\n    properties: {x: {get_param: [[img]]}}\n",
			diag:  source.Diagnostic{Code: "undefined-parameter", Data: map[string]string{"guessedType": "number"}},
			title: "Declare parameter 'img' (number)",
			want:  "heat_template_version: 2018-08-31\nparameters:\n  img:\n    type: number\nresources:\n  s:\n    type: OS::Heat::None\n    properties: {x: {get_param: img}}\n",
		},
		{
			name:  "declare into a flow section",
			src:   "heat_template_version: 2018-08-31\nparameters: {a: {type: string}}\nresources:\n  s:\n    type: OS::Heat::None\n    properties: {x: {get_param: [[img]]}}\n",
			diag:  source.Diagnostic{Code: "undefined-parameter"},
			title: "Declare parameter 'img' (string)",
			want:  "heat_template_version: 2018-08-31\nparameters: {a: {type: string}, img: {type: string}}\nresources:\n  s:\n    type: OS::Heat::None\n    properties: {x: {get_param: img}}\n",
		},
	})
}

// TestQuickFixesAddProperty checks the required properties a resource lacks,
// added to block or flow properties or to a new properties section.
func TestQuickFixesAddProperty(t *testing.T) {
	runQuickFixes(t, []quickFixCase{
		{
			name:  "add missing properties to block properties",
			src:   "heat_template_version: 2018-08-31\nresources:\n  s:\n    type: [[OS::Nova::Server]]\n    properties:\n      image: cirros\n",
			diag:  source.Diagnostic{Code: "resource-property-missing", Data: map[string]string{"missing": "flavor"}},
			title: "Add required property flavor",
			want:  "heat_template_version: 2018-08-31\nresources:\n  s:\n    type: OS::Nova::Server\n    properties:\n      image: cirros\n      flavor: \"\"\n",
		},
		{
			name:  "add missing properties creating properties",
			src:   "heat_template_version: 2018-08-31\nresources:\n  p:\n    type: [[OS::Neutron::Port]]\n    depends_on: []\n",
			diag:  source.Diagnostic{Code: "resource-property-missing", Data: map[string]string{"missing": "network"}},
			title: "Add required property network",
			want:  "heat_template_version: 2018-08-31\nresources:\n  p:\n    type: OS::Neutron::Port\n    depends_on: []\n    properties:\n      network: \"\"\n",
		},
		{
			name:  "add missing properties to flow resource",
			src:   "heat_template_version: 2018-08-31\nresources:\n  g:\n    type: [[OS::Heat::ResourceGroup]]\n    properties: {}\n",
			diag:  source.Diagnostic{Code: "resource-property-missing", Data: map[string]string{"missing": "resource_def,a.b"}},
			title: "Add required property resource_def",
			want:  "heat_template_version: 2018-08-31\nresources:\n  g:\n    type: OS::Heat::ResourceGroup\n    properties: {resource_def: {}}\n",
		},
	})
}

// TestQuickFixesRemovedFunction checks removed CFN-style functions replaced
// by their HOT form where the rewrite is mechanical.
func TestQuickFixesRemovedFunction(t *testing.T) {
	runQuickFixes(t, []quickFixCase{
		{
			name:  "Ref to a resource",
			src:   "heat_template_version: 2015-04-30\nresources:\n  a:\n    type: OS::Heat::None\n  b:\n    type: OS::Heat::None\n    properties: {x: {[[Ref]]: a}}\n",
			diag:  source.Diagnostic{Code: "removed-function"},
			title: "Replace Ref with get_resource",
			want:  "heat_template_version: 2015-04-30\nresources:\n  a:\n    type: OS::Heat::None\n  b:\n    type: OS::Heat::None\n    properties: {x: {get_resource: a}}\n",
		},
		{
			name:  "Ref to a parameter",
			src:   "heat_template_version: 2015-04-30\nparameters:\n  p: {type: string}\nresources:\n  b:\n    type: OS::Heat::None\n    properties: {x: {[[Ref]]: p}}\n",
			diag:  source.Diagnostic{Code: "removed-function"},
			title: "Replace Ref with get_param",
			want:  "heat_template_version: 2015-04-30\nparameters:\n  p: {type: string}\nresources:\n  b:\n    type: OS::Heat::None\n    properties: {x: {get_param: p}}\n",
		},
		{
			name: "Ref to nothing",
			src:  "heat_template_version: 2015-04-30\nresources:\n  b:\n    type: OS::Heat::None\n    properties: {x: {[[Ref]]: zz}}\n",
			diag: source.Diagnostic{Code: "removed-function"},
		},
		{
			name:  "Fn::Join",
			src:   "heat_template_version: 2015-04-30\nresources:\n  b:\n    type: OS::Heat::None\n    properties:\n      x:\n        [[Fn::Join]]: [',', [a, b]]\n",
			diag:  source.Diagnostic{Code: "removed-function"},
			title: "Replace Fn::Join with list_join",
			want:  "heat_template_version: 2015-04-30\nresources:\n  b:\n    type: OS::Heat::None\n    properties:\n      x:\n        list_join: [',', [a, b]]\n",
		},
		{
			name:  "Fn::Select over get_attr",
			src:   "heat_template_version: 2015-04-30\nresources:\n  b:\n    type: OS::Heat::None\n    properties:\n      x: {[[\"Fn::Select\"]]: [0, {get_attr: [b, show, addresses]}]}\n",
			diag:  source.Diagnostic{Code: "removed-function"},
			title: "Replace Fn::Select with a get_attr path",
			want:  "heat_template_version: 2015-04-30\nresources:\n  b:\n    type: OS::Heat::None\n    properties:\n      x: {get_attr: [b, show, addresses, 0]}\n",
		},
		{
			name:  "Fn::Select over get_param scalar",
			src:   "heat_template_version: 2015-04-30\nparameters:\n  l: {type: comma_delimited_list}\nresources:\n  b:\n    type: OS::Heat::None\n    properties:\n      x:\n        [[Fn::Select]]: [1, {get_param: l}]\n",
			diag:  source.Diagnostic{Code: "removed-function"},
			title: "Replace Fn::Select with a get_param path",
			want:  "heat_template_version: 2015-04-30\nparameters:\n  l: {type: comma_delimited_list}\nresources:\n  b:\n    type: OS::Heat::None\n    properties:\n      x:\n        {get_param: [l, 1]}\n",
		},
		{
			name: "Fn::Select of a literal list is not mechanical",
			src:  "heat_template_version: 2015-04-30\nresources:\n  b:\n    type: OS::Heat::None\n    properties:\n      x: {\"[[Fn::Select]]\": [0, [a, b]]}\n",
			diag: source.Diagnostic{Code: "removed-function"},
		},
	})
}

// TestQuickFixesRaiseVersion checks a function newer than
// heat_template_version offered by raising the version, never lowering it.
func TestQuickFixesRaiseVersion(t *testing.T) {
	runQuickFixes(t, []quickFixCase{
		{
			name:  "raise version",
			src:   "heat_template_version: 2015-04-30\nresources:\n  b:\n    type: OS::Heat::None\n    properties:\n      x: {[[map_merge]]: [{}, {}]}\n",
			diag:  source.Diagnostic{Code: "function-not-in-version", Data: map[string]string{"minVersion": "2016-10-14", "function": "map_merge"}},
			title: "Raise heat_template_version to 2016-10-14",
			want:  "heat_template_version: 2016-10-14\nresources:\n  b:\n    type: OS::Heat::None\n    properties:\n      x: {map_merge: [{}, {}]}\n",
		},
		{
			name: "no lowering of the version",
			src:  "heat_template_version: 2018-08-31\nresources:\n  b:\n    type: OS::Heat::None\n    properties:\n      x: {[[map_merge]]: [{}, {}]}\n",
			diag: source.Diagnostic{Code: "function-not-in-version", Data: map[string]string{"minVersion": "2016-10-14"}},
		},
	})
}

// runQuickFixes asks for the fixes of each case's diagnostic and checks the
// text the expected one leaves, which must still be YAML.
func runQuickFixes(t *testing.T, tests []quickFixCase) {
	t.Helper()
	sch := schematest.Load(t)
	for _, tc := range tests {
		src, sp := marked(t, tc.src)
		doc := hot.Parse([]byte(src))
		tc.diag.Span = sp
		actions := QuickFixes(doc, sch, []source.Diagnostic{tc.diag})
		if tc.title == "" {
			if len(actions) != 0 {
				t.Errorf("%s: unexpected actions %+v", tc.name, actions)
			}
			continue
		}
		var found *Action
		for i := range actions {
			if actions[i].Title == tc.title {
				found = &actions[i]
			}
		}
		if found == nil {
			t.Errorf("%s: no action %q among %+v", tc.name, tc.title, actions)
			continue
		}
		got := applyEdits(src, found.Edits)
		if got != tc.want {
			t.Errorf("%s: got\n%s\nwant\n%s", tc.name, got, tc.want)
		}
		if hot.Parse([]byte(got)).Syntax.Broken {
			t.Errorf("%s: result is not YAML", tc.name)
		}
	}
}

func TestQuickFixesIgnoreBadSpans(t *testing.T) {
	doc := hot.Parse([]byte("heat_template_version: 2018-08-31\n"))
	ds := []source.Diagnostic{
		{Span: source.Span{Start: 5, End: 500}, Suggestions: []string{"x"}},
		{Span: source.Span{Start: -1, End: 2}, Code: "removed-function"},
		{Span: source.Span{Start: 0, End: 3}, Code: "undefined-parameter"},
	}
	if got := QuickFixes(doc, nil, ds); len(got) != 0 {
		t.Fatalf("%+v", got)
	}
}

// applyEdits applies edits, sorted by offset and not overlapping, to src.
func applyEdits(src string, edits []feature.Edit) string {
	out := src
	for i := len(edits) - 1; i >= 0; i-- {
		e := edits[i]
		out = out[:e.Span.Start] + e.NewText + out[e.Span.End:]
	}
	return out
}
