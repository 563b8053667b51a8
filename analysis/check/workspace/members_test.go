package workspace

import (
	"heat-ls/analysis/eval"
	"testing"

	"heat-ls/analysis/check/pass"
	"heat-ls/analysis/hot"
)

const v16 = "heat_template_version: 2016-10-14\n"

// passOf parses src and returns a Pass over it with its last resource.
func passOf(t *testing.T, src string) (*pass.Pass, *hot.Resource) {
	t.Helper()
	doc := hot.Parse([]byte(src))
	if doc.Template == nil || len(doc.Template.Resources) == 0 {
		t.Fatalf("no resource in %q", src)
	}
	rs := doc.Template.Resources
	return &pass.Pass{Doc: doc, T: doc.Template}, rs[len(rs)-1]
}

// TestLookupMembers: which members of a group the nested lookups are
// judged for, one by one.
func TestLookupMembers(t *testing.T) {
	rg := func(props string) string {
		return v16 + "resources:\n  g:\n    type: OS::Heat::ResourceGroup\n    properties:\n" + props
	}
	def := func(t *testing.T, src string, inner bool) (*pass.Pass, pass.Definition) {
		p, r := passOf(t, src)
		ds := pass.ResourceDefinitions(r)
		if inner {
			return p, ds[len(ds)-1]
		}
		return p, ds[0]
	}
	for _, tc := range []struct {
		name, src string
		inner     bool
		members   int
		indexVar  string
		ok        bool
	}{
		{"a template resource", v16 + "resources:\n  r: {type: child.yaml, properties: {i: 1}}\n", false, 1, "", true},
		{"group naming its index", rg("      count: 4\n      resource_def: {type: child.yaml, properties: {i: \"%index%\"}}\n"), true, 4, "%index%", true},
		{"custom index variable", rg("      count: 4\n      index_var: \"%i%\"\n      resource_def: {type: child.yaml, properties: {i: \"%i%\"}}\n"), true, 4, "%i%", true},
		{"members alike", rg("      count: 4\n      resource_def: {type: child.yaml, properties: {i: 1}}\n"), true, 1, "%index%", true},
		{"bounded", rg("      count: 1000\n      resource_def: {type: child.yaml, properties: {i: \"%index%\"}}\n"), true, maxJudgedMembers, "%index%", true},
		{"removal policies rename members", rg("      count: 4\n      removal_policies: [{resource_list: [\"0\"]}]\n      resource_def: {type: child.yaml, properties: {i: \"%index%\"}}\n"), true, 1, "%index%", true},
		{"size zero", rg("      count: 0\n      resource_def: {type: child.yaml, properties: {i: \"%index%\"}}\n"), true, 0, "", false},
		{"autoscaling group", v16 + "resources:\n  g:\n    type: OS::Heat::AutoScalingGroup\n    properties:\n      min_size: 2\n      max_size: 3\n      resource: {type: child.yaml, properties: {i: 1}}\n", true, 1, "", true},
		{"autoscaling group of none", v16 + "resources:\n  g:\n    type: OS::Heat::AutoScalingGroup\n    properties:\n      min_size: 0\n      max_size: 3\n      resource: {type: child.yaml, properties: {i: 1}}\n", true, 0, "", false},
		{"chain (the oracle cannot build it)", v16 + "resources:\n  g:\n    type: OS::Heat::ResourceChain\n    properties:\n      resources: [child.yaml]\n      resource_properties: {i: 1}\n", true, 0, "", false},
	} {
		p, d := def(t, tc.src, tc.inner)
		m, v, ok := lookupMembers(p, d)
		if m != tc.members || v != tc.indexVar || ok != tc.ok {
			t.Errorf("%s: lookupMembers = %d, %q, %v; want %d, %q, %v", tc.name, m, v, ok, tc.members, tc.indexVar, tc.ok)
		}
	}
}

// TestHandedIndexOf: the index a parent hands a nested number or text
// parameter: a literal, or the default of its own number or text
// parameter handed on whole, with the member's name in place of the index
// variable, converted to the nested parameter's type.
func TestHandedIndexOf(t *testing.T) {
	src := v16 + "parameters:\n  n: {type: number, default: 3}\n  s: {type: string, default: '5'}\n  l: {type: comma_delimited_list, default: '1'}\n  z: {type: number}\n  b: {type: string, default: yes}\nresources: {}\n"
	doc := hot.Parse([]byte(src))
	p := &pass.Pass{Doc: doc, T: doc.Template}
	for _, tc := range []struct {
		src, typ string
		want     string // eval.PyRepr of the value; "" when not known
	}{
		{"{get_param: n}", "number", "3"},
		{"{get_param: n}", "string", "'3'"},
		{"{get_param: s}", "number", "5"},
		{"{get_param: l}", "number", ""},
		{"{get_param: z}", "number", ""},
		{"{get_param: missing}", "number", ""},
		{"{get_param: b}", "string", ""},
		{"'%index%'", "number", "2"},
		{"'x%index%'", "string", "'x2'"},
		{"'x%index%'", "number", ""},
		{"1.5", "string", "'1.5'"},
		{"1.5", "number", "1.5"},
		{"yes", "string", ""},
		{"[1]", "number", ""},
	} {
		v, ok := handedIndexOf(p, yamlValue(t, tc.src), tc.typ, "%index%", "2")
		got := ""
		if ok {
			got = eval.PyRepr(v)
		}
		if got != tc.want {
			t.Errorf("handedIndexOf(%s, %s) = %q, want %q", tc.src, tc.typ, got, tc.want)
		}
	}
}

// TestLiteralGroupMember: inside a nested template only a size that no
// parameter value can change counts (cases resource-name-nested-stack-deep-*).
func TestLiteralGroupMember(t *testing.T) {
	for _, tc := range []struct {
		count string
		want  bool
	}{
		{"", true},
		{"      count:\n", true},
		{"      count: 2\n", true},
		{"      count: 0\n", false},
		{"      count: {get_param: n}\n", false},
		{"      count: [1]\n", false},
	} {
		_, r := passOf(t, v16+"parameters:\n  n: {type: number, default: 2}\nresources:\n  g:\n    type: OS::Heat::ResourceGroup\n    properties:\n"+tc.count+"      resource_def: {type: child.yaml}\n")
		if got := literalGroupMember(r); got != tc.want {
			t.Errorf("literalGroupMember(%q) = %v, want %v", tc.count, got, tc.want)
		}
	}
}

// TestLiteralAutoscalingMember: the same for an autoscaling group, whose
// size is desired_capacity, or min_size when that is absent or 0.
func TestLiteralAutoscalingMember(t *testing.T) {
	for _, tc := range []struct {
		sizes string
		want  bool
	}{
		{"      min_size: 1\n", true},
		{"      min_size: 0\n", false},
		{"      min_size: 0\n      desired_capacity: 2\n", true},
		{"      min_size: 1\n      desired_capacity: 0\n", true},
		{"      min_size: 1\n      desired_capacity: {get_param: n}\n", false},
		{"      min_size: {get_param: n}\n", false},
		{"", false},
	} {
		_, r := passOf(t, v16+"parameters:\n  n: {type: number, default: 2}\nresources:\n  g:\n    type: OS::Heat::AutoScalingGroup\n    properties:\n"+tc.sizes+"      max_size: 3\n      resource: {type: child.yaml}\n")
		if got := literalAutoscalingMember(r); got != tc.want {
			t.Errorf("literalAutoscalingMember(%q) = %v, want %v", tc.sizes, got, tc.want)
		}
	}
}
