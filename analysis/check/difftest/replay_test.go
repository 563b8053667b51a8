package difftest

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"testing"

	"heat-ls/analysis/check"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/source"
	"heat-ls/schema"
)

// expectation is a regression case's expected.json: heat-ls's verdict
// (error or not, the error rule ids) and, when heat-ls deliberately
// differs from Heat, the documented class (known.go) that says why.
type expectation struct {
	Error bool     `json:"error"`
	Rules []string `json:"rules"`
	Class string   `json:"class"`
	// Uncounted is the kind of why the pair is left out of the figure
	// (uncounted.go), "" when it counts.
	Uncounted string `json:"uncounted"`
}

// TestRegressionCases replays testdata/difftest: minimised variants on
// which Heat and heat-ls once disagreed, with Heat's recorded verdict
// (heat.json, the oracle's batch row). heat-ls must give the expected
// result, and that result must agree with Heat's unless the case names a
// documented class that explains the difference. No Heat needed.
func TestRegressionCases(t *testing.T) {
	root := filepath.Join("..", "..", "..", "testdata", "difftest")
	dirs, err := os.ReadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	// The verdicts come from Heat 19: judge for its release.
	s, err := schema.LoadRelease("2022.2")
	if err != nil {
		t.Fatal(err)
	}
	known := KnownClasses()
	n := 0
	for _, d := range dirs {
		if !d.IsDir() {
			continue
		}
		n++
		dir := filepath.Join(root, d.Name())
		t.Run(d.Name(), func(t *testing.T) {
			var exp expectation
			var row HeatRow
			if err := readJSON(filepath.Join(dir, "expected.json"), &exp); err != nil {
				t.Fatal(err)
			}
			if err := readJSON(filepath.Join(dir, "heat.json"), &row); err != nil {
				t.Fatal(err)
			}
			src, err := os.ReadFile(filepath.Join(dir, "template.yaml"))
			if err != nil {
				t.Fatal(err)
			}
			doc := hot.Parse(src)
			var rules []string
			var ls []LSProblem
			for _, dg := range check.Run(context.Background(), doc, check.Options{Schema: s}) {
				if dg.Severity != source.SeverityError {
					continue
				}
				line, col := doc.Mapper.LineCol(dg.Span.Start) // 1-based already
				ls = append(ls, LSProblem{Path: "template.yaml", Line: line, Column: col, Severity: "error", Rule: dg.Code, Message: dg.Message})
				if !slices.Contains(rules, dg.Code) {
					rules = append(rules, dg.Code)
				}
			}
			sort.Strings(rules)
			want := append([]string(nil), exp.Rules...)
			sort.Strings(want)
			if (len(rules) > 0) != exp.Error || !slices.Equal(rules, want) {
				t.Fatalf("heat-ls errors %v, expected error=%v %v", rules, exp.Error, want)
			}
			judged := Judge([]Variant{{File: "template.yaml"}}, map[string]HeatRow{"template.yaml": row}, ls, "", func(string) []byte { return src })
			j := &judged[0]
			if k := UncountedKind(j.Uncounted); k != exp.Uncounted {
				t.Errorf("not counted for %q, expected %q", j.Uncounted, exp.Uncounted)
			}
			switch {
			case exp.Uncounted != "":
				// Heat's verdict is not Heat's alone: neither side is right.
			case exp.Class == "" && !j.Agree():
				t.Errorf("Heat says error=%v (%v), heat-ls error=%v, and no documented class is named", j.HeatSays(), j.HeatErrors, j.LSSays())
			case exp.Class != "":
				k := Classify(known, j)
				if j.Agree() || k == nil || k.ID != exp.Class {
					t.Errorf("expected the documented class %q to explain a disagreement; agree=%v, class %v", exp.Class, j.Agree(), k)
				}
			}
		})
	}
	if n == 0 {
		t.Fatal("no regression case found")
	}
}
