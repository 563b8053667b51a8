package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCheckEnv runs "heat-ls check --env" on the workspace fixtures: the
// environment's registry and parameter_defaults apply like
// "openstack stack create -e", and its parameters must be declared.
func TestCheckEnv(t *testing.T) {
	ws := filepath.Join("..", "..", "testdata", "workspace")
	dir := t.TempDir()
	badEnv := filepath.Join(dir, "bad_env.yaml")
	if err := os.WriteFile(badEnv, []byte("parameters:\n  not_declared: 1\nparameter_defaults:\n  also_unknown: 2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	notEnv := filepath.Join(ws, "parent.yaml")
	tests := []struct {
		name   string
		args   []string
		status int
		want   []string
		absent []string
	}{
		{"nested template alone misses image", []string{"check", filepath.Join(ws, "broken.yaml")}, 1,
			[]string{"[nested-missing-property]", "[nested-unknown-property]"}, nil},
		{"parameter_defaults give image", []string{"check", "--env", filepath.Join(ws, "env", "prod_env.yaml"), filepath.Join(ws, "broken.yaml")}, 1,
			[]string{"[nested-unknown-property]"}, []string{"[nested-missing-property]"}},
		{"registry maps My::Server", []string{"check", "--env", filepath.Join(ws, "env", "prod_env.yaml"), filepath.Join(ws, "parent.yaml")}, 0,
			nil, []string{"error"}},
		{"unknown user parameter", []string{"check", "--env", badEnv, filepath.Join(ws, "parent.yaml")}, 1,
			[]string{"not_declared", "[env-unknown-parameter]"}, []string{"also_unknown"}},
		{"two environments", []string{"check", "--env", filepath.Join(ws, "env", "prod_env.yaml"), "--env", filepath.Join(ws, "env", "dev_env.yaml"), filepath.Join(ws, "parent.yaml")}, 0,
			nil, []string{"error"}},
		{"not an environment", []string{"check", "--env", notEnv, filepath.Join(ws, "parent.yaml")}, 2,
			nil, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			status := run(tc.args, strings.NewReader(""), &out, &errOut)
			if status != tc.status {
				t.Errorf("status %d, want %d\nstdout:\n%s\nstderr:\n%s", status, tc.status, out.String(), errOut.String())
			}
			for _, w := range tc.want {
				if !strings.Contains(out.String(), w) {
					t.Errorf("output lacks %q:\n%s", w, out.String())
				}
			}
			for _, a := range tc.absent {
				if strings.Contains(out.String(), a) {
					t.Errorf("output has %q:\n%s", a, out.String())
				}
			}
		})
	}
}
