package hot

import (
	"strings"
	"testing"
)

func TestDetectKind(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want Kind
	}{
		{"template", "heat_template_version: 2018-08-31\nresources: {}\n", KindTemplate},
		{"template by alias", "heat_template_version: rocky\n", KindTemplate},
		{"environment", "parameters:\n  a: 1\nresource_registry:\n  My::T: t.yaml\n", KindEnvironment},
		{"environment with defaults only", "parameter_defaults:\n  a: 1\n", KindEnvironment},
		{"other yaml", "version: 3\nservices:\n  web: {}\n", KindOther},
		{"mixed env and other keys", "parameters: {}\nfoo: 1\n", KindOther},
		{"empty", "", KindOther},
		{"list", "- a\n- b\n", KindOther},
		{"cfn", "AWSTemplateFormatVersion: 2010-09-09\n", KindOther},
		{"template missing its version", "description: x\nresources:\n  r:\n    type: OS::Heat::None\n", KindTemplate},
		{"nested template missing its version", "resources:\n  r:\n    type: child.yaml\n", KindTemplate},
		{"other yaml with a resources key", "resources:\n  cpu: 2\n", KindOther},
		{"other yaml with resources and more", "kind: Pod\nresources:\n  r:\n    type: OS::Heat::None\n", KindOther},
		{"broken template", "heat_template_version: 2018-08-31\nresources:\n  a: [\n", KindTemplate},
		{"broken other", "foo: [\n", KindOther},
		{"broken env", "parameter_defaults:\n  a: {\n", KindEnvironment},
		{"broken template whose version line the recovery blanked", "# c\nheat_template_version: 2015-04-30\nresources: {}...\noutputs:\n  o:\n    value: 1\n", KindTemplate},
		// libyaml refuses the marked line (one column in); the fallback
		// reader keeps the mark in the key
		{"version key after a byte order mark", "# c\n\ufeffheat_template_version: 2016-10-14\nresources: {}\n", KindTemplate},
		{"environment section after a byte order mark", "parameters: {}\n\ufeffparameter_defaults: {}\n", KindEnvironment},
		{"other yaml with a byte order mark", "a: 1\n\ufeffb: 2\n", KindOther},
		{"version line indented with a tab", "\theat_template_version: 2016-10-14\nresources: {}\n", KindTemplate},
		{"other yaml indented with a tab", "\tparameters: {}\nfoo: [\n", KindOther},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Parse([]byte(tt.src)).Kind; got != tt.want {
				t.Errorf("Kind = %v, want %v", got, tt.want)
			}
		})
	}
}

const modelSample = `heat_template_version: 2018-08-31
description: sample
parameters:
  image:
    type: string
  count:
    type: number
    default: 2
parameter_groups:
- label: main
  parameters: [image, count]
conditions:
  big: {equals: [{get_param: count}, 3]}
resources:
  server:
    type: OS::Nova::Server
    depends_on: [port, vol]
    condition: big
    properties:
      image: {get_param: image}
      networks:
        - port: {get_resource: port}
      user_data:
        str_replace:
          template: "$x"
          params:
            $x: {get_attr: [port, fixed_ips, 0]}
  port:
    type: OS::Neutron::Port
    depends_on: vol
outputs:
  ip:
    value: {get_attr: [server, first_address]}
    condition: big
`

