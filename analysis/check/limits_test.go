package check

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"heat-ls/analysis/hot"
	"heat-ls/analysis/rules"
	"heat-ls/analysis/source"
)

// TestDiagnosticsAreCapped checks the per-document cap: the most severe
// problems are kept in position order and a last entry counts the rest;
// long messages are cut.
func TestDiagnosticsAreCapped(t *testing.T) {
	var b strings.Builder
	b.WriteString("heat_template_version: 2016-10-14\nresources:\n")
	const n = 3000
	for i := range n {
		fmt.Fprintf(&b, "  r%d:\n    type: OS::Heat::None\n    depends_on: missing%d\n", i, i)
	}
	b.WriteString("outputs:\n  o:\n    value: {get_param: nope}\n    extra: 1\n")
	diags := Run(context.Background(), hot.Parse([]byte(b.String())), Options{Schema: testSchema(t)})
	if len(diags) != MaxDiagnostics {
		t.Fatalf("%d diagnostics, want %d", len(diags), MaxDiagnostics)
	}
	last := diags[len(diags)-1]
	if last.Code != rules.TooManyProblems || last.Severity != source.SeverityInfo || !strings.Contains(last.Message, "more problems") {
		t.Fatalf("last entry %+v", last)
	}
	for i, d := range diags[:len(diags)-1] {
		if d.Severity != source.SeverityError {
			t.Fatalf("a %v was kept over errors: %+v", d.Severity, d)
		}
		if i > 0 && d.Span.Start < diags[i-1].Span.Start {
			t.Fatalf("not in position order at %d", i)
		}
	}
	long := Run(context.Background(), hot.Parse([]byte("heat_template_version: 2016-10-14\noutputs:\n  o:\n    value: {get_param: "+strings.Repeat("q", 5000)+"}\n")), Options{Schema: testSchema(t)})
	if len(long) != 1 || len(long[0].Message) > MaxMessage+len("…") || !strings.HasSuffix(long[0].Message, "…") {
		t.Fatalf("long message not cut: %+v", long)
	}
}

// TestRepeatsThroughAliasesAreListedOnce: a problem inside an anchored
// node is found once per alias, at the same place; it is listed once.
func TestRepeatsThroughAliasesAreListedOnce(t *testing.T) {
	src := "heat_template_version: 2016-10-14\nparameters:\n  p:\n    type: json\n    default: &n {bogus: 1}\nresources:\n  s:\n    type: OS::Nova::Server\n    properties:\n      image: x\n      flavor: y\n      networks: [*n, *n, *n]\n"
	seen := map[string]int{}
	for _, d := range Run(context.Background(), hot.Parse([]byte(src)), Options{Schema: testSchema(t)}) {
		key := fmt.Sprint(d.Span, d.Code, d.Message)
		if seen[key]++; seen[key] > 1 {
			t.Fatalf("listed twice: %s", key)
		}
	}
	if len(seen) == 0 {
		t.Fatal("no problems found")
	}
}
