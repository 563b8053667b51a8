package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// workflow is the part of a GitHub Actions workflow file the tests read.
type workflow struct {
	On struct {
		Push struct {
			Tags     []string `yaml:"tags"`
			Branches []string `yaml:"branches"`
		} `yaml:"push"`
	} `yaml:"on"`
	Permissions map[string]string `yaml:"permissions"`
	Jobs        map[string]struct {
		RunsOn string `yaml:"runs-on"`
		Steps  []step `yaml:"steps"`
	} `yaml:"jobs"`
}

type step struct {
	Name string            `yaml:"name"`
	Uses string            `yaml:"uses"`
	Run  string            `yaml:"run"`
	With map[string]string `yaml:"with"`
	Env  map[string]string `yaml:"env"`
}

// readWorkflow parses .github/workflows/<name> and returns its one job's
// steps.
func readWorkflow(t *testing.T, name string) (workflow, []step) {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("..", "..", ".github", "workflows", name))
	if err != nil {
		t.Fatal(err)
	}
	var w workflow
	if err := yaml.Unmarshal(src, &w); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if len(w.Jobs) != 1 {
		t.Fatalf("%s: want one job, got %d", name, len(w.Jobs))
	}
	for _, job := range w.Jobs {
		if !strings.HasPrefix(job.RunsOn, "ubuntu-") {
			t.Errorf("%s: runs-on %q, want a Linux runner (release.sh needs bash and GNU tar)", name, job.RunsOn)
		}
		return w, job.Steps
	}
	return w, nil
}

// TestReleaseWorkflow checks .github/workflows/release.yml: on a tag v* it
// checks out the whole history, sets up the Go of go.mod and Node.js >= 20,
// runs .ci/release.sh for every target into dist/, and then uploads with
// the workflow's own token exactly what release.sh leaves there to publish
// (every archive, every .vsix and SHA256SUMS; no unpacked directory, which
// `gh release create` would refuse) to the release of that tag.
func TestReleaseWorkflow(t *testing.T) {
	w, steps := readWorkflow(t, "release.yml")
	if strings.Join(w.On.Push.Tags, " ") != "v*" || len(w.On.Push.Branches) != 0 {
		t.Errorf("triggers on tags %v branches %v, want only tags v*", w.On.Push.Tags, w.On.Push.Branches)
	}
	if w.Permissions["contents"] != "write" {
		t.Errorf("permissions %v: creating a release needs contents: write", w.Permissions)
	}

	find := func(pred func(step) bool) int {
		for i, s := range steps {
			if pred(s) {
				return i
			}
		}
		return -1
	}
	checkout := find(func(s step) bool { return strings.HasPrefix(s.Uses, "actions/checkout@") })
	goSetup := find(func(s step) bool { return strings.HasPrefix(s.Uses, "actions/setup-go@") })
	nodeSetup := find(func(s step) bool { return strings.HasPrefix(s.Uses, "actions/setup-node@") })
	build := find(func(s step) bool { return strings.Contains(s.Run, ".ci/release.sh") })
	publish := find(func(s step) bool { return strings.Contains(s.Run, "gh release create") })
	if checkout < 0 || goSetup < 0 || nodeSetup < 0 || build < 0 || publish < 0 {
		t.Fatalf("steps: checkout %d, setup-go %d, setup-node %d, release.sh %d, gh release create %d: one is missing", checkout, goSetup, nodeSetup, build, publish)
	}
	if !(checkout < goSetup && checkout < nodeSetup && goSetup < build && nodeSetup < build && build < publish) {
		t.Errorf("steps out of order: checkout %d, setup-go %d, setup-node %d, release.sh %d, publish %d", checkout, goSetup, nodeSetup, build, publish)
	}
	// release.sh takes the version from the tag and the date from the
	// commit: a shallow clone would do, but the whole history is safe.
	if steps[checkout].With["fetch-depth"] != "0" {
		t.Errorf("checkout with %v, want fetch-depth: 0", steps[checkout].With)
	}
	if steps[goSetup].With["go-version-file"] != "go.mod" {
		t.Errorf("setup-go with %v, want go-version-file: go.mod", steps[goSetup].With)
	}
	if major, err := strconv.Atoi(strings.SplitN(steps[nodeSetup].With["node-version"], ".", 2)[0]); err != nil || major < 20 {
		t.Errorf("setup-node with %v, want node-version 20 or later (package-vsix.sh needs it)", steps[nodeSetup].With)
	}

	// The build: every target (no argument), into the default dist/.
	run := strings.TrimSpace(steps[build].Run)
	if run != "bash .ci/release.sh" || steps[build].Env["DIST"] != "" || steps[build].Env["VSIX"] != "" {
		t.Errorf("build step runs %q with env %v, want `bash .ci/release.sh` (all targets, the .vsix files, into dist/)", run, steps[build].Env)
	}

	// The upload: the tag's release, with the workflow's token.
	pub := steps[publish]
	if tok := pub.Env["GH_TOKEN"]; tok != "${{ github.token }}" && tok != "${{ secrets.GITHUB_TOKEN }}" {
		t.Errorf("publish step GH_TOKEN %q, want the workflow's token", tok)
	}
	words := shellWords(pub.Run)
	if len(words) < 4 || strings.Join(words[:4], " ") != `gh release create "$GITHUB_REF_NAME"` {
		t.Fatalf("publish step runs %q, want gh release create \"$GITHUB_REF_NAME\" ...", pub.Run)
	}
	var globs []string
	for _, w := range words[4:] {
		if strings.HasPrefix(w, "dist/") {
			globs = append(globs, strings.TrimPrefix(w, "dist/"))
		}
	}
	files, dirs := releaseOutput(t)
	for _, f := range files {
		n := 0
		for _, g := range globs {
			if ok, err := filepath.Match(g, f); err != nil {
				t.Fatalf("upload pattern dist/%s: %v", g, err)
			} else if ok {
				n++
			}
		}
		if n != 1 {
			t.Errorf("release.sh writes dist/%s; %d upload patterns of %v match it, want 1", f, n, globs)
		}
	}
	for _, d := range dirs {
		for _, g := range globs {
			if ok, _ := filepath.Match(g, d); ok {
				t.Errorf("upload pattern dist/%s matches the directory dist/%s", g, d)
			}
		}
	}
}