func TestTemplateModel(t *testing.T) {
	d := Parse([]byte(modelSample))
	if d.Kind != KindTemplate || d.Template == nil {
		t.Fatalf("not a template: kind %v", d.Kind)
	}
	tp := d.Template
	if tp.VersionText != "2018-08-31" {
		t.Errorf("VersionText = %q", tp.VersionText)
	}
	if got := names(len(tp.Parameters), func(i int) string { return tp.Parameters[i].Name }); got != "image,count" {
		t.Errorf("parameters = %s", got)
	}
	if tp.Parameter("count").Type != "number" {
		t.Errorf("count type = %q", tp.Parameter("count").Type)
	}
	if len(tp.ParameterGroups) != 1 || tp.ParameterGroups[0].Label != "main" || len(tp.ParameterGroups[0].Names) != 2 {
		t.Errorf("parameter groups = %+v", tp.ParameterGroups)
	}
	srv := tp.Resource("server")
	if srv == nil || srv.Type != "OS::Nova::Server" {
		t.Fatalf("server = %+v", srv)
	}
	if got := names(len(srv.DependsOn), func(i int) string { return srv.DependsOn[i].Value }); got != "port,vol" {
		t.Errorf("depends_on = %s", got)
	}
	if port := tp.Resource("port"); len(port.DependsOn) != 1 || port.DependsOn[0].Value != "vol" {
		t.Errorf("port depends_on = %+v", port.DependsOn)
	}
	if srv.ConditionRef == nil || srv.ConditionRef.Value != "big" {
		t.Errorf("server condition = %+v", srv.ConditionRef)
	}
	if tp.Condition("big") == nil || tp.Output("ip") == nil || tp.Output("ip").ConditionRef == nil {
		t.Errorf("condition/output missing")
	}
	// Calls in source order, with their context, owner and nesting.
	want := []struct{ name, owner string }{
		{"equals", "big"}, {"get_param", "big"},
		{"get_param", "server"}, {"get_resource", "server"}, {"str_replace", "server"}, {"get_attr", "server"},
		{"get_attr", "ip"},
	}
	if len(tp.Calls) != len(want) {
		t.Fatalf("got %d calls, want %d", len(tp.Calls), len(want))
	}
	for i, w := range want {
		c := tp.Calls[i]
		if c.Name != w.name || c.Owner == nil || c.Owner.Name != w.owner {
			t.Errorf("call %d = %s owned by %v, want %s in %s", i, c.Name, c.Owner, w.name, w.owner)
		}
	}
	if tp.Calls[1].Parent != tp.Calls[0] || tp.Calls[0].Context != InCondition {
		t.Errorf("nested get_param should have parent equals in condition context")
	}
	if tp.Calls[5].Parent != tp.Calls[4] || tp.Calls[5].Context != InResource {
		t.Errorf("get_attr inside str_replace should have it as parent")
	}
	if tp.Calls[6].Context != InOutput {
		t.Errorf("output call context = %v", tp.Calls[6].Context)
	}
	// Spans point at the source text.
	c := tp.Calls[3]
	if got := string(d.Src[c.Args.Span().Start:c.Args.Span().End]); got != "port" {
		t.Errorf("get_resource args span = %q", got)
	}
	if got := string(d.Src[srv.Key.Span().Start:srv.Key.Span().End]); got != "server" {
		t.Errorf("server key span = %q", got)
	}
}

func TestNotCalls(t *testing.T) {
	src := `heat_template_version: 2018-08-31
description: {get_param: x}
parameters:
  p:
    type: string
    default: {get_param: y}
resources:
  r:
    type: OS::Heat::Value
    properties:
      value: {get_param: a, extra: 1}
      other: {get_parm: b}
`
	tp := Parse([]byte(src)).Template
	// Only the parameter default's get_param is a call (context InParameter);
	// the description is never resolved; two-key and misspelt maps are data.
	if len(tp.Calls) != 1 || tp.Calls[0].Context != InParameter {
		t.Fatalf("calls = %d (%v)", len(tp.Calls), tp.Calls)
	}
}

func TestAliasCycleIsHarmless(t *testing.T) {
	src := "heat_template_version: 2018-08-31\nresources:\n  a: &x\n    type: OS::Heat::Value\n    properties:\n      value: [*x]\n"
	d := Parse([]byte(src))
	if d.Template == nil || d.Template.Resource("a") == nil {
		t.Fatalf("model not built")
	}
}

func TestEnvironmentModel(t *testing.T) {
	src := `parameters:
  key_name: heat_key
parameter_defaults:
  flavor: m1.small
resource_registry:
  My::Server: server.yaml
  "OS::Foo::*": foo.yaml
  resources:
    my_server:
      OS::Nova::Server: other.yaml
      hooks: pre-create
encrypted_param_names: [key_name]
`
	d := Parse([]byte(src))
	if d.Kind != KindEnvironment || d.Env == nil {
		t.Fatalf("not an environment")
	}
	e := d.Env
	if len(e.Parameters) != 1 || e.Parameters[0].Name != "key_name" {
		t.Errorf("parameters = %+v", e.Parameters)
	}
	if len(e.ParameterDefaults) != 1 || e.ParameterDefaults[0].Name != "flavor" {
		t.Errorf("parameter_defaults = %+v", e.ParameterDefaults)
	}
	if len(e.Registry) != 2 || e.Registry[1].Name != "OS::Foo::*" || e.Registry[0].Target.Value != "server.yaml" {
		t.Errorf("registry = %+v", e.Registry)
	}
	if len(e.ResourceOverrides) != 1 || e.ResourceOverrides[0].Resource != "my_server" || len(e.ResourceOverrides[0].Entries) != 2 {
		t.Errorf("overrides = %+v", e.ResourceOverrides)
	}
	if len(e.EncryptedParamNames) != 1 {
		t.Errorf("encrypted = %+v", e.EncryptedParamNames)
	}
}

func TestVersionTextStaysText(t *testing.T) {
	for _, src := range []string{"heat_template_version: 2016-10-14\n", "heat_template_version: '2016-10-14'\n"} {
		if got := Parse([]byte(src)).Template.VersionText; got != "2016-10-14" {
			t.Errorf("%q: VersionText = %q", src, got)
		}
	}
	if got := Parse([]byte("heat_template_version:\n")).Template.VersionText; got != "" {
		t.Errorf("empty version = %q", got)
	}
}

func names(n int, at func(int) string) string {
	var out []string
	for i := 0; i < n; i++ {
		out = append(out, at(i))
	}
	return strings.Join(out, ",")
}
