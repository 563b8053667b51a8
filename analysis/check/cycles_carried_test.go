package check

import (
	"context"
	"strings"
	"testing"

	"heat-ls/analysis/hot"
	"heat-ls/analysis/rules"
)

// TestDependencyLoopFollowsSplices types edits into one resource at a
// time that make and break dependency loops (get_resource, get_attr,
// depends_on, a condition false for every input, an external_id), each
// version a splice of the one before, whose carried dependency graph
// must agree with a full run: the loop reported when, and only when,
// the edit makes one.
func TestDependencyLoopFollowsSplices(t *testing.T) {
	sc := testSchema(t)
	src := `heat_template_version: 2021-04-16
conditions:
  never: false
resources:
  a:
    type: OS::Heat::Value
    properties:
      value: {get_resource: b}
  b:
    type: OS::Heat::Value
    properties:
      value: one
  c:
    type: OS::Heat::Value
    properties:
      value: {get_attr: [a, value]}
  d:
    type: OS::Heat::Value
    properties:
      value: four
outputs:
  o:
    value: {get_resource: d}
`
	steps := []struct {
		name, old, new string
		loop           bool
	}{
		{"b names c", "value: one", "value: {get_resource: c}", true},
		{"b names c no more", "value: {get_resource: c}", "value: oneX", false},
		{"b depends on a", "value: oneX", "value: one\n    depends_on: a", true},
		{"b left out", "    depends_on: a", "    depends_on: a\n    condition: never", false},
		{"b back in", "    condition: never", "    condition: true", true},
		{"b adopted", "    condition: true", "    external_id: some-id", true},
		{"d in its own loop", "value: four", "value: {get_attr: [d, value]}", true},
		{"b free", "    depends_on: a\n    external_id: some-id", "", true},
		{"d free", "value: {get_attr: [d, value]}", "value: four", false},
		{"c through a typed name", "value: {get_attr: [a, value]}", "value: {get_attr: [ax, value]}", false},
	}
	opts := Options{Schema: sc}
	prev := hot.Parse([]byte(src))
	Run(context.Background(), prev, opts)
	for _, st := range steps {
		text := string(prev.Src)
		if !strings.Contains(text, st.old) {
			t.Fatalf("%s: %q is not in the text", st.name, st.old)
		}
		next := []byte(strings.Replace(text, st.old, st.new, 1))
		doc, sp := hot.ReparseSplice(prev, next, nil)
		if sp == nil {
			t.Fatalf("%s: the edit was not spliced", st.name)
		}
		runBoth(t, doc, sp, opts, st.name)
		opts.Splice = sp
		loop := false
		for _, d := range Run(context.Background(), doc, opts) {
			loop = loop || d.Code == rules.DependencyCycle
		}
		opts.Splice = nil
		if loop != st.loop {
			t.Errorf("%s: a dependency loop reported: %v, want %v\n%s", st.name, loop, st.loop, next)
		}
		prev = doc
	}
}
