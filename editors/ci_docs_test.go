package editors

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"gopkg.in/yaml.v3"

	"heat-ls/analysis/syntax"
)

// ciDoc is the page on using heat-ls in CI and with pre-commit.
var ciDoc = filepath.Join("..", "docs", "ci.md")

// docBlocks returns the fenced blocks of every "## " section of a
// Markdown file, in order.
func docBlocks(t *testing.T, path string) []snippet {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var blocks []snippet
	for _, line := range strings.Split(string(src), "\n") {
		if strings.HasPrefix(line, "## ") {
			blocks = append(blocks, snippets(t, path, line)...)
		}
	}
	return blocks
}

// placeholder matches what stands in for a real address or name.
var placeholder = regexp.MustCompile(`(?i)example\.(?:org|com|net)|<[^>\n]*(?:url|repository|owner|host)[^>\n]*>|(?-i:\bOWNER/)|your-org`)

// TestCIDocSnippets: every YAML block of docs/ci.md parses (a fragment of
// a job's steps as such), every `heat-ls check` in any block uses only
// flags and formats `heat-ls check --help` lists, and neither the page nor
// the hook definitions and workflows it points to hold a placeholder
// address.
func TestCIDocSnippets(t *testing.T) {
	for _, name := range []string{ciDoc, filepath.Join("..", ".pre-commit-hooks.yaml"),
		filepath.Join("..", ".github", "workflows", "release.yml"), filepath.Join("..", ".github", "workflows", "ci.yml")} {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if m := placeholder.FindString(string(src)); m != "" {
			t.Errorf("%s holds the placeholder %q: every command must work as written", name, m)
		}
	}
	help := checkHelp(t)
	flag := regexp.MustCompile(`(?:^|\s|\[)--([a-z-]+)`)
	format := regexp.MustCompile(`--format (\w+)`)
	langs := map[string]int{}
	for _, b := range docBlocks(t, ciDoc) {
		langs[b.lang]++
		if b.lang == "yaml" {
			text := b.text
			if strings.HasPrefix(text, " ") {
				text = "steps:\n" + text // a fragment of a job's steps
			}
			if f := syntax.Parse([]byte(text)); f.Broken || len(f.Problems) > 0 {
				t.Errorf("docs/ci.md:%d: YAML block: %+v", b.line, f.Problems)
			}
		}
		for _, line := range strings.Split(b.text, "\n") {
			_, cmd, ok := strings.Cut(line, "heat-ls check")
			if !ok {
				continue
			}
			cmd, _, _ = strings.Cut(cmd, " #") // a comment after the command
			for _, m := range flag.FindAllStringSubmatch(cmd, -1) {
				if !strings.Contains(help, "\n  -"+m[1]+" ") && !strings.Contains(help, "\n  -"+m[1]+"\n") {
					t.Errorf("docs/ci.md:%d: heat-ls check has no flag --%s", b.line, m[1])
				}
			}
			for _, m := range format.FindAllStringSubmatch(cmd, -1) {
				if !regexp.MustCompile(`output format: .*\b` + m[1] + `\b`).MatchString(help) {
					t.Errorf("docs/ci.md:%d: heat-ls check --format %s is not a format", b.line, m[1])
				}
			}
		}
	}
	if langs["yaml"] < 5 || langs["sh"] < 3 {
		t.Errorf("want the GitHub workflow and its two variants, GitLab's job and the local pre-commit hook (YAML), and the shell, pre-commit and SHA256SUMS commands: got %v", langs)
	}
}

