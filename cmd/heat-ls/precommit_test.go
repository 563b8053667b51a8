package main

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"heat-ls/analysis/syntax"
)

// TestPreCommitHook reads the repository's .pre-commit-hooks.yaml the way
// pre-commit does (a list of hooks; id, name, entry and language
// required), then runs the hook's entry on files as pre-commit would: the
// entry's words, then the matching file names; exit 0 passes, anything else
// fails the commit.
func TestPreCommitHook(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("..", "..", ".pre-commit-hooks.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	f := syntax.Parse(src)
	if len(f.Problems) > 0 || f.Broken {
		t.Fatalf("the hook file does not parse cleanly: %+v", f.Problems)
	}
	root := f.Root()
	if !root.IsSequence() || len(root.Items()) != 1 {
		t.Fatalf("want a list of one hook, got %v", root)
	}
	hook := root.Items()[0]
	field := func(key string) string {
		v := hook.Get(key)
		if !v.IsScalar() {
			t.Fatalf("hook field %q missing or not a string", key)
		}
		return v.Value
	}
	for _, key := range []string{"id", "name", "entry", "language"} {
		field(key)
	}
	if field("id") != "heat-ls" || field("language") != "golang" {
		t.Errorf("id %q language %q, want heat-ls and golang", field("id"), field("language"))
	}
	// pre-commit matches `files` with Python's re.search; this pattern
	// reads the same in Go's regexp.
	files, err := regexp.Compile(field("files"))
	if err != nil {
		t.Fatalf("files pattern: %v", err)
	}
	for name, want := range map[string]bool{
		"heat/stack.yaml": true, "env.yml": true, "templates/a.template": true,
		"README.md": false, "schema.json": false, "yaml.txt": false,
	} {
		if files.MatchString(name) != want {
			t.Errorf("files pattern matches %s: %v, want %v", name, !want, want)
		}
	}

	// pre-commit installs the module's commands (go install ./...) into the
	// hook's environment and runs the entry there; the test runs the
	// binary built from this tree in its place.
	entry := strings.Fields(field("entry"))
	if len(entry) < 2 || entry[0] != "heat-ls" || entry[1] != "check" {
		t.Fatalf("entry %q does not run heat-ls check", field("entry"))
	}
	bin := binary(t)
	dir := t.TempDir()
	write := func(name, text string) string {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return name
	}
	ok := write("ok.yaml", "heat_template_version: 2018-08-31\nresources: {}\n")
	bad := write("bad.yaml", "heat_template_version: 2018-08-31\nresources:\n  s:\n    type: OS::Nova::Server\n    properties: {flavor: {get_parm: f}}\n")
	other := write("workflow.yml", "name: ci\non: [push]\njobs: {}\n")
	tests := []struct {
		name   string
		files  []string
		status int
	}{
		{"clean template", []string{ok}, 0},
		{"other YAML is skipped", []string{other, ok}, 0},
		{"a template with an error fails the commit", []string{ok, bad, other}, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cmd := exec.Command(bin, append(entry[1:], tc.files...)...)
			cmd.Dir = dir
			out, err := cmd.CombinedOutput()
			status := 0
			var exit *exec.ExitError
			if errors.As(err, &exit) {
				status = exit.ExitCode()
			} else if err != nil {
				t.Fatal(err)
			}
			if status != tc.status {
				t.Fatalf("exit status %d, want %d\n%s", status, tc.status, out)
			}
			if tc.status == 1 && !strings.Contains(string(out), "bad.yaml:5:") {
				t.Errorf("the failure does not name the file and line:\n%s", out)
			}
		})
	}
}