// releaseOutput returns the names .ci/release.sh leaves in dist/ to
// publish (archives, .vsix files, SHA256SUMS) and the unpacked directories
// beside them: those of $HEAT_LS_RELEASE_DIST when set (a full build),
// else the names a full build of version 1.2.3 writes.
func releaseOutput(t *testing.T) (files, dirs []string) {
	t.Helper()
	if dist := os.Getenv("HEAT_LS_RELEASE_DIST"); dist != "" {
		entries, err := os.ReadDir(dist)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			if e.IsDir() {
				dirs = append(dirs, e.Name())
			} else {
				files = append(files, e.Name())
			}
		}
		if len(files) < 2*len(releaseTargets)+2 {
			t.Fatalf("%s holds %v: not a full release build", dist, files)
		}
		return files, dirs
	}
	vscode := map[string]string{"amd64": "x64", "arm64": "arm64"}
	for _, target := range releaseTargets {
		goos, goarch, _ := strings.Cut(target, "/")
		name := "heat-ls_1.2.3_" + goos + "_" + goarch
		ext, vos := ".tar.gz", goos
		if goos == "windows" {
			ext, vos = ".zip", "win32"
		}
		dirs = append(dirs, name)
		files = append(files, name+ext, "heat-ls_1.2.3_vscode_"+vos+"-"+vscode[goarch]+".vsix")
	}
	return append(files, "heat-ls_1.2.3_vscode_universal.vsix", "SHA256SUMS"), dirs
}

// shellWords splits a command line into words as the shell would for the
// plain lines a workflow holds: whitespace separates words, quotes are kept
// as written (so "$GITHUB_REF_NAME" stays one word).
func shellWords(s string) []string {
	return regexp.MustCompile(`"[^"]*"|'[^']*'|[^\s"']+`).FindAllString(s, -1)
}

// TestCIWorkflow checks .github/workflows/ci.yml runs the tests as .ci/run
// does, in the Debian that .ci/run installs its packages from, with the Go
// of go.mod.
func TestCIWorkflow(t *testing.T) {
	_, steps := readWorkflow(t, "ci.yml")
	var ran, goMod bool
	for _, s := range steps {
		if strings.TrimSpace(s.Run) == "bash .ci/run" {
			ran = true
		}
		if strings.HasPrefix(s.Uses, "actions/setup-go@") && s.With["go-version-file"] == "go.mod" {
			goMod = true
		}
	}
	if !ran || !goMod {
		t.Errorf("ci.yml: runs bash .ci/run: %v; sets up go.mod's Go: %v", ran, goMod)
	}
}
