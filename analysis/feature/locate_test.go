package feature

import (
	"strings"
	"testing"

	"heat-ls/analysis/hot"
	"heat-ls/schema"
)

const locateTemplate = `heat_template_version: 2018-08-31
description: test
parameter_groups:
  - label: g
    parameters:
      - image
      - "flavor"
parameters:
  image:
    type: string
    constraints:
      - length: {min: 1}
  flavor:
    type: string
conditions:
  is_prod: {equals: [{get_param: image}, prod]}
  not_prod: {not: is_prod}
  both: {and: [is_prod, not_prod]}
resources:
  net:
    type: OS::Neutron::Net
  server:
    type: OS::Nova::Server
    condition: is_prod
    depends_on: [net]
    deletion_policy: Retain
    properties:
      image: {get_param: [image, x]}
      flavor: {get_param: 'flavor'}
      networks:
        - network: {get_resource: net}
          port: x
      name: {if: [is_prod, a, b]}
  port:
    type: OS::Neutron::Port
    depends_on: server
    properties:
      network: {get_attr: [net, name]}
      fixed: {Ref: image}
outputs:
  out:
    value: {get_attr: [server, first_address]}
    condition: not_prod
`

// at finds the offset marked by "|" inside probe, probe being unique in src.
func at(t *testing.T, src, probe string) int {
	t.Helper()
	i := strings.Index(probe, "|")
	text := probe[:i] + probe[i+1:]
	j := strings.Index(src, text)
	if j < 0 || strings.Count(src, text) != 1 {
		t.Fatalf("probe %q not found once", text)
	}
	return j + i
}

func TestLocate(t *testing.T) {
	doc := hot.Parse([]byte(locateTemplate))
	tests := []struct {
		probe string
		kind  TargetKind
		name  string
		ns    Namespace
		ctx   schema.Context
		path  string
	}{
		{probe: "heat_template_version: 20|18", kind: TargetVersion, name: "2018-08-31"},
		{probe: "heat_templ|ate_version", kind: TargetKey, name: "heat_template_version", ctx: schema.ContextTopLevel},
		{probe: "      - im|age", kind: TargetReference, name: "image", ns: NamespaceParameter},
		{probe: `"fla|vor"`, kind: TargetReference, name: "flavor", ns: NamespaceParameter},
		{probe: "  - lab|el: g", kind: TargetKey, name: "label", ctx: schema.ContextParameterGroup},
		{probe: "  ima|ge:\n    type", kind: TargetDefinition, name: "image", ns: NamespaceParameter},
		{probe: "  image:\n    ty|pe", kind: TargetKey, name: "type", ctx: schema.ContextParameter},
		{probe: "  image:\n    type: str|ing", kind: TargetKey, name: "string", ctx: schema.ContextParameterType},
		{probe: "- len|gth", kind: TargetKey, name: "length", ctx: schema.ContextConstraint},
		{probe: "is_p|rod: {", kind: TargetDefinition, name: "is_prod", ns: NamespaceCondition},
		{probe: "{equ|als", kind: TargetFunction, name: "equals"},
		{probe: "{get_param: ima|ge}", kind: TargetReference, name: "image", ns: NamespaceParameter},
		{probe: "{not: is_|prod}", kind: TargetReference, name: "is_prod", ns: NamespaceCondition},
		{probe: "[is_prod, not_pr|od]", kind: TargetReference, name: "not_prod", ns: NamespaceCondition},
		{probe: "  ser|ver:\n", kind: TargetDefinition, name: "server", ns: NamespaceResource},
		{probe: "type: OS::Nova::Se|rver", kind: TargetResourceType, name: "OS::Nova::Server"},
		{probe: "    condi|tion: is_prod", kind: TargetKey, name: "condition", ctx: schema.ContextResource},
		{probe: "    condition: is_p|rod", kind: TargetReference, name: "is_prod", ns: NamespaceCondition},
		{probe: "depends_on: [n|et]", kind: TargetReference, name: "net", ns: NamespaceResource},
		{probe: "depends_on: ser|ver", kind: TargetReference, name: "server", ns: NamespaceResource},
		{probe: "deletion_policy: Ret|ain", kind: TargetKey, name: "Retain", ctx: schema.ContextDeletionPolicy},
		{probe: "      ima|ge: {get_param: [image", kind: TargetProperty, name: "image", path: "image"},
		{probe: "[im|age, x]", kind: TargetReference, name: "image", ns: NamespaceParameter},
		{probe: "[image, |x]", kind: TargetNone},
		{probe: "'fl|avor'", kind: TargetReference, name: "flavor", ns: NamespaceParameter},
		{probe: "- netw|ork: {get_resource", kind: TargetProperty, name: "network", path: "networks.*.network"},
		{probe: "    po|rt: x", kind: TargetProperty, name: "port", path: "networks.*.port"},
		{probe: "{get_resource: n|et}", kind: TargetReference, name: "net", ns: NamespaceResource},
		{probe: "{get_reso|urce", kind: TargetFunction, name: "get_resource"},
		{probe: "{if: [is_p|rod", kind: TargetReference, name: "is_prod", ns: NamespaceCondition},
		{probe: "{if: [is_prod, |a", kind: TargetNone},
		{probe: "{get_attr: [n|et, name]}", kind: TargetReference, name: "net", ns: NamespaceResource},
		{probe: "{get_attr: [net, na|me]}", kind: TargetAttribute, name: "name"},
		{probe: "{Ref: im|age}", kind: TargetReference, name: "image", ns: NamespaceParameter},
		{probe: "    condition: not_p|rod", kind: TargetReference, name: "not_prod", ns: NamespaceCondition},
		{probe: "  out:\n    val|ue", kind: TargetKey, name: "value", ctx: schema.ContextOutput},
		{probe: "description: te|st", kind: TargetNone},
	}
	for _, tc := range tests {
		off := at(t, locateTemplate, tc.probe)
		got := Locate(doc, off)
		if got.Kind != tc.kind {
			t.Errorf("%q: kind %v, want %v", tc.probe, got.Kind, tc.kind)
			continue
		}
		if tc.kind == TargetNone {
			continue
		}
		if got.Name != tc.name || got.Namespace != tc.ns || got.Context != tc.ctx || got.PropertyPath != tc.path {
			t.Errorf("%q: got name %q ns %v ctx %v path %q, want %q %v %v %q", tc.probe, got.Name, got.Namespace, got.Context, got.PropertyPath, tc.name, tc.ns, tc.ctx, tc.path)
		}
		if !got.Span.Contains(off) || locateTemplate[got.NameSpan.Start:got.NameSpan.End] != tc.name {
			t.Errorf("%q: span %v name span %v wrong", tc.probe, got.Span, got.NameSpan)
		}
	}
}

