package main

import (
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
	"strings"

	"heat-ls/schema"
)

// baseVersion is the release this source tree is working towards; a build
// that is neither stamped nor installed at a module version reports it.
const baseVersion = "0.1.0-dev"

// Stamped at link time by the release build (.ci/release.sh), e.g.
//
//	go build -ldflags "-X main.stampVersion=0.2.0 -X main.stampCommit=$(git rev-parse HEAD) -X main.stampDate=2026-11-24T10:00:00Z"
//
// The date is the commit's, so rebuilding a commit gives the same binary.
//
// -X can only set package-level string variables, so these are the one
// exception to the project's rule against package-level variables; nothing
// assigns them at run time.
var (
	stampVersion string
	stampCommit  string
	stampDate    string
)

// buildInfo is what "heat-ls version" says about the binary.
type buildInfo struct {
	Version  string // "0.2.0", or baseVersion plus the revision
	Commit   string // full VCS revision, "" when unknown
	Date     string // the commit's time, RFC 3339, "" when unknown
	Modified bool   // built from a tree with uncommitted changes
	Go       string // toolchain and target, "go1.26.0 linux/amd64"
	Heat     schema.Release
}

// stamp is the values the linker set, if any.
type stamp struct{ version, commit, date string }

// currentBuild describes this binary.
func currentBuild() buildInfo {
	bi, _ := debug.ReadBuildInfo()
	return describeBuild(stamp{stampVersion, stampCommit, stampDate}, bi)
}

// describeBuild prefers what the release build stamped and falls back to
// what the Go toolchain recorded: the module version for "go install
// heat-ls/cmd/heat-ls@v0.2.0" style installs, the VCS revision, time and
// dirtiness for builds inside a git checkout.
func describeBuild(st stamp, bi *debug.BuildInfo) buildInfo {
	b := buildInfo{
		Version: strings.TrimPrefix(st.version, "v"),
		Commit:  st.commit,
		Date:    st.date,
		Go:      runtime.Version() + " " + runtime.GOOS + "/" + runtime.GOARCH,
		Heat:    schema.DataRelease(),
	}
	if bi != nil {
		if bi.GoVersion != "" {
			b.Go = bi.GoVersion + " " + runtime.GOOS + "/" + runtime.GOARCH
		}
		vcs := map[string]string{}
		for _, s := range bi.Settings {
			vcs[s.Key] = s.Value
		}
		if b.Commit == "" {
			b.Commit = vcs["vcs.revision"]
			b.Modified = vcs["vcs.modified"] == "true"
		}
		if b.Date == "" {
			b.Date = vcs["vcs.time"]
		}
		if v := bi.Main.Version; b.Version == "" && v != "" && v != "(devel)" {
			b.Version = strings.TrimPrefix(v, "v")
		}
	}
	if b.Version == "" {
		b.Version = baseVersion
		if len(b.Commit) >= 12 {
			b.Version += "+" + b.Commit[:12]
		}
		if b.Modified {
			b.Version += ".dirty"
		}
	}
	return b
}

// version is the one-word version the server reports in serverInfo.
func version() string { return currentBuild().Version }

// writeVersion prints the build as "heat-ls VERSION" then one "key: value"
// line each, a shape both people and scripts (the editors' health checks)
// read: the first line alone is the version.
func writeVersion(w io.Writer, b buildInfo) {
	unknown := func(s string) string {
		if s == "" {
			return "unknown"
		}
		return s
	}
	commit := unknown(b.Commit)
	if b.Modified {
		commit += " (modified)"
	}
	fmt.Fprintf(w, "heat-ls %s\ncommit: %s\ndate: %s\ngo: %s\nheat: %s\n",
		b.Version, commit, unknown(b.Date), b.Go, b.Heat)
}
