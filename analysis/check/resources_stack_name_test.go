package check

import (
	"strings"
	"testing"

	"heat-ls/analysis/rules"
	"heat-ls/analysis/source"
)

// TestNestedStackNames follows the oracle's verdicts on resource names
// that make a nested stack (cases resource-name-nested-stack-*).
func TestNestedStackNames(t *testing.T) {
	E, W := source.SeverityError, source.SeverityWarning
	code := rules.ResourceNameInvalid
	res := func(name, body string) string { return v16 + "resources:\n  " + name + ":\n" + body }
	tmpl := "    type: child.yaml\n"
	group := func(count string) string {
		return "    type: OS::Heat::ResourceGroup\n    properties:\n" + count + "      resource_def: {type: OS::Heat::None}\n"
	}
	none := []string{code}
	runEntryCases(t, []entryCase{
		{"space in a template resource", res(`"a b"`, tmpl), code, E, `"a b"`, nil},
		{"colon", res(`"a:b"`, tmpl), code, E, `"a:b"`, nil},
		{"plus", res(`"a+b"`, tmpl), code, E, `"a+b"`, nil},
		{"non-ASCII letter", res(`"é"`, tmpl), code, E, `"é"`, nil},
		{"carriage return", res(`"a\r"`, tmpl), code, E, `"a\r"`, nil},
		{"inner newline", res(`"a\nb"`, tmpl), code, E, `"a\nb"`, nil},
		{"two trailing newlines", res(`"a\n\n"`, tmpl), code, E, `"a\n\n"`, nil},
		{"too long for any parent", res(strings.Repeat("a", 254), tmpl), code, E, strings.Repeat("a", 254), nil},
		{"the longest any parent allows", res(strings.Repeat("a", 253), tmpl), "", E, "", none},
		{"one trailing newline", res(`"a\n"`, tmpl), "", E, "", none},
		{"dots dashes underscores digits", res("1-a_b.c", tmpl), "", E, "", none},
		{"leading dash", res("-a", tmpl), "", E, "", none},
		{"empty name", res(`""`, tmpl), "", E, "", none},
		// Heat refuses names that are no text before any stack is named
		// (resources/resources.go; cases resource-name-number, -null-anchor).
		{"a number: refused as no text", res("1:20", tmpl), code, E, "1:20", nil},
		{"null read as None: refused as no text", res("~", tmpl), code, E, "~", nil},
		{"no nested stack", res(`"a b"`, "    type: OS::Heat::None\n"), "", E, "", none},
		{"group of one by default", res(`"a b"`, group("")), code, E, `"a b"`, nil},
		{"group of two", res(`"a b"`, group("      count: 2\n")), code, E, `"a b"`, nil},
		{"group of none", res(`"a b"`, group("      count: 0\n")), "", E, "", none},
		{"group of none as text", res(`"a b"`, group("      count: \"0\"\n")), "", E, "", none},
		{"group size from a parameter", "parameters:\n  n: {type: number, default: 0}\n" + res(`"a b"`, group("      count: {get_param: n}\n")), "", E, "", none},
		{"group size from a parameter's default above zero", "parameters:\n  n: {type: number, default: 2}\n" + res(`"a b"`, group("      count: {get_param: n}\n")), code, E, `"a b"`, nil},
		{"group size from a text default", "parameters:\n  n: {type: string, default: \"1\"}\n" + res(`"a b"`, group("      count: {get_param: n}\n")), code, E, `"a b"`, nil},
		{"group size from a parameter without default", "parameters:\n  n: {type: number}\n" + res(`"a b"`, group("      count: {get_param: n}\n")), code, W, `"a b"`, nil},
		{"group size from get_attr (nothing while Heat validates)", res("v", "    type: OS::Heat::Value\n    properties: {value: 0}\n") + "  \"a b\":\n" + group("      count: {get_attr: [v, value]}\n"), code, E, `"a b"`, nil},
		{"group size null (the default 1)", res(`"a b"`, group("      count:\n")), code, E, `"a b"`, nil},
		{"group size from a decided if", "parameters:\n  b: {type: boolean, default: true}\nconditions:\n  c: {get_param: b}\n" + res(`"a b"`, group("      count: {if: [c, 2, 0]}\n")), code, E, `"a b"`, nil},
		{"group size from a decided if giving zero", "parameters:\n  b: {type: boolean, default: false}\nconditions:\n  c: {get_param: b}\n" + res(`"a b"`, group("      count: {if: [c, 2, 0]}\n")), "", E, "", none},
		{"group size from str_replace, worked out", res(`"a b"`, group("      count: {str_replace: {template: N, params: {N: 2}}}\n")), code, E, `"a b"`, nil},
		{"group size from yaql, worked out as Heat does", res(`"a b"`, group("      count: {yaql: {expression: '2'}}\n")), code, E, `"a b"`, nil},
		{"group size from a function heat-ls does not work out", res(`"a b"`, group("      count: {get_file: count.txt}\n")), code, W, `"a b"`, nil},
		{"autoscaling group of none", res(`"a b"`, "    type: OS::Heat::AutoScalingGroup\n    properties:\n      min_size: 0\n      max_size: 1\n      resource: {type: OS::Heat::None}\n"), code, E, `"a b"`, nil},
		{"chain", res(`"a b"`, "    type: OS::Heat::ResourceChain\n    properties:\n      resources: []\n"), code, E, `"a b"`, nil},
		{"deployment group with a server", res(`"a b"`, "    type: OS::Heat::SoftwareDeploymentGroup\n    properties:\n      config: x\n      servers: {s: abc}\n"), code, E, `"a b"`, nil},
		{"deployment group without servers", res(`"a b"`, "    type: OS::Heat::SoftwareDeploymentGroup\n    properties:\n      config: x\n      servers: {}\n"), "", E, "", none},
		{"external resource", res(`"a b"`, tmpl+"    external_id: abc\n"), "", E, "", none},
		{"condition false for every input", "conditions:\n  c: false\n" + res(`"a b"`, tmpl+"    condition: c\n"), "", E, "", none},
		{"condition that depends on input", "parameters:\n  p: {type: boolean}\nconditions:\n  c: {get_param: p}\n" + res(`"a b"`, tmpl+"    condition: c\n"), code, E, `"a b"`, nil},
		{"definition repeated by another resource", res("ok", tmpl) + "  \"a b\":\n" + tmpl + "    description: other\n", code, W, `"a b"`, nil},
		{"definition differing in metadata", res("ok", tmpl) + "  \"a b\":\n" + tmpl + "    metadata: {a: 1}\n", code, E, `"a b"`, nil},
	})
}
