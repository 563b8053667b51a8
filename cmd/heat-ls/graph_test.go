package main

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"
)

// TestGraphFlags runs "heat-ls graph" in process to cover the flag
// wiring; the drawing is tested in analysis/graph.
func TestGraphFlags(t *testing.T) {
	dir := filepath.Join("..", "..", "testdata", "graph")
	app, env := filepath.Join(dir, "app.yaml"), filepath.Join(dir, "env.yaml")
	tests := []struct {
		name   string
		args   []string
		status int
		stdout string
		stderr string
	}{
		{"dot default", []string{app}, 0, `digraph "app.yaml" {`, ""},
		{"mermaid with flags after the path", []string{app, "--format", "mermaid", "--params"}, 0, `(["image: string"])`, ""},
		{"env maps the member type", []string{"--env", env, app}, 0, `label="member (web.yaml)"`, ""},
		{"unknown format", []string{"--format", "png", app}, 2, "", `unknown format "png"`},
		{"no files", nil, 2, "", "no templates given"},
		{"not a template", []string{env}, 2, "", "not a Heat template"},
		{"bad env", []string{"--env", app, app}, 2, "", "--env:"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			status := run(append([]string{"graph"}, tt.args...), strings.NewReader(""), &out, &errb)
			if status != tt.status || !strings.Contains(out.String(), tt.stdout) || !strings.Contains(errb.String(), tt.stderr) {
				t.Errorf("status %d, stdout:\n%s\nstderr:\n%s", status, out.String(), errb.String())
			}
		})
	}
}
