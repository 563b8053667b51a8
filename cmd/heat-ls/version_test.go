package main

import (
	"bytes"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"

	"heat-ls/schema"
)

func TestDescribeBuild(t *testing.T) {
	const rev = "0123456789abcdef0123456789abcdef01234567"
	vcs := func(modified string) *debug.BuildInfo {
		return &debug.BuildInfo{GoVersion: "go1.99.1", Main: debug.Module{Version: "(devel)"}, Settings: []debug.BuildSetting{
			{Key: "vcs.revision", Value: rev}, {Key: "vcs.time", Value: "2026-11-20T08:00:00Z"}, {Key: "vcs.modified", Value: modified},
		}}
	}
	tests := []struct {
		name                  string
		st                    stamp
		bi                    *debug.BuildInfo
		version, commit, date string
		modified              bool
	}{
		{"stamped release wins over vcs", stamp{"v0.2.0", "feedface", "2026-11-24T10:00:00Z"}, vcs("true"), "0.2.0", "feedface", "2026-11-24T10:00:00Z", false},
		{"git checkout build", stamp{}, vcs("false"), "0.1.0-dev+0123456789ab", rev, "2026-11-20T08:00:00Z", false},
		{"dirty checkout build", stamp{}, vcs("true"), "0.1.0-dev+0123456789ab.dirty", rev, "2026-11-20T08:00:00Z", true},
		{"go install at a module version", stamp{}, &debug.BuildInfo{Main: debug.Module{Version: "v0.3.1"}}, "0.3.1", "", "", false},
		{"nothing recorded", stamp{}, &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, "0.1.0-dev", "", "", false},
		{"no build info", stamp{}, nil, "0.1.0-dev", "", "", false},
		{"version stamped alone keeps vcs commit", stamp{version: "0.2.0"}, vcs("false"), "0.2.0", rev, "2026-11-20T08:00:00Z", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := describeBuild(tc.st, tc.bi)
			if b.Version != tc.version || b.Commit != tc.commit || b.Date != tc.date || b.Modified != tc.modified {
				t.Errorf("got version %q commit %q date %q modified %v\nwant %q %q %q %v", b.Version, b.Commit, b.Date, b.Modified, tc.version, tc.commit, tc.date, tc.modified)
			}
			if b.Heat != schema.DataRelease() {
				t.Errorf("heat release %v, want %v", b.Heat, schema.DataRelease())
			}
		})
	}
}

func TestWriteVersion(t *testing.T) {
	var out bytes.Buffer
	writeVersion(&out, buildInfo{Version: "0.2.0", Commit: "abc", Modified: true, Go: "go1.26.0 linux/arm64", Heat: schema.ReleaseOf("19.0.0")})
	want := "heat-ls 0.2.0\ncommit: abc (modified)\ndate: unknown\ngo: go1.26.0 linux/arm64\nheat: Heat 19.0.0 (OpenStack 2022.2 Zed)\n"
	if out.String() != want {
		t.Fatalf("got\n%s\nwant\n%s", out.String(), want)
	}
}

// TestVersionOutput: the command (and --version) prints this binary's Go
// version and the data's Heat release, and refuses stray arguments.
func TestVersionOutput(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if status := run([]string{"version"}, nil, &stdout, &stderr); status != 0 {
		t.Fatalf("status %d: %s", status, stderr.String())
	}
	for _, want := range []string{"heat-ls ", "go: " + runtime.Version(), "heat: " + schema.DataRelease().String()} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("version output lacks %q:\n%s", want, stdout.String())
		}
	}
	// --version, which many clients and scripts try first, says the same.
	var flagOut bytes.Buffer
	if status := run([]string{"--version"}, nil, &flagOut, &stderr); status != 0 || flagOut.String() != stdout.String() {
		t.Errorf("--version: status %d, output\n%s\nwant\n%s", status, flagOut.String(), stdout.String())
	}
	if status := run([]string{"version", "extra"}, nil, &stdout, &stderr); status != 2 {
		t.Errorf("version with an argument: status %d, want 2", status)
	}
}
