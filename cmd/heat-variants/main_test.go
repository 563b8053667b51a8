package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestGenerateAndCompare drives both commands on a tiny shared tree: the
// variants are written with their list and manifest, and compare counts
// agreement and fails (status 1) on a disagreement no class explains.
func TestGenerateAndCompare(t *testing.T) {
	shared := t.TempDir()
	tmpl := "heat_template_version: 2016-10-14\nresources:\n  a:\n    type: OS::Heat::None\n  b:\n    type: OS::Heat::None\n    depends_on: a\n"
	for _, f := range []string{"corpus/x/t.yaml", "heat/cases/c/template.yaml"} {
		p := filepath.Join(shared, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(tmpl), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out := t.TempDir()
	var stdout, stderr bytes.Buffer
	if st := run([]string{"generate", "-per", "5", "-shared", shared, out}, &stdout, &stderr); st != 0 {
		t.Fatalf("generate: status %d: %s", st, stderr.String())
	}
	list, err := os.ReadFile(filepath.Join(out, "variants.list"))
	if err != nil {
		t.Fatal(err)
	}
	files := strings.Fields(string(list))
	if len(files) != 10 || files[0] != "cases/c/template.dt000.yaml" {
		t.Fatalf("variants.list: %q", files)
	}
	// Heat refuses every variant but the sources; heat-ls agrees on all
	// but the last.
	heat := map[string]any{}
	var problems []map[string]any
	for i, f := range files {
		row := map[string]any{"validate": []any{}, "create": []any{}}
		if !strings.HasSuffix(f, ".dt000.yaml") {
			// Heat's create repeats what validate refuses.
			row["validate"] = []any{map[string]any{"mode": "validate", "kind": "StackValidationFailed", "message": "refused"}}
			row["create"] = []any{map[string]any{"mode": "create", "kind": "StackValidationFailed", "message": "refused"}}
			if i != len(files)-1 {
				problems = append(problems, map[string]any{"path": f, "line": 1, "column": 1, "severity": "error", "rule": "r"})
			}
		}
		heat[f] = row
	}
	writeJSONFile(t, filepath.Join(out, "heat.json"), heat)
	writeJSONFile(t, filepath.Join(out, "ls.json"), map[string]any{"version": 1, "problems": problems})
	stdout.Reset()
	st := run([]string{"compare", out, filepath.Join(out, "heat.json"), filepath.Join(out, "ls.json")}, &stdout, &stderr)
	if st != 1 || !strings.Contains(stdout.String(), "agreement on error/no-error: 9/10 (90.00%)") || !strings.Contains(stdout.String(), "OPEN heat-only validate StackValidationFailed: refused") {
		t.Fatalf("compare: status %d:\n%s%s", st, stdout.String(), stderr.String())
	}
	if st := run([]string{"nope"}, &stdout, &stderr); st != 2 {
		t.Errorf("unknown command: status %d, want 2", st)
	}
}

func writeJSONFile(t *testing.T, path string, v any) {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}
