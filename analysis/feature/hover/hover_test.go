package hover

import (
	"strings"
	"testing"

	"heat-ls/analysis/hot"
	"heat-ls/analysis/source"
	"heat-ls/schema/schematest"
)

const hoverTemplate = `heat_template_version: 2018-08-31
parameters:
  key:
    type: string
    label: Key pair
    description: Which key to inject
    default: mykey
    constraints:
      - custom_constraint: nova.keypair
conditions:
  prod: {equals: [{get_param: key}, prod]}
resources:
  server:
    type: OS::Nova::Server
    properties:
      key_name: {get_param: key}
      flavor: m1.small
      image: cirros
      networks:
        - network: private
  port:
    type: OS::Neutron::Port
    condition: prod
    properties:
      network: {get_attr: [server, first_address]}
      device_id: {get_attr: [server, show]}
      name: {str_replace: {template: x, params: {x: {get_param: OS::stack_name}}}}
`

func TestHover(t *testing.T) {
	sch := schematest.Load(t)
	doc := hot.Parse([]byte(hoverTemplate))
	tests := []struct {
		probe string
		want  []string // substrings of the markdown text
		token string   // the hovered token's text
	}{
		{"heat_template_version: 2018|-08-31", []string{"HOT version", "rocky"}, "2018-08-31"},
		{"heat_template_ver|sion", []string{"template section"}, "heat_template_version"},
		{"key_name: {get_param: k|ey}", []string{"parameter", "`string`", "Key pair", "Which key to inject", "`mykey`", "*Constraints:*", "custom_constraint: nova.keypair"}, "key"},
		{"  k|ey:\n    type", []string{"parameter", "Which key to inject"}, "key"},
		{"key_name: {get_pa|ram: key}", []string{"intrinsic function", "Forms", "```yaml"}, "get_param"},
		{"get_param: OS::stack|_name", []string{"pseudo parameter"}, "OS::stack_name"},
		{"[ser|ver, first_address]", []string{"resource", "`OS::Nova::Server`"}, "server"},
		{"type: OS::Nova::Ser|ver", []string{"resource type", "Required properties", "flavor"}, "OS::Nova::Server"},
		{"    condition: pr|od", []string{"condition", "prod: {equals: [{get_param: key}, prod]}"}, "prod"},
		{"      fla|vor: m1.small", []string{"property of OS::Nova::Server", "Required", "yes", "updates in place"}, "flavor"},
		{"      ima|ge: cirros", []string{"property of OS::Nova::Server", "On update"}, "image"},
		{"- netw|ork: private", []string{"property of OS::Nova::Server", "`string`"}, "network"},
		{"[server, first_add|ress]", []string{"attribute of OS::Nova::Server"}, "first_address"},
		{"[server, sh|ow]", []string{"attribute of OS::Nova::Server", "one map"}, "show"},
		{"    lab|el: Key pair", []string{"parameter key"}, "label"},
		{"      - custom_con|straint", []string{"parameter constraint"}, "custom_constraint"},
	}
	for _, tc := range tests {
		off := at(t, hoverTemplate, tc.probe)
		h, ok := Hover(doc, sch, off, true)
		if !ok {
			t.Errorf("%q: no hover", tc.probe)
			continue
		}
		for _, w := range tc.want {
			if !strings.Contains(h.Text, w) {
				t.Errorf("%q: hover lacks %q:\n%s", tc.probe, w, h.Text)
			}
		}
		if text(hoverTemplate, h.Span) != tc.token {
			t.Errorf("%q: range covers %q, want %q", tc.probe, text(hoverTemplate, h.Span), tc.token)
		}
	}
}

func TestHoverPlainText(t *testing.T) {
	sch := schematest.Load(t)
	doc := hot.Parse([]byte(hoverTemplate))
	h, ok := Hover(doc, sch, at(t, hoverTemplate, "key_name: {get_pa|ram: key}"), false)
	if !ok || strings.Contains(h.Text, "```") || strings.Contains(h.Text, "**") || !strings.Contains(h.Text, "get_param") {
		t.Fatalf("plain text hover: %v %q", ok, h.Text)
	}
}

func TestHoverNothing(t *testing.T) {
	sch := schematest.Load(t)
	doc := hot.Parse([]byte(hoverTemplate))
	if h, ok := Hover(doc, sch, at(t, hoverTemplate, "image: cir|ros"), true); ok {
		t.Fatalf("hover on a plain value: %q", h.Text)
	}
}

// TestHoverBlockValues: a condition, output value or default written as a
// block collection is shown as it would be written, the key on its own
// line (not "name: and:").
func TestHoverBlockValues(t *testing.T) {
	const src = `heat_template_version: 2018-08-31
parameters:
  opts:
    type: json
    default:
      a: 1
      b: [x]
conditions:
  prod: {equals: [{get_param: opts}, {}]}
  big:
    and:
      - prod
      - not: prod
resources:
  r:
    type: OS::Heat::None
    condition: big
outputs:
  o:
    value:
      list_join:
        - ','
        - [a, b]
`
	sch := schematest.Load(t)
	doc := hot.Parse([]byte(src))
	tests := []struct{ probe, want string }{
		{"condition: b|ig", "```yaml\nbig:\n  and:\n    - prod\n    - not: prod\n```"},
		{"  o|:\n", "```yaml\nvalue:\n  list_join:\n    - ','\n    - [a, b]\n```"},
		{"{get_param: op|ts}", "```yaml\na: 1\nb: [x]\n```"},
		{"{equals: [{get_param: opts}, {}]}\n  b|ig", "```yaml\nbig:\n  and:"},
		{"  pr|od: {equals", "```yaml\nprod: {equals: [{get_param: opts}, {}]}\n```"},
	}
	for _, tc := range tests {
		h, ok := Hover(doc, sch, at(t, src, tc.probe), true)
		if !ok || !strings.Contains(h.Text, tc.want) {
			t.Errorf("%q: hover lacks %q:\n%s", tc.probe, tc.want, h.Text)
		}
	}
}

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

func text(src string, sp source.Span) string { return src[sp.Start:sp.End] }
