package eval

import (
	"fmt"
	"strings"
	"testing"

	"heat-ls/analysis/hot"
)

// TestReset: an evaluator reset to other parameter values answers as a
// new one would, forgetting the conditions and problems of the last
// input (the input search of the reference rules tries inputs so; the
// template is the shape of hc/cond-ref-* cases: a resource whose
// condition compares a string parameter with a text).
func TestReset(t *testing.T) {
	const src = "heat_template_version: 2018-08-31\nparameters:\n  env: {type: string}\nconditions:\n  prod: {equals: [{get_param: env}, prod]}\n  both: {and: [prod, {not: prod}]}\n  either: {or: [prod, {equals: [{get_param: env}, test]}]}\nresources: {}\n"
	doc := hot.Parse([]byte(src))
	unknown := map[string]Value{"env": UnknownValue("<parameter env>")}
	tests := []struct {
		params  map[string]Value
		cond    string
		want    string
		problem bool
	}{
		{map[string]Value{"env": StringValue("prod")}, "prod", "true", false},
		{map[string]Value{"env": StringValue("test")}, "prod", "false", false},
		{map[string]Value{"env": StringValue("test")}, "either", "true", false},
		{map[string]Value{"env": StringValue("dev")}, "either", "false", false},
		{unknown, "prod", "?<equals <parameter env> prod>", false},
		{unknown, "both", "?<and with <equals <parameter env> prod>>", false},
		{map[string]Value{}, "prod", "!the template has no parameter `env`", true},
		{map[string]Value{"env": StringValue("prod")}, "both", "false", false},
	}
	e := New(doc.Template, Options{})
	for i, tc := range tests {
		e.Reset(tc.params)
		got := show(e.ConditionNamed(tc.cond))
		if got != tc.want {
			t.Errorf("%d: %s under %v = %s, want %s", i, tc.cond, tc.params, got, tc.want)
		}
		if has := len(e.Problems()) > 0; has != tc.problem {
			t.Errorf("%d: problems %v, want some: %v", i, e.Problems(), tc.problem)
		}
	}
}

// TestConditionChain: a chain of conditions each naming the next is
// decided whatever its length up to MaxConditionChain names (a name's
// body gets the whole depth budget), and left undecided past it.
func TestConditionChain(t *testing.T) {
	for _, tc := range []struct {
		n    int
		want string
	}{
		{30, "false"},
		{MaxConditionChain - 1, "false"},
		{MaxConditionChain + 10, "?<and with <and with"}, // ... chain deeper than heat-ls evaluates
	} {
		var b strings.Builder
		b.WriteString("heat_template_version: 2018-08-31\nconditions:\n  c0: false\n")
		for i := 1; i < tc.n; i++ {
			fmt.Fprintf(&b, "  c%d: {and: [c%d, c%d]}\n", i, i-1, i-1)
		}
		b.WriteString("resources: {}\n")
		doc := hot.Parse([]byte(b.String()))
		e := New(doc.Template, Options{})
		got := show(e.ConditionNamed(fmt.Sprintf("c%d", tc.n-1)))
		if !strings.HasPrefix(got, tc.want) || len(got) > 2*maxShownReason {
			t.Errorf("chain of %d: %s, want %s...", tc.n, got, tc.want)
		}
	}
}
