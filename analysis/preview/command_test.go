package preview

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"heat-ls/analysis/hot"
	"heat-ls/schema"
)

// commandTemplate writes a small template whose preview has a problem
// (a parameter nothing supplies) and returns its path.
func commandTemplate(t *testing.T) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "t.yaml")
	src := "heat_template_version: 2021-04-16\nparameters:\n  n:\n    type: string\nresources:\n  r:\n    type: OS::Heat::Value\n    properties:\n      value: {get_param: n}\n"
	if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func runCommand(o CommandOptions) (status int, stdout, stderr string) {
	var out, errs strings.Builder
	status = Command(o, &out, &errs)
	return status, out.String(), errs.String()
}

// TestCommandCheckBesideWriting checks that the check hook, which runs
// while the preview is written, sees the preview's documents and the
// schema, that its errors come before the preview's own problems, and
// that the preview written is the same with and without it.
func TestCommandCheckBesideWriting(t *testing.T) {
	sc := loadSchema(t)
	tmpl := commandTemplate(t)
	var sawSchema *schema.Schema
	var sawDocs int
	check := func(s *schema.Schema, docs map[string]*hot.Document) []CheckProblem {
		sawSchema, sawDocs = s, len(docs)
		return []CheckProblem{{Path: tmpl, Line: 1, Column: 1, Message: "from the check", Rule: "test-rule"}}
	}
	loaded := func() (*schema.Schema, error) { return sc, nil }
	for _, format := range []string{"yaml", "json"} {
		base := CommandOptions{Template: tmpl, Format: format, Schema: loaded}
		st0, out0, _ := runCommand(base)
		withCheck := base
		withCheck.Check = check
		st1, out1, errs1 := runCommand(withCheck)
		if st0 != ExitProblems || st1 != ExitProblems {
			t.Errorf("%s: statuses %d and %d, want %d", format, st0, st1, ExitProblems)
		}
		if out0 != out1 {
			t.Errorf("%s: the preview differs with the check:\n%s\n---\n%s", format, out0, out1)
		}
		if sawSchema != sc || sawDocs != 1 {
			t.Errorf("%s: the check saw schema %p (want %p) and %d documents (want 1)", format, sawSchema, sc, sawDocs)
		}
		first, _, _ := strings.Cut(errs1, "\n")
		if !strings.Contains(first, "from the check [test-rule]") || !strings.Contains(errs1, "`n`") {
			t.Errorf("%s: stderr:\n%s", format, errs1)
		}
	}
}

// TestCommandFailures checks that a schema that cannot be loaded and a
// check that panics on its own goroutine end in a usage status with a
// message, never a crash, and that the loader is asked once.
func TestCommandFailures(t *testing.T) {
	tmpl := commandTemplate(t)
	calls := 0
	broken := LoadSchemaAsync(func() (*schema.Schema, error) { calls++; return nil, errors.New("no facts") })
	st, out, errs := runCommand(CommandOptions{Template: tmpl, Format: "yaml", Schema: broken})
	if st != ExitUsage || out != "" || !strings.Contains(errs, "loading the schema: no facts") {
		t.Errorf("broken schema: status %d, stdout %q, stderr %q", st, out, errs)
	}
	if sc, err := broken(); sc != nil || err == nil || calls != 1 {
		t.Errorf("the loader again: %v, %v after %d calls, want the same error from one call", sc, err, calls)
	}
	panicky := LoadSchemaAsync(func() (*schema.Schema, error) { panic("decoding") })
	if _, err := panicky(); err == nil || !strings.Contains(err.Error(), "decoding") {
		t.Errorf("a panicking loader gives %v", err)
	}
	sc := loadSchema(t)
	st, _, errs = runCommand(CommandOptions{
		Template: tmpl, Format: "yaml", Schema: func() (*schema.Schema, error) { return sc, nil },
		Check: func(*schema.Schema, map[string]*hot.Document) []CheckProblem { panic("rule") },
	})
	if st != ExitUsage || !strings.Contains(errs, "internal error, please report it: rule") {
		t.Errorf("panicking check: status %d, stderr %q", st, errs)
	}
}

// TestCommandWithoutCheckSameText: without check's rules the command
// parses its templates without the list of function calls
// (hot.ParseForEvaluation); the text, the problems and the status are
// those of the command with the whole models, for every case of
// testdata/preview (environments and nested templates included), in YAML
// and JSON.
func TestCommandWithoutCheckSameText(t *testing.T) {
	sc := loadSchema(t)
	loaded := func() (*schema.Schema, error) { return sc, nil }
	noRules := func(*schema.Schema, map[string]*hot.Document) []CheckProblem { return nil }
	dirs, _ := filepath.Glob(filepath.Join("..", "..", "testdata", "preview", "cases", "*"))
	if len(dirs) < 50 {
		t.Fatalf("%d preview cases found", len(dirs))
	}
	for _, dir := range dirs {
		envs, _ := filepath.Glob(filepath.Join(dir, "env*.yaml"))
		slices.Sort(envs)
		for _, format := range []string{"yaml", "json"} {
			o := CommandOptions{Template: filepath.Join(dir, "template.yaml"), Envs: envs, Format: format, Schema: loaded}
			st0, out0, errs0 := runCommand(o)
			o.Check = noRules
			st1, out1, errs1 := runCommand(o)
			if st0 != st1 || out0 != out1 || errs0 != errs1 {
				t.Errorf("%s (%s): without check status %d,\n%s\n%s\nwith the whole models status %d,\n%s\n%s",
					filepath.Base(dir), format, st0, out0, errs0, st1, out1, errs1)
			}
		}
	}
}
