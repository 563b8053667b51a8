package check

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"heat-ls/analysis/check/difftest"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/source"
	"heat-ls/analysis/syntax"
	"heat-ls/schema"
	"heat-ls/schema/refdata"
)

// heatCase is what the runner reads from a case's heat.json.
type heatCase struct {
	MeantValid bool      `json:"meant_valid"`
	Validate   heatPhase `json:"validate"`
	Create     heatPhase `json:"create"`
}

type heatPhase struct {
	Errors []heatError `json:"errors"`
}

type heatError struct {
	Kind    string      `json:"kind"`
	Message heatMessage `json:"message"`
	Path    []any       `json:"path"`
}

// heatMessage is an error's message as the oracle recorded it: text, or
// what a plugin handed Heat instead (a few validate() return a mapping
// such as {"Error": "..."}, which Heat raises as it is), kept as its JSON.
type heatMessage string

func (m *heatMessage) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err == nil {
		*m = heatMessage(s)
		return nil
	}
	*m = heatMessage(b)
	return nil
}

// needsLiveCloud tells errors that only a running cloud can produce
// (a service that is not there, a custom constraint that asks a service)
// from those a template alone explains.
func needsLiveCloud(e heatError) bool {
	switch e.Kind {
	case "ResourceTypeUnavailable", "EndpointNotFound", "ServiceUnavailable":
		return true
	}
	m := strings.ToLower(string(e.Message))
	return strings.Contains(m, "99001") || strings.Contains(m, "service not available") ||
		strings.Contains(m, "endpoint") && strings.Contains(m, "not found")
}

// findSharedDir locates <module root>/../shared or skips the test.
func findSharedDir(t testing.TB) string {
	t.Helper()
	return refdata.Require(t, "Heat's cases and the corpus cannot be run")
}

func loadSchemaForTest(t testing.TB) *schema.Schema {
	t.Helper()
	s, err := schema.Load()
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func errorsOnly(diags []source.Diagnostic) []source.Diagnostic {
	var out []source.Diagnostic
	for _, d := range diags {
		if d.Severity == source.SeverityError {
			out = append(out, d)
		}
	}
	return out
}

// describe lists diagnostics briefly: rule id, the text under the span.
func describe(doc *hot.Document, diags []source.Diagnostic) string {
	var parts []string
	for _, d := range diags {
		parts = append(parts, fmt.Sprintf("[%s %s %q]", d.Severity, d.Code, spanText(doc.Src, d.Span)))
	}
	return strings.Join(parts, " ")
}

func spanText(src []byte, sp source.Span) string {
	if sp.Start < 0 || sp.End > len(src) || sp.Start > sp.End {
		return "<bad span>"
	}
	txt := string(src[sp.Start:sp.End])
	if len(txt) > 60 {
		txt = txt[:60] + "…"
	}
	return txt
}

// overlaps reports whether two spans share a byte, or an empty span lies
// within the other.
func overlaps(a, b source.Span) bool {
	if a.Len() == 0 {
		return b.Start <= a.Start && a.Start <= b.End
	}
	return a.Start < b.End && b.Start < a.End
}

// resolveHeatPath finds the node Heat's dotted path points at and returns
// its span (the key-and-value pair when reached through a key) and the
// path walked, for messages. A null path means anywhere in the file.
// Elements may hold several dotted steps ("conditions.c.and"); a step into
// a list is an index or, for parameter_groups, a group's label. The walk
// stops at the deepest node that exists.
func resolveHeatPath(doc *hot.Document, path []any) (source.Span, string) {
	whole := source.Span{Start: 0, End: len(doc.Src)}
	if path == nil {
		return whole, "the file (Heat gave no path)"
	}
	steps := difftest.PathSteps(path)
	node := doc.Syntax.Root().Resolve()
	span := whole
	var walked []string
	for _, step := range steps {
		next, nextSpan, ok := stepInto(node, step)
		if !ok {
			break
		}
		node, span = next, nextSpan
		walked = append(walked, step)
	}
	if len(walked) == 0 {
		return span, "the file (none of path " + strings.Join(steps, ".") + " exists)"
	}
	return span, strings.Join(walked, ".")
}

func stepInto(n *syntax.Node, step string) (*syntax.Node, source.Span, bool) {
	n = n.Resolve()
	switch {
	case n.IsMapping():
		if p := n.Lookup(step); p.Key != nil {
			return p.Value.Resolve(), p.Span(), true
		}
	case n.IsSequence():
		if i, err := strconv.Atoi(step); err == nil && i >= 0 && i < len(n.Items()) {
			return n.Items()[i].Resolve(), n.Items()[i].Span(), true
		}
		for _, item := range n.Items() {
			if l := item.Resolve().Get("label").Resolve(); l.IsScalar() && l.Value == step {
				return item.Resolve(), item.Span(), true
			}
		}
	}
	return nil, source.Span{}, false
}

// TestResolveHeatPath pins the path resolver the case runner relies on.
func TestResolveHeatPath(t *testing.T) {
	src := "heat_template_version: 2016-10-14\n" +
		"parameter_groups:\n- label: g1\n  parameters: [a]\n" +
		"conditions:\n  c: {and: true}\n" +
		"resources:\n  r:\n    type: T\n    properties:\n      list:\n        - class: x\n"
	doc := hot.Parse([]byte(src))
	tests := []struct {
		path []any
		want string
	}{
		{[]any{"conditions.c.and"}, "and: true"},
		{[]any{"resources", "r", "properties"}, "properties:\n      list:\n        - class: x"},
		{[]any{"resources", "r", "properties", "list", float64(0), "class"}, "class: x"},
		{[]any{"resources.r.properties.nope.deeper"}, "properties:\n      list:\n        - class: x"},
		{[]any{"parameter_groups", "g1"}, "label: g1\n  parameters: [a]"},
	}
	for _, tt := range tests {
		sp, _ := resolveHeatPath(doc, tt.path)
		if got := strings.TrimRight(string(doc.Src[sp.Start:sp.End]), "\n"); got != tt.want {
			t.Errorf("path %v: got %q, want %q", tt.path, got, tt.want)
		}
	}
	if sp, _ := resolveHeatPath(doc, nil); sp.Start != 0 || sp.End != len(src) {
		t.Errorf("null path: got %v, want the whole file", sp)
	}
}
