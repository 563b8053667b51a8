package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCheckEnvFilesAreChecked: an environment given with --env is applied
// and also checked, since Heat refuses a stack whose environment it
// refuses; given also as a path, it is reported once.
func TestCheckEnvFilesAreChecked(t *testing.T) {
	dir := t.TempDir()
	tpl := filepath.Join(dir, "t.yaml")
	env := filepath.Join(dir, "e.yaml")
	if err := os.WriteFile(tpl, []byte("heat_template_version: 2016-10-14\nresources: {}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// A registry entry whose target is a list: Heat refuses the environment.
	if err := os.WriteFile(env, []byte("resource_registry:\n  My::Thing: [a.yaml]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"check", "--env", env, tpl},
		{"check", "--env", env, tpl, env},
	} {
		var out, errOut bytes.Buffer
		status := run(args, strings.NewReader(""), &out, &errOut)
		if status != 1 {
			t.Errorf("%v: status %d, want 1\n%s%s", args, status, out.String(), errOut.String())
		}
		if n := strings.Count(out.String(), "e.yaml:2:"); n != 1 {
			t.Errorf("%v: %d problems on the environment's entry, want 1:\n%s", args, n, out.String())
		}
	}
	var out, errOut bytes.Buffer
	if status := run([]string{"check", "--env", env}, strings.NewReader(""), &out, &errOut); status != 2 {
		t.Errorf("--env without paths: status %d, want 2", status)
	}
}

// TestCheckEnvFileNotMapping: an environment file that is a YAML list or
// a scalar is no environment, and Heat's loader refuses it ("not a valid
// YAML mapping", testdata/heat-cases/env-not-mapping-list): check --env
// reports env-not-mapping on the file and still checks the template,
// while the same file checked as a path (not given as an environment)
// is YAML that is neither HOT nor an environment, and stays silent.
func TestCheckEnvFileNotMapping(t *testing.T) {
	dir := t.TempDir()
	tpl := filepath.Join(dir, "t.yaml")
	if err := os.WriteFile(tpl, []byte("heat_template_version: 2021-04-16\nresources: {}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, body := range []string{"- a\n- b\n", "# a note\njust text\n"} {
		env := filepath.Join(dir, "notmap.yaml")
		if err := os.WriteFile(env, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		var out, errOut bytes.Buffer
		status := run([]string{"check", "--env", env, tpl}, strings.NewReader(""), &out, &errOut)
		if status != 1 || strings.Count(out.String(), "[env-not-mapping]") != 1 || !strings.Contains(out.String(), "notmap.yaml:") {
			t.Errorf("%q: status %d, want 1 with one env-not-mapping on the file:\n%s%s", body, status, out.String(), errOut.String())
		}
		out.Reset()
		errOut.Reset()
		if status := run([]string{"check", env, tpl}, strings.NewReader(""), &out, &errOut); status != 0 || strings.Contains(out.String(), "env-not-mapping") {
			t.Errorf("%q checked as a path: status %d, want 0 and silence:\n%s%s", body, status, out.String(), errOut.String())
		}
	}
}
