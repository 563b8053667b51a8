package check

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"heat-ls/analysis/check/references"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/rules"
)

func TestCycles(t *testing.T) {
	runStructureCases(t, []structureCase{
		{"depends_on loop", "heat_template_version: 2016-10-14\nresources:\n  a:\n    type: OS::Heat::None\n    depends_on: b\n  b:\n    type: OS::Heat::None\n    depends_on: a\n",
			[]want{{rules.DependencyCycle, E, "b", "a → b → a"}}},
		{"get_resource and get_attr loop", "heat_template_version: 2016-10-14\nresources:\n  a:\n    type: OS::Heat::Value\n    properties:\n      value: {get_resource: b}\n  b:\n    type: OS::Heat::Value\n    properties:\n      value: {get_attr: [a, value]}\n",
			[]want{{rules.DependencyCycle, E, "b", "a → b → a"}}},
		{"three resources", "heat_template_version: 2016-10-14\nresources:\n  a:\n    type: OS::Heat::None\n    depends_on: [c]\n  b:\n    type: OS::Heat::None\n    depends_on: [a]\n  c:\n    type: OS::Heat::None\n    depends_on: [b]\n",
			[]want{{rules.DependencyCycle, E, "c", "a → c → b → a"}}},
		{"chain without a loop", "heat_template_version: 2016-10-14\nresources:\n  a:\n    type: OS::Heat::None\n  b:\n    type: OS::Heat::None\n    depends_on: [a]\n  c:\n    type: OS::Heat::Value\n    properties:\n      value: {get_attr: [b, show]}\n", nil},
		{"condition loop", "heat_template_version: 2016-10-14\nconditions:\n  x: {not: y}\n  y: {and: [true, x]}\nresources: {}\n",
			[]want{{rules.ConditionCycle, E, "y", "x → y → x"}}},
		{"single-letter names are names", "heat_template_version: 2016-10-14\nconditions:\n  n: {not: y}\n  y: {or: [n, false]}\nresources: {}\n",
			[]want{{rules.ConditionCycle, E, "y", "n → y → n"}}},
		{"bare names", "heat_template_version: 2016-10-14\nconditions:\n  a: b\n  b: a\nresources: {}\n",
			[]want{{rules.ConditionCycle, E, "b", "a → b → a"}}},
		{"condition self loop", "heat_template_version: 2016-10-14\nconditions:\n  x: {not: x}\nresources: {}\n",
			[]want{{rules.ConditionCycle, E, "x", "x → x"}}},
	})
}

// TestLongCycleIsReportedOnce checks that a loop through many resources
// gives one diagnostic whose message and related locations are bounded,
// so the report grows with the template, not with its square.
func TestLongCycleIsReportedOnce(t *testing.T) {
	const n = 5000
	var b strings.Builder
	b.WriteString("heat_template_version: 2016-10-14\nresources:\n")
	for i := range n {
		fmt.Fprintf(&b, "  r%d:\n    type: OS::Heat::None\n    depends_on: r%d\n", i, (i+1)%n)
	}
	diags := Run(context.Background(), hot.Parse([]byte(b.String())), Options{Schema: testSchema(t)})
	var cycles int
	for _, d := range diags {
		if d.Code != rules.DependencyCycle {
			continue
		}
		cycles++
		want := "(r0 → r1 → r2 → … → r4997 → r4998 → r4999 → r0, 5000 entries)"
		if !strings.Contains(d.Message, want) || len(d.Message) > 400 || len(d.Related) != references.MaxCycleRelated {
			t.Errorf("message %q (%d related), want it bounded and with %q", d.Message, len(d.Related), want)
		}
	}
	if cycles != 1 {
		t.Fatalf("%d dependency-cycle diagnostics, want 1", cycles)
	}
}

// TestResourceGraphKeys: Heat orders a resource only by depends_on and by
// what its properties and metadata read, and orders one with an
// external_id by nothing it reads; a loop through other keys is none.
func TestResourceGraphKeys(t *testing.T) {
	const head = "heat_template_version: 2018-08-31\nresources:\n  r:\n    type: OS::Heat::Value\n    properties: {value: {get_resource: s}}\n  s:\n    type: OS::Heat::Value\n"
	runStructureCases(t, []structureCase{
		{"properties", head + "    properties: {value: {get_resource: r}}\n",
			[]want{{rules.DependencyCycle, E, "s", ""}}},
		{"metadata", head + "    metadata: {a: {get_attr: [r, value]}}\n",
			[]want{{rules.DependencyCycle, E, "s", ""}}},
		{"external_id", head + "    external_id: {get_resource: r}\n", nil},
		{"properties of a resource with an external_id", head + "    external_id: abc\n    properties: {value: {get_resource: r}}\n", nil},
		{"update_policy", head + "    update_policy: {a: {get_resource: r}}\n", nil},
		{"depends_on a resource left out for every input", "heat_template_version: 2018-08-31\nconditions:\n  off: false\nresources:\n  r:\n    type: OS::Heat::None\n    depends_on: s\n  s:\n    type: OS::Heat::None\n    condition: off\n    depends_on: r\n", nil},
	})
}
