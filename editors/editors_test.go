package editors

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// Each editor run is bounded; a hung editor or server fails the test
// instead of stalling `go test`.
const (
	editorTimeout  = 90 * time.Second
	vscodeTimeout  = 5 * time.Minute // npm ci, build, tests and vsce package
	installTimeout = 5 * time.Minute
)

// editorTool names an external program a test needs and the Debian
// packages that provide it.
type editorTool struct {
	program  string
	packages []string
}

var (
	neovim = editorTool{program: "nvim", packages: []string{"neovim"}}
	emacs  = editorTool{program: "emacs", packages: []string{"emacs-nox", "elpa-eglot"}}
	// Node.js >= 20 and npm come with the machine; Debian's own nodejs is
	// 18 (too old for @vscode/vsce 3) and its npm would replace the
	// machine's Node.js, so they are never installed from apt here.
	npm = editorTool{program: "npm"}
)

// mustRun reports whether the editor tests may not be skipped: in CI and
// whenever HEAT_LS_EDITOR_TESTS is set.
func mustRun() bool {
	return os.Getenv("CI") == "true" || os.Getenv("HEAT_LS_EDITOR_TESTS") != ""
}

// requireTool returns the path of tool's program. When it is missing it
// skips the test, unless the tests must run: then it installs the Debian
// packages (as root, with apt-get) or fails with the command to run.
func requireTool(t *testing.T, tool editorTool) string {
	t.Helper()
	if p, err := exec.LookPath(tool.program); err == nil {
		return p
	}
	if len(tool.packages) == 0 {
		if !mustRun() {
			t.Skipf("SKIP: %s is not installed (install Node.js >= 20 with npm to run this, or set HEAT_LS_EDITOR_TESTS=1 to make it fail instead)", tool.program)
		}
		t.Fatalf("%s is not installed: the VS Code extension test needs Node.js >= 20 with npm", tool.program)
	}
	install := "apt-get update && apt-get install -y " + strings.Join(tool.packages, " ")
	if !mustRun() {
		t.Skipf("SKIP: %s is not installed (install it with `%s`, or set HEAT_LS_EDITOR_TESTS=1 to make this test install it or fail)", tool.program, install)
	}
	if _, err := exec.LookPath("apt-get"); err != nil || os.Geteuid() != 0 {
		t.Fatalf("%s is not installed and cannot be installed here (needs root and apt-get); run `%s`", tool.program, install)
	}
	ctx, cancel := context.WithTimeout(context.Background(), installTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, "sh", "-c", install)
	cmd.Env = append(os.Environ(), "DEBIAN_FRONTEND=noninteractive")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s is not installed and `%s` failed: %v\n%s", tool.program, install, err, tail(out, 3000))
	}
	p, err := exec.LookPath(tool.program)
	if err != nil {
		t.Fatalf("%s is still missing after `%s`", tool.program, install)
	}
	return p
}

// moduleRoot is the directory holding go.mod (the parent of editors/).
func moduleRoot(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatalf("module root not found above editors/: %v", err)
	}
	return root
}

// buildServer builds cmd/heat-ls into dir.
func buildServer(root, dir string) (string, error) {
	bin := filepath.Join(dir, "heat-ls")
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "go", "build", "-o", bin, "./cmd/heat-ls")
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("building heat-ls: %v\n%s", err, out)
	}
	return bin, nil
}

// isolatedEnv is the environment for an editor run: the server and fixture
// under test, and a private HOME/XDG tree so no user configuration leaks in.
func isolatedEnv(t *testing.T, bin, fixtures string) []string {
	home := t.TempDir()
	env := []string{
		"HEAT_LS_BIN=" + bin,
		"HEAT_LS_FIXTURE_DIR=" + fixtures,
		"HOME=" + home,
		"XDG_CONFIG_HOME=" + filepath.Join(home, "config"),
		"XDG_DATA_HOME=" + filepath.Join(home, "data"),
		"XDG_STATE_HOME=" + filepath.Join(home, "state"),
		"XDG_CACHE_HOME=" + filepath.Join(home, "cache"),
	}
	for _, kv := range os.Environ() {
		switch strings.SplitN(kv, "=", 2)[0] {
		case "HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME", "HEAT_LS_BIN", "HEAT_LS_FIXTURE_DIR", "NVIM", "VIMINIT", "EMACSLOADPATH":
		default:
			env = append(env, kv)
		}
	}
	return env
}

// runEditor runs an editor test script and turns its "ok:", "SKIP:" and
// "FAIL:" lines into subtests, so skipped feature probes show up as skips
// in `go test -v` and failures carry the script's message.
func runEditor(t *testing.T, timeout time.Duration, dir string, env []string, name string, args ...string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	cmd.Env = env
	cmd.WaitDelay = 5 * time.Second
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	out := append(stdout.Bytes(), "\n--- stderr ---\n"+stderr.String()...)
	if ctx.Err() != nil {
		t.Fatalf("%s did not finish within %v\n%s", name, timeout, tail(out, 6000))
	}
	sawSummary := false
	scanner := bufio.NewScanner(bytes.NewReader(stdout.Bytes()))
	scanner.Buffer(make([]byte, 1<<20), 1<<20)
	for scanner.Scan() {
		line := scanner.Text()
		switch {
		case strings.HasPrefix(line, "ok: "):
			msg := strings.TrimPrefix(line, "ok: ")
			t.Run(subtestName(msg), func(t *testing.T) { t.Log(msg) })
		case strings.HasPrefix(line, "SKIP: "):
			msg := strings.TrimPrefix(line, "SKIP: ")
			t.Run(subtestName(msg), func(t *testing.T) { t.Skip("SKIP: " + msg) })
		case strings.HasPrefix(line, "FAIL: "):
			msg := strings.TrimPrefix(line, "FAIL: ")
			what, _, _ := strings.Cut(msg, ": ")
			t.Run(subtestName(what), func(t *testing.T) { t.Error(msg) })
		case summaryLine.MatchString(line):
			sawSummary = true
			t.Log(line)
		}
	}
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		t.Fatalf("%s exited with status %d\n%s", name, exit.ExitCode(), tail(out, 8000))
	case err != nil:
		t.Fatalf("running %s: %v", name, err)
	case !sawSummary:
		t.Fatalf("%s exited 0 without its summary line; output:\n%s", name, tail(out, 8000))
	}
}