// checkHelp builds heat-ls and returns `heat-ls check --help`.
func checkHelp(t *testing.T) string {
	t.Helper()
	bin, err := buildServer(moduleRoot(t), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	out, _ := exec.Command(bin, "check", "--help").CombinedOutput()
	if !strings.Contains(string(out), "-format") {
		t.Fatalf("heat-ls check --help:\n%s", out)
	}
	return "\n" + string(out)
}

// actionsJob is the part of a workflow job the simulation runs.
type actionsJob struct {
	Steps []struct {
		Name string            `yaml:"name"`
		Uses string            `yaml:"uses"`
		Run  string            `yaml:"run"`
		With map[string]string `yaml:"with"`
		Env  map[string]string `yaml:"env"`
	} `yaml:"steps"`
}

// TestCIDocGitHubActions runs docs/ci.md's GitHub Actions workflow the way
// a runner would, on this machine: the templates' checkout is a directory
// of templates, the checkout of heat-ls is a copy of this checkout at the
// step's path, setup-go is the Go running this test, and every `run:` step
// runs as written with bash -eo pipefail in the workspace, with
// GITHUB_PATH, GITHUB_WORKSPACE and RUNNER_TEMP as a runner sets them.
// Clean templates pass; a template with an error fails the last step with
// its annotation.
func TestCIDocGitHubActions(t *testing.T) {
	if testing.Short() {
		t.Skip("builds heat-ls as the workflow does; skipped with -short (run: go test ./editors -run TestCIDocGitHubActions)")
	}
	blocks := snippets(t, ciDoc, "## GitHub Actions")
	if len(blocks) == 0 || blocks[0].lang != "yaml" {
		t.Fatal("docs/ci.md's GitHub Actions section does not start with the workflow")
	}
	var wf struct {
		Jobs map[string]actionsJob `yaml:"jobs"`
	}
	if err := yaml.Unmarshal([]byte(blocks[0].text), &wf); err != nil || len(wf.Jobs) != 1 {
		t.Fatalf("docs/ci.md:%d: want a workflow of one job: %v", blocks[0].line, err)
	}
	var job actionsJob
	for _, j := range wf.Jobs {
		job = j
	}

	root := moduleRoot(t)
	gomodcache := goEnv(t, "GOMODCACHE")
	tmp := t.TempDir()
	workspace := filepath.Join(tmp, "workspace")
	runnerTemp := filepath.Join(tmp, "runner-temp")
	githubPath := filepath.Join(tmp, "github-path")
	for _, d := range []string{workspace, runnerTemp} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	writeTemplates(t, workspace, map[string]string{"stack.yaml": goodTemplate, "ci/workflow.yml": "name: ci\non: [push]\njobs: {}\n"})
	env := []string{
		"GITHUB_WORKSPACE=" + workspace, "RUNNER_TEMP=" + runnerTemp, "GITHUB_PATH=" + githubPath,
		"GITHUB_ACTIONS=true", "CI=true",
		// setup-go's fresh GOPATH; the module cache of this machine, so
		// nothing is downloaded.
		"GOPATH=" + filepath.Join(tmp, "gopath"), "GOMODCACHE=" + gomodcache,
		// -trimpath: the build does not depend on the copy's temporary
		// path, so Go's build cache serves every run after the first.
		"GOFLAGS=" + strings.TrimSpace(os.Getenv("GOFLAGS")+" -trimpath"),
	}
	for _, kv := range os.Environ() {
		switch strings.SplitN(kv, "=", 2)[0] {
		case "GOPATH", "GOBIN", "GOMODCACHE", "GOFLAGS", "GITHUB_PATH", "GITHUB_WORKSPACE", "RUNNER_TEMP", "CI", "GITHUB_ACTIONS":
		default:
			env = append(env, kv)
		}
	}

	// run runs one run: step and applies what it appended to GITHUB_PATH.
	run := func(name, script string, stepEnv map[string]string) ([]byte, error) {
		if strings.Contains(script, "${{") {
			t.Fatalf("step %q: a run: line with an expression cannot be run here:\n%s", name, script)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
		defer cancel()
		cmd := exec.CommandContext(ctx, "bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", script)
		cmd.Dir = workspace
		cmd.Env = append([]string(nil), env...)
		for k, v := range stepEnv {
			cmd.Env = append(cmd.Env, k+"="+v)
		}
		out, err := cmd.CombinedOutput()
		if added, _ := os.ReadFile(githubPath); len(added) > 0 {
			path := ""
			for _, kv := range env {
				if p, ok := strings.CutPrefix(kv, "PATH="); ok {
					path = p
				}
			}
			lines := strings.Fields(string(added))
			for i, j := 0, len(lines)-1; i < j; i, j = i+1, j-1 {
				lines[i], lines[j] = lines[j], lines[i]
			}
			env = append(env, "PATH="+strings.Join(append(lines, path), string(os.PathListSeparator)))
			os.Remove(githubPath)
		}
		return out, err
	}

	last := ""
	for i, s := range job.Steps {
		switch {
		case strings.HasPrefix(s.Uses, "actions/checkout@") && s.With["repository"] == "":
			// The templates: already in the workspace.
		case strings.HasPrefix(s.Uses, "actions/checkout@"):
			if s.With["path"] == "" {
				t.Fatalf("step %d checks out heat-ls over the templates (no path:)", i)
			}
			copyCheckout(t, root, filepath.Join(workspace, s.With["path"]))
		case strings.HasPrefix(s.Uses, "actions/setup-go@"):
			if _, err := os.Stat(filepath.Join(workspace, s.With["go-version-file"])); err != nil {
				t.Fatalf("setup-go's go-version-file: %v", err)
			}
		case s.Run != "":
			out, err := run(s.Name, s.Run, s.Env)
			if err != nil {
				t.Fatalf("step %q: %v\n%s", s.Name, err, out)
			}
			last = s.Run
		default:
			t.Fatalf("step %d uses %q, which this test does not simulate", i, s.Uses)
		}
	}
	if !strings.Contains(last, "heat-ls check") {
		t.Fatalf("the last run: step %q does not run heat-ls check", last)
	}
	if entries, _ := os.ReadDir(workspace); len(entries) != 2 {
		t.Errorf("after the workflow the workspace holds %d entries, want the templates alone (stack.yaml, ci/)", len(entries))
	}

	// A template with an error fails the check with its annotation.
	writeTemplates(t, workspace, map[string]string{"bad.yaml": badTemplate})
	out, err := run("check again", last, nil)
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 1 {
		t.Fatalf("the check of a template with an error: %v, want exit status 1\n%s", err, out)
	}
	if !bytes.Contains(out, []byte("::error file=bad.yaml,line=5,")) {
		t.Errorf("no annotation for bad.yaml:5:\n%s", out)
	}
}

const (
	goodTemplate = "heat_template_version: 2018-08-31\nresources:\n  net:\n    type: OS::Neutron::Net\n"
	// badTemplate's one problem: a flavor that is a mapping (line 5).
	badTemplate = "heat_template_version: 2018-08-31\nresources:\n  server:\n    type: OS::Nova::Server\n    properties: {image: cirros, flavor: {name: m1.small}}\n"
)

// writeTemplates writes files (by slash path) under dir.
func writeTemplates(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, text := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// copyCheckout copies the files of the checkout at root that git tracks or
// would track (uncommitted changes included; ignored files left out) to
// dst. Without git, or outside a git checkout, the test skips.
func copyCheckout(t *testing.T, root, dst string) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("SKIP: git is not installed (install it with `apt-get install -y git`)")
	}
	ls := exec.Command("git", "ls-files", "-z", "-c", "-o", "--exclude-standard")
	ls.Dir = root
	list, err := ls.Output()
	if err != nil {
		t.Skipf("SKIP: %s is not a git checkout (%v): run this test in a clone of the repository", root, err)
	}
	if err := os.MkdirAll(dst, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, name := range strings.Split(strings.TrimRight(string(list), "\x00"), "\x00") {
		src := filepath.Join(root, name)
		info, err := os.Lstat(src)
		if err != nil || !info.Mode().IsRegular() {
			continue // deleted in the work tree, or not a plain file
		}
		data, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(dst, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, info.Mode().Perm()); err != nil {
			t.Fatal(err)
		}
	}
}

// goEnv returns `go env NAME`.
func goEnv(t *testing.T, name string) string {
	t.Helper()
	out, err := exec.Command("go", "env", name).Output()
	if err != nil {
		t.Fatalf("go env %s: %v", name, err)
	}
	return strings.TrimSpace(string(out))
}
