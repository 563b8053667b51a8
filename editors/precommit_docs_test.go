package editors

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

var preCommit = editorTool{program: "pre-commit", packages: []string{"pre-commit"}}

// TestPreCommitDocs runs pre-commit itself on a git repository of
// templates, with each configuration docs/ci.md gives:
//
// hook: the docs' shell lines write .pre-commit-config.yaml from a clone
// of heat-ls (a commit of this checkout, uncommitted changes included,
// cloned once more so it has an origin), so pre-commit clones that
// repository by path, reads its .pre-commit-hooks.yaml and builds heat-ls
// with Go (language: golang);
//
// local: the docs' `repo: local` configuration runs the heat-ls on PATH
// (built from this checkout).
//
// Each time clean templates and other YAML pass, and a template with an
// error fails with the output the docs show.
func TestPreCommitDocs(t *testing.T) {
	pc := requireTool(t, preCommit)
	if testing.Short() {
		t.Skip("builds heat-ls through pre-commit; skipped with -short (run: go test ./editors -run TestPreCommitDocs)")
	}
	blocks := snippets(t, ciDoc, "## pre-commit")
	var script, local, failure string
	for _, b := range blocks {
		switch {
		case b.lang == "sh" && strings.Contains(b.text, ".pre-commit-config.yaml"):
			script = b.text
		case b.lang == "yaml" && strings.Contains(b.text, "repo: local"):
			local = b.text
		case b.lang == "text":
			failure = b.text
		}
	}
	if script == "" || local == "" || failure == "" {
		t.Fatalf("docs/ci.md's pre-commit section lacks the shell lines that write the configuration (%v), the local hook (%v) or the failure it shows (%v)",
			script != "", local != "", failure != "")
	}
	root := moduleRoot(t)
	tmp := t.TempDir()
	gitEnv := []string{
		"GIT_AUTHOR_NAME=heat-ls test", "GIT_AUTHOR_EMAIL=test@heat-ls.invalid",
		"GIT_COMMITTER_NAME=heat-ls test", "GIT_COMMITTER_EMAIL=test@heat-ls.invalid",
		"GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=/dev/null",
	}
	env := append(withoutEnv(os.Environ(), "GOBIN", "GOFLAGS", "GOMODCACHE", "PRE_COMMIT_HOME", "GIT_DIR", "GIT_WORK_TREE"), gitEnv...)
	env = append(env,
		"PRE_COMMIT_HOME="+filepath.Join(tmp, "pre-commit-cache"),
		// The module cache of this machine, so nothing need be downloaded;
		// -trimpath lets Go's build cache serve the build in pre-commit's
		// temporary clone.
		"GOMODCACHE="+goEnv(t, "GOMODCACHE"),
		"GOFLAGS="+strings.TrimSpace(os.Getenv("GOFLAGS")+" -trimpath"))

	sh := func(dir string, env []string, script string) (string, error) {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
		defer cancel()
		cmd := exec.CommandContext(ctx, "bash", "-eo", "pipefail", "-c", script)
		cmd.Dir = dir
		cmd.Env = env
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	templates := func(name string) string {
		dir := filepath.Join(tmp, name)
		writeTemplates(t, dir, map[string]string{
			"stack.yaml": badTemplate, "network.yaml": goodTemplate, ".github/workflows/ci.yml": "name: ci\non: [push]\njobs: {}\n",
		})
		if out, err := sh(dir, env, "git init -q . && git add -A"); err != nil {
			t.Fatalf("git init: %v\n%s", err, out)
		}
		return dir
	}
	// check runs pre-commit on the clean files, then on the broken one.
	check := func(t *testing.T, dir string, env []string) {
		if out, err := sh(dir, env, "git add -A && "+pc+" run --color never --files network.yaml .github/workflows/ci.yml"); err != nil {
			skipIfGoUnreachable(t, out)
			t.Fatalf("pre-commit on clean files: %v\n%s", err, out)
		}
		out, err := sh(dir, env, pc+" run --color never --files stack.yaml network.yaml")
		var exit *exec.ExitError
		if !errors.As(err, &exit) || exit.ExitCode() != 1 {
			t.Fatalf("pre-commit on a template with an error: %v, want exit status 1\n%s", err, out)
		}
		for _, line := range strings.Split(strings.TrimSpace(failure), "\n") {
			if dots := strings.Index(line, "...."); dots >= 0 {
				// the hook's name, padded with dots to the terminal width
				line = regexp.MustCompile(`\.+`).ReplaceAllString(line, ".")
				got := regexp.MustCompile(`\.{2,}`).ReplaceAllString(out, ".")
				if !strings.Contains(got, line) {
					t.Errorf("the output lacks %q:\n%s", line, out)
				}
				continue
			}
			if !strings.Contains(out, line) {
				t.Errorf("the output lacks the docs' line %q:\n%s", line, out)
			}
		}
	}

	t.Run("hook", func(t *testing.T) {
		upstream := filepath.Join(tmp, "heat-ls-upstream")
		copyCheckout(t, root, upstream)
		clone := filepath.Join(tmp, "heat-ls")
		if out, err := sh(tmp, env, "git -C heat-ls-upstream init -q && git -C heat-ls-upstream add -A && git -C heat-ls-upstream commit -q -m snapshot && git clone -q heat-ls-upstream heat-ls"); err != nil {
			t.Fatalf("making a clone of heat-ls: %v\n%s", err, out)
		}
		dir := templates("templates-hook")
		if out, err := sh(dir, append(env, "HEAT_LS="+clone), script); err != nil {
			t.Fatalf("docs/ci.md's lines that write .pre-commit-config.yaml: %v\n%s", err, out)
		}
		config, _ := os.ReadFile(filepath.Join(dir, ".pre-commit-config.yaml"))
		if !strings.Contains(string(config), "repo: "+upstream+"\n") {
			t.Fatalf("the configuration does not name the clone's origin %s:\n%s", upstream, config)
		}
		check(t, dir, env)
	})

	t.Run("local", func(t *testing.T) {
		bin, err := buildServer(root, t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		dir := templates("templates-local")
		writeTemplates(t, dir, map[string]string{".pre-commit-config.yaml": local})
		path := filepath.Dir(bin) + string(os.PathListSeparator) + os.Getenv("PATH")
		check(t, dir, append(withoutEnv(env, "PATH"), "PATH="+path))
	})
}

// skipIfGoUnreachable skips the test when pre-commit's Go build failed
// because modules may not be downloaded here (GOPROXY=off, GOFLAGS=-mod=vendor
// and the like): the hook needs Go's module proxy, or a module cache
// holding heat-ls's dependencies.
func skipIfGoUnreachable(t *testing.T, out string) {
	t.Helper()
	for _, sign := range []string{"module lookup disabled", "GOPROXY=off", "dial tcp", "inconsistent vendoring", "cannot find module providing package"} {
		if strings.Contains(out, sign) && strings.Contains(out, "go install") {
			t.Skipf("SKIP: pre-commit could not build heat-ls (%q): the golang hook needs Go's module proxy or a module cache with heat-ls's dependencies; "+
				"run with GOPROXY=https://proxy.golang.org,direct go test ./editors -run TestPreCommitDocs\n%s", sign, tail([]byte(out), 2000))
		}
	}
}

// withoutEnv returns env without the variables named.
func withoutEnv(env []string, names ...string) []string {
	var out []string
	for _, kv := range env {
		name, _, _ := strings.Cut(kv, "=")
		drop := false
		for _, n := range names {
			drop = drop || name == n
		}
		if !drop {
			out = append(out, kv)
		}
	}
	return out
}
