package check

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"heat-ls/analysis/hot"
	"heat-ls/analysis/source"
)

// fileKindExpectation is one file's entry in testdata/filekinds/*/expected.json.
type fileKindExpectation struct {
	Kind        string              `json:"kind"`
	Jinja       bool                `json:"jinja"`
	Diagnostics []string            `json:"diagnostics"` // "severity rule-id", info and above, in order
	Suggestions map[string][]string `json:"suggestions"`
}

// TestFileKinds replays testdata/filekinds: misspelt environment sections
// and version keys still make an environment or a template (with the
// misspelling reported and corrected), and Jinja2 sources get one note and
// nothing else. Where Heat was asked (heat.json), a refusal must be an
// error in heat-ls.
func TestFileKinds(t *testing.T) {
	root := filepath.Join("..", "..", "testdata", "filekinds")
	dirs, err := os.ReadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	s := loadSchemaForTest(t)
	kinds := map[hot.Kind]string{hot.KindTemplate: "template", hot.KindEnvironment: "environment", hot.KindOther: "other"}
	cases := 0
	for _, d := range dirs {
		if !d.IsDir() {
			continue
		}
		dir := filepath.Join(root, d.Name())
		var want map[string]fileKindExpectation
		readTestJSON(t, filepath.Join(dir, "expected.json"), &want)
		refused := heatRefused(t, dir)
		anyError := false
		for name, exp := range want {
			cases++
			t.Run(d.Name()+"/"+name, func(t *testing.T) {
				src, err := os.ReadFile(filepath.Join(dir, name))
				if err != nil {
					t.Fatal(err)
				}
				doc := hot.ParseNamed(name, src)
				if got := kinds[doc.Kind]; got != exp.Kind || doc.Jinja != exp.Jinja {
					t.Fatalf("kind %s, jinja %v; want %s, jinja %v", got, doc.Jinja, exp.Kind, exp.Jinja)
				}
				diags := Run(context.Background(), doc, Options{Schema: s})
				var got []string
				for _, dg := range diags {
					if dg.Severity == source.SeverityHint {
						continue
					}
					got = append(got, dg.Severity.String()+" "+dg.Code)
					anyError = anyError || dg.Severity == source.SeverityError
					if want, ok := exp.Suggestions[dg.Code]; ok && !slices.Equal(dg.Suggestions, want) {
						t.Errorf("%s suggests %v, want %v", dg.Code, dg.Suggestions, want)
					}
				}
				if !slices.Equal(got, exp.Diagnostics) && !(len(got) == 0 && len(exp.Diagnostics) == 0) {
					t.Errorf("diagnostics %v, want %v (%s)", got, exp.Diagnostics, describe(doc, diags))
				}
			})
		}
		if refused && !anyError {
			t.Errorf("%s: Heat refuses it (heat.json) but heat-ls reports no error", d.Name())
		}
	}
	if cases == 0 {
		t.Fatal("no file-kind case found")
	}
}

// heatRefused reads a case's heat.json (the oracle's list of errors), if
// any, and reports whether Heat refused the case.
func heatRefused(t *testing.T, dir string) bool {
	raw, err := os.ReadFile(filepath.Join(dir, "heat.json"))
	if os.IsNotExist(err) {
		return false
	}
	var rec struct {
		Errors []json.RawMessage `json:"errors"`
	}
	if err != nil || json.Unmarshal(raw, &rec) != nil {
		t.Fatalf("%s/heat.json unreadable: %v", dir, err)
	}
	return len(rec.Errors) > 0
}

func readTestJSON(t *testing.T, path string, v any) {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(raw, v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}
