package main

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"
)

// TestPreviewFlags runs "heat-ls preview" in process to cover the flag
// wiring and exit statuses; the preview is tested in analysis/preview.
func TestPreviewFlags(t *testing.T) {
	cases := filepath.Join("..", "..", "testdata", "preview", "cases")
	env := func(c string) string { return filepath.Join(cases, c, "template.yaml") }
	tests := []struct {
		name   string
		args   []string
		status int
		stdout string
		stderr string
	}{
		{"yaml", []string{env("resource-group"), "--stack-name", "s"}, 0, "salt: m-2", ""},
		{"json", []string{"--format", "json", env("resource-group")}, 0, `"salt": "m-0"`, ""},
		{"environments and -P", []string{"-e", filepath.Join(cases, "env-parameters", "env1.yaml"), "-e", filepath.Join(cases, "env-parameters", "env2.yaml"), "-P", "a=cli", env("env-parameters")}, 0, "env2-default", ""},
		{"missing parameter file", []string{"--parameter-file", "d=nowhere.txt", env("env-parameters")}, 2, "", "--parameter-file d"},
		{"parameter file beside the template", []string{"--parameter-file", "p=../get-file/files/script.sh", env("missing-parameter")}, 0, "echo hi", ""},
		{"one -P split on semicolons", []string{"-P", "b2=on;s2=two", env("param-types")}, 0, "value: two", ""},
		{"depth 0 expands nothing", []string{"--depth", "0", env("resource-group")}, 0, "not_expanded: deeper than --depth", ""},
		{"missing parameter", []string{env("missing-parameter")}, 1, "resources:", "error: the parameter `p` has no value"},
		{"broken constraint", []string{"-P", "p=9", env("constraint-broken")}, 1, "", "is above the maximum 5"},
		{"missing registry file", []string{"-e", filepath.Join(cases, "registry-missing-file", "env1.yaml"), env("registry-missing-file")}, 1, "", "does not exist"},
		{"no template", nil, 2, "", "give exactly one template"},
		{"bad format", []string{"--format", "xml", env("resource-group")}, 2, "", "--format must be yaml or json"},
		{"bad -P", []string{"-P", "novalue", env("resource-group")}, 2, "", "want NAME=VALUE"},
		{"not a template", []string{filepath.Join(cases, "env-parameters", "env1.yaml")}, 2, "", "is not a HOT template"},
		{"environment that is a template", []string{"-e", env("resource-group"), env("resource-group")}, 2, "", "not a Heat environment file"},
		{"check's errors refuse too", []string{filepath.Join(cases, "..", "..", "heat-cases", "digest-algorithm-dashed-name", "template.yaml")}, 1, "resources:", "[unknown-digest-algorithm]"},
		{"without check", []string{"--no-check", env("digest")}, 0, "resources:", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			status := run(append([]string{"preview"}, tt.args...), strings.NewReader(""), &out, &errb)
			if status != tt.status || !strings.Contains(out.String(), tt.stdout) || !strings.Contains(errb.String(), tt.stderr) {
				t.Errorf("status %d (want %d), stdout:\n%s\nstderr:\n%s", status, tt.status, out.String(), errb.String())
			}
		})
	}
}

// TestUsageListsPreview: heat-ls --help names the preview command.
func TestUsageListsPreview(t *testing.T) {
	var out, errb bytes.Buffer
	run([]string{"--help"}, strings.NewReader(""), &out, &errb)
	if !strings.Contains(errb.String(), "heat-ls preview [-e ENV]...") {
		t.Errorf("usage does not list preview:\n%s", errb.String())
	}
}
