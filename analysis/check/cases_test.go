package check

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
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

// caseSkips lists the Heat cases the runner does not judge, each with the
// reason. Everything else must agree with Heat: an error where Heat
// rejected the template, no error where it accepted it.
func caseSkips() map[string]string {
	return map[string]string{
		"env-parameter-not-in-template": "Heat's error comes from the environment file applied to the template (a parameter the template lacks): needs the environment applied, which is the workspace issue",
		"param-value-from-environment":  "Heat's error comes from the value the environment file gives (huge is not allowed): needs the environment applied, which is the workspace issue",
		"parse-empty-file":              "an empty text is not a template by content; heat-ls stays silent on YAML that does not look like HOT (hot.Parse gives KindOther), so a new empty buffer gets no error",
		"parse-not-a-mapping":           "a YAML list is not a template by content (no top-level heat_template_version); heat-ls stays silent on YAML that is not HOT",
		"param-no-value":                "Heat fails at create only because no value was passed for a parameter without default; values are given at stack create (-P or an environment), so a template alone is not wrong",
	}
}

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
	Kind    string `json:"kind"`
	Message string `json:"message"`
	Path    []any  `json:"path"`
}

// needsLiveCloud tells errors that only a running cloud can produce
// (a service that is not there, a custom constraint that asks a service)
// from those a template alone explains.
func needsLiveCloud(e heatError) bool {
	switch e.Kind {
	case "ResourceTypeUnavailable", "EndpointNotFound", "ServiceUnavailable":
		return true
	}
	m := strings.ToLower(e.Message)
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

// TestHeatCases runs every case Heat was asked about and compares: where
// Heat rejected the template (at validate or create, not counting checks
// that need a live cloud) heat-ls must report an error at the place Heat's
// path names; where Heat accepted it, heat-ls must report no error.
func TestHeatCases(t *testing.T) {
	casesDir := filepath.Join(findSharedDir(t), "heat", "cases")
	entries, err := os.ReadDir(casesDir)
	if err != nil {
		t.Skipf("../shared/heat/cases not found: %v", err)
	}
	// The verdicts were recorded from Heat 19: judge for its release.
	s, err := schema.LoadRelease("2022.2")
	if err != nil {
		t.Fatal(err)
	}
	skips := caseSkips()
	seen := map[string]bool{}
	var disagreements []string
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		name := e.Name()
		seen[name] = true
		dir := filepath.Join(casesDir, name)
		t.Run(name, func(t *testing.T) {
			if reason, ok := skips[name]; ok {
				t.Skip(reason)
			}
			line := runHeatCase(t, s, dir)
			if line != "" {
				disagreements = append(disagreements, name+": "+line)
				t.Error(line)
			}
		})
	}
	for name := range skips {
		if !seen[name] {
			t.Errorf("skip table names %q, which is not a case any more: remove it", name)
		}
	}
	if len(disagreements) > 0 {
		sort.Strings(disagreements)
		t.Logf("%d disagreement(s) with Heat:\n%s", len(disagreements), strings.Join(disagreements, "\n"))
	}
}

// runHeatCase checks one case and returns a one-line disagreement, or "".
func runHeatCase(t *testing.T, s *schema.Schema, dir string) string {
	raw, err := os.ReadFile(filepath.Join(dir, "heat.json"))
	if err != nil {
		t.Fatal(err)
	}
	var hc heatCase
	if err := json.Unmarshal(raw, &hc); err != nil {
		t.Fatalf("heat.json: %v", err)
	}
	src, err := os.ReadFile(filepath.Join(dir, "template.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	doc := hot.Parse(src)
	diags := Run(context.Background(), doc, Options{Schema: s})
	errs := errorsOnly(diags)

	var heatErrs []heatError
	for _, e := range append(hc.Validate.Errors, hc.Create.Errors...) {
		if !needsLiveCloud(e) {
			heatErrs = append(heatErrs, e)
		}
	}
	// An environment file beside the template must itself be clean when
	// Heat took the pair.
	if envSrc, err := os.ReadFile(filepath.Join(dir, "env.yaml")); err == nil && len(heatErrs) == 0 {
		envDoc := hot.Parse(envSrc)
		if envErrs := errorsOnly(Run(context.Background(), envDoc, Options{Schema: s})); len(envErrs) > 0 {
			return fmt.Sprintf("expected no error in env.yaml (Heat accepted it), got %s", describe(envDoc, envErrs))
		}
	}
	if len(heatErrs) == 0 {
		if len(errs) > 0 {
			return fmt.Sprintf("expected no error (Heat accepted it), got %s", describe(doc, errs))
		}
		return ""
	}
	// Heat stops at its first error: one located error is what to match.
	he := heatErrs[0]
	target, where := resolveHeatPath(doc, he.Path)
	for _, d := range errs {
		if overlaps(d.Span, target) {
			return ""
		}
	}
	expected := fmt.Sprintf("an error within %s (Heat %s: %q)", where, he.Kind, he.Message)
	if len(errs) == 0 {
		return "expected " + expected + ", got no error"
	}
	return "expected " + expected + ", got " + describe(doc, errs)
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
		if p := n.Pair(step); p != nil {
			return p.Value.Resolve(), p.Span(), true
		}
	case n.IsSequence():
		if i, err := strconv.Atoi(step); err == nil && i >= 0 && i < len(n.Items) {
			return n.Items[i].Resolve(), n.Items[i].Span, true
		}
		for _, item := range n.Items {
			if l := item.Resolve().Get("label").Resolve(); l.IsScalar() && l.Value == step {
				return item.Resolve(), item.Span, true
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
