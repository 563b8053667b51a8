package completion

import (
	"regexp"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"heat-ls/analysis/hot"
)

// snippetPlaceholders matches "${1:text}", "${1|a,b|}" and "$0" so that an
// accepted snippet can be turned into the text a user would see.
var snippetPlaceholders = regexp.MustCompile(`\$\{\d+:([^}]*)\}|\$\{\d+\|([^,|]*)[^}]*\|\}|\$\d+`)

func expandSnippet(s string) string {
	return snippetPlaceholders.ReplaceAllStringFunc(s, func(m string) string {
		sub := snippetPlaceholders.FindStringSubmatch(m)
		return sub[1] + sub[2]
	})
}

// TestFunctionCompletionKeepsYAMLValid accepts every function item at
// value and flow slots and checks the result still parses: block-style
// argument snippets (str_replace, repeat, make_url, yaql, map_replace)
// must turn into flow collections there.
func TestFunctionCompletionKeepsYAMLValid(t *testing.T) {
	s := completionSchema(t)
	const head = "heat_template_version: 2021-04-16\nresources:\n  s:\n    type: OS::Nova::Server\n    properties:\n"
	tests := []struct{ name, line string }{
		{"after key", "      name: ⸢"},
		{"flow mapping key", "      name: {get_⸢}"},
		{"flow sequence item", "      networks: [get_⸢]"},
		{"block key", "      name:\n        get_⸢"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := head + tt.line + "\n"
			cursor := strings.Index(src, "⸢")
			src = strings.Replace(src, "⸢", "", 1)
			doc := hot.Parse([]byte(src))
			items := Complete(Request{Doc: doc, LastGood: doc, Offset: cursor, Schema: s, Snippets: true})
			seen := 0
			for _, it := range items {
				if it.Kind != CompleteFunction {
					continue
				}
				seen++
				insert := expandSnippet(it.Insert)
				// Clients indent the lines after the first like the cursor line.
				indent := src[strings.LastIndex(src[:cursor], "\n")+1:]
				indent = indent[:len(indent)-len(strings.TrimLeft(indent, " "))]
				insert = strings.ReplaceAll(insert, "\n", "\n"+indent)
				out := src[:it.Edit.Start] + insert + src[it.Edit.End:]
				var v any
				if err := yaml.Unmarshal([]byte(out), &v); err != nil {
					t.Errorf("accepting %s gives invalid YAML (%v):\n%s", it.Label, err, out)
				}
			}
			if seen < 10 {
				t.Fatalf("only %d function items offered", seen)
			}
		})
	}
}

func TestFlowSnippet(t *testing.T) {
	tests := map[string]string{
		"${1:parameter}": "${1:parameter}",
		"\n  template: ${1:text}\n  params:\n    ${2:key}: ${3:value}":            "{template: ${1:text}, params: {${2:key}: ${3:value}}}",
		"\n  - ${1:map}\n  - keys:\n      ${2:old}: ${3:new}":                     "[${1:map}, {keys: {${2:old}: ${3:new}}}]",
		"\n  for_each:\n    ${1:<%var%>}: ${2:list}\n  template:\n    ${3:value}": "{for_each: {${1:<%var%>}: ${2:list}}, template: ${3:value}}",
	}
	for in, want := range tests {
		if got := flowSnippet(in); got != want {
			t.Errorf("flowSnippet(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestNoCompletionRightAfterKeyColon: with the cursor just after "key:",
// items would replace the finished key (and leave its block value under a
// function name); nothing is offered until the space. Nor inside text,
// where an item would split or replace it.
func TestNoCompletionRightAfterKeyColon(t *testing.T) {
	s := completionSchema(t)
	tests := []struct {
		src  string
		want bool // some items expected
	}{
		{"heat_template_version: 2018-08-31\nresources:\n  s:\n    type: OS::Neutron::Subnet\n    properties:\n      allocation_pools:⸢\n        - start: a\n", false},
		{"heat_template_version: 2018-08-31\nresources:\n  s:\n    type: OS::Neutron::Subnet\n    properties:\n      allocation_pools: ⸢\n", true},
		{"heat_template_version: 2018-08-31\nresources:\n  s:\n    type: OS::Nova::⸢\n", true},
		{"heat_template_version: 2018-08-31\nresources:\n  s:\n    type: OS::Neutron::Subnet\n    properties:\n      allo⸢\n", true},
		// Inside text: after a block scalar header, on a blank line of a
		// block scalar, after the first word of a plain scalar.
		{"heat_template_version: 2018-08-31\nresources:\n  c:\n    type: OS::Heat::SoftwareConfig\n    properties:\n      config: |⸢\n        echo\n", false},
		{"heat_template_version: 2018-08-31\nresources:\n  c:\n    type: OS::Heat::SoftwareConfig\n    properties:\n      config: |\n        echo\n⸢\n        echo\n", false},
		{"heat_template_version: 2018-08-31\nresources:\n  c:\n    type: OS::Heat::SoftwareConfig\n    properties:\n      config: |\n        echo\n\n    ⸢\n", true},
		{"heat_template_version: 2018-08-31\nresources:\n  c:\n    type: OS::Heat::SoftwareConfig\n    properties:\n      config: Scale up if ⸢\n", false},
		{"heat_template_version: 2018-08-31\nresources:\n  c:\n    type: OS::Heat::SoftwareConfig\n    properties:\n      group: \"⸢\n", true},
	}
	for _, tt := range tests {
		cursor := strings.Index(tt.src, "⸢")
		src := strings.Replace(tt.src, "⸢", "", 1)
		doc := hot.Parse([]byte(src))
		items := Complete(Request{Doc: doc, LastGood: doc, Offset: cursor, Schema: s, Snippets: true})
		if (len(items) > 0) != tt.want {
			t.Errorf("%q: %d items, want some: %v", tt.src, len(items), tt.want)
		}
	}
}