// summaryLine matches the last line every editor script prints.
var summaryLine = regexp.MustCompile(`^heat-ls \w+ test .*: \d+ passed, \d+ skipped, 0 failed$`)

var unsafeName = regexp.MustCompile(`[^A-Za-z0-9_.:-]+`)

// subtestName turns a script's message into a subtest name: the message
// itself, or for failures the part before the detail, kept short.
func subtestName(msg string) string {
	name := unsafeName.ReplaceAllString(msg, "_")
	if len(name) > 80 {
		name = name[:80]
	}
	return name
}

func tail(b []byte, n int) string {
	if len(b) > n {
		return "...\n" + string(b[len(b)-n:])
	}
	return string(b)
}

// TestEditors runs each editor integration in the real editor against a
// heat-ls built from this checkout. Expected values: testdata/editors/.
func TestEditors(t *testing.T) {
	root := moduleRoot(t)
	fixtures := filepath.Join(root, "testdata", "editors")
	if _, err := os.Stat(filepath.Join(fixtures, "expectations.json")); err != nil {
		t.Fatalf("editor test fixtures missing: %v", err)
	}
	// Decide what can run before paying for the build.
	var bin, buildErr string
	binDir := t.TempDir() // the parent's: it outlives every subtest using the binary
	server := func(t *testing.T) string {
		t.Helper()
		switch {
		case buildErr != "":
			t.Fatal(buildErr) // built once; do not retry a failed build per editor
		case bin == "" && os.Getenv("HEAT_LS_BIN") != "":
			bin = os.Getenv("HEAT_LS_BIN") // a prebuilt server, for quick local runs
			t.Logf("using HEAT_LS_BIN=%s instead of building cmd/heat-ls", bin)
		case bin == "":
			b, err := buildServer(root, binDir)
			if err != nil {
				buildErr = err.Error()
				t.Fatal(buildErr)
			}
			bin = b
		}
		return bin
	}
	editorsDir := filepath.Join(root, "editors")

	t.Run("nvim", func(t *testing.T) {
		nvim := requireTool(t, neovim)
		env := isolatedEnv(t, server(t), fixtures)
		runEditor(t, editorTimeout, filepath.Join(editorsDir, "nvim"), env, nvim,
			"--headless", "-n", "-i", "NONE", "-u", "test/init.lua", "-c", "luafile test/run.lua")
	})

	for _, variant := range []struct{ name, withoutYAMLMode string }{
		{"emacs", ""},
		{"emacs-without-yaml-mode", "1"},
	} {
		t.Run(variant.name, func(t *testing.T) {
			em := requireTool(t, emacs)
			env := append(isolatedEnv(t, server(t), fixtures), "HEAT_LS_TEST_WITHOUT_YAML_MODE="+variant.withoutYAMLMode)
			// -q, not -Q: Debian's elpa-eglot is found through site-start.
			runEditor(t, editorTimeout, filepath.Join(editorsDir, "emacs"), env, em,
				"--batch", "-q", "-L", ".", "-l", "test/heat-ls-test.el")
		})
	}

	t.Run("vscode", func(t *testing.T) {
		requireTool(t, npm)
		if _, err := exec.LookPath("node"); err != nil {
			t.Fatalf("npm is installed but node is not: %v", err)
		}
		env := append(os.Environ(), "HEAT_LS_BIN="+server(t))
		ctx, cancel := context.WithTimeout(context.Background(), vscodeTimeout)
		defer cancel()
		cmd := exec.CommandContext(ctx, "sh", "test.sh")
		cmd.Dir = filepath.Join(editorsDir, "vscode")
		cmd.Env = env
		cmd.WaitDelay = 5 * time.Second
		out, err := cmd.CombinedOutput()
		for _, line := range strings.Split(string(out), "\n") {
			if m := nodeSkip.FindStringSubmatch(line); m != nil {
				msg := m[2]
				t.Run(subtestName(m[1]), func(t *testing.T) { t.Skip("SKIP: " + msg) })
			}
		}
		if err != nil {
			t.Fatalf("editors/vscode/test.sh failed: %v\n%s", err, tail(out, 12000))
		}
		if !strings.Contains(string(out), "vscode: OK") {
			t.Fatalf("editors/vscode/test.sh did not finish; output:\n%s", tail(out, 12000))
		}
		t.Log(tail(out, 1500))
	})
}

// nodeSkip matches a skipped subtest in node's TAP output.
var nodeSkip = regexp.MustCompile(`^\s*ok \d+ - (.+?) # SKIP (.*)$`)