func TestLocateAttributeResource(t *testing.T) {
	doc := hot.Parse([]byte(locateTemplate))
	got := Locate(doc, at(t, locateTemplate, "[server, first_add|ress]"))
	if got.Kind != TargetAttribute || got.Resource == nil || got.Resource.Name != "server" {
		t.Fatalf("got %+v", got)
	}
}

func TestReferences(t *testing.T) {
	doc := hot.Parse([]byte(locateTemplate))
	tests := []struct {
		ns    Namespace
		name  string
		count int // including the definition
	}{
		// definition, group entry, condition get_param, [image, x], Ref
		{NamespaceParameter, "image", 5},
		{NamespaceParameter, "flavor", 3},
		// definition, depends_on, get_resource, get_attr
		{NamespaceResource, "net", 4},
		// definition, depends_on: server, get_attr
		{NamespaceResource, "server", 3},
		// definition, not, and, resource condition, if
		{NamespaceCondition, "is_prod", 5},
		{NamespaceCondition, "not_prod", 3},
		{NamespaceCondition, "missing", 0},
	}
	for _, tc := range tests {
		occ := Occurrences(doc, tc.ns, tc.name)
		if len(occ) != tc.count {
			t.Errorf("%v %s: %d occurrences, want %d: %+v", tc.ns, tc.name, len(occ), tc.count, occ)
			continue
		}
		defs := 0
		for i, o := range occ {
			if i > 0 && occ[i-1].Span.Start >= o.Span.Start {
				t.Errorf("%s: not in source order", tc.name)
			}
			if locateTemplate[o.NameSpan.Start:o.NameSpan.End] != tc.name {
				t.Errorf("%s: name span %v covers %q", tc.name, o.NameSpan, locateTemplate[o.NameSpan.Start:o.NameSpan.End])
			}
			if o.Definition {
				defs++
			}
		}
		if tc.count > 0 && defs != 1 {
			t.Errorf("%s: %d definitions", tc.name, defs)
		}
		if spans := References(doc, tc.ns, tc.name); len(spans) != tc.count {
			t.Errorf("References %s: %d", tc.name, len(spans))
		}
	}
}

// Every offset, past the end included, of templates whole and cut short.
func TestLocateNeverPanics(t *testing.T) {
	for cut := 0; cut <= len(locateTemplate); cut += 37 {
		src := locateTemplate[:cut]
		doc := hot.Parse([]byte(src))
		for off := -2; off <= len(src)+2; off++ {
			Locate(doc, off)
		}
	}
}

func TestConditionReferences(t *testing.T) {
	src := `heat_template_version: 2018-08-31
conditions:
  prod: {equals: [a, b]}
  alias: prod
  flag: yes
resources:
  r:
    type: OS::Heat::None
    condition: {not: prod}
    properties:
      a: {if: [{and: [prod, alias]}, x, y]}
      b: {not: prod}
  s:
    type: OS::Heat::None
    condition: "yes"
`
	doc := hot.Parse([]byte(src))
	tests := []struct {
		probe string
		kind  TargetKind
		name  string
	}{
		{"alias: pr|od", TargetReference, "prod"},
		{"flag: y|es", TargetNone, ""},
		{"condition: {not: pr|od}", TargetReference, "prod"},
		{"[{and: [pr|od", TargetReference, "prod"},
		{"b: {not: pr|od}", TargetNone, ""}, // outside a condition, Heat keeps it as data
		{`condition: "y|es"`, TargetReference, "yes"},
	}
	for _, tc := range tests {
		got := Locate(doc, at(t, src, tc.probe))
		if got.Kind != tc.kind || got.Name != tc.name && tc.kind != TargetNone {
			t.Errorf("%q: %v %q, want %v %q", tc.probe, got.Kind, got.Name, tc.kind, tc.name)
		}
	}
	// definition, alias body, resource condition, and item
	if occ := Occurrences(doc, NamespaceCondition, "prod"); len(occ) != 4 {
		t.Errorf("prod occurrences: %+v", occ)
	}
	if occ := Occurrences(doc, NamespaceCondition, "alias"); len(occ) != 2 {
		t.Errorf("alias occurrences: %+v", occ)
	}
}
