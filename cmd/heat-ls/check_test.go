package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCheckFlags runs "heat-ls check" in process to cover the flag wiring;
// the runner itself is tested in analysis/lint.
func TestCheckFlags(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.yaml")
	dup := filepath.Join(dir, "dup.yaml")
	os.WriteFile(bad, []byte("heat_template_version: 2018-08-13\nresources: {}\n"), 0o644)
	os.WriteFile(dup, []byte("heat_template_version: 2018-08-31\nparameters:\n  p: {type: string, type: string}\nresources: {}\n"), 0o644)
	az := filepath.Join(dir, "az.yaml")
	os.WriteFile(az, []byte("heat_template_version: 2021-04-16\nresources:\n  z:\n    type: OS::Octavia::AvailabilityZone\n    properties: {availability_zone_profile: p}\n"), 0o644)
	tests := []struct {
		name   string
		args   []string
		status int
		stdout string
	}{
		{"text default", []string{bad}, 1, bad + ":1:24: error: "},
		{"warning below threshold", []string{dup}, 0, "[duplicate-key]"},
		{"severity warning", []string{"--severity", "warning", dup}, 1, "[duplicate-key]"},
		{"flags after paths", []string{dup, "--severity=warning", "--format", "json"}, 1, `"rule": "duplicate-key"`},
		{"sarif", []string{"--format", "sarif", bad}, 1, `"version": "2.1.0"`},
		{"global flags after the command", []string{"--log-level", "debug", dup}, 0, ""},
		{"bad severity", []string{"--severity", "hint", bad}, 2, ""},
		{"bad format", []string{"--format", "xml", bad}, 2, ""},
		{"unknown flag", []string{"--bogus", bad}, 2, ""},
		{"missing schema dir", []string{"--schema", filepath.Join(dir, "none"), bad}, 2, ""},
		{"no paths", nil, 2, ""},
		{"heat release by codename", []string{"--heat-release", "caracal", az}, 1, "[resource-type-too-new]"},
		{"heat release default", []string{az}, 0, ""},
		{"upgrade check", []string{"--heat-release", "2024.1,2026.1", az}, 1, "[Heat 2024.1 only; gone in 2026.1]"},
		{"unknown heat release", []string{"--heat-release", "wallaby", az}, 2, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			status := run(append([]string{"check"}, tc.args...), strings.NewReader(""), &stdout, &stderr)
			if status != tc.status {
				t.Fatalf("status %d, want %d\nstdout:\n%s\nstderr:\n%s", status, tc.status, stdout.String(), stderr.String())
			}
			if !strings.Contains(stdout.String(), tc.stdout) {
				t.Fatalf("stdout %q lacks %q", stdout.String(), tc.stdout)
			}
			if tc.status == 2 && stderr.Len() == 0 {
				t.Error("a usage error without a message")
			}
		})
	}
}
