package editors

import (
	"archive/zip"
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// vscodeTargets maps the release's Go platforms to VS Code's target names
// (`vsce package --target`), as editors/vscode/package-vsix.sh does.
var vscodeTargets = map[string]string{
	"linux/amd64":   "linux-x64",
	"linux/arm64":   "linux-arm64",
	"darwin/amd64":  "darwin-x64",
	"darwin/arm64":  "darwin-arm64",
	"windows/amd64": "win32-x64",
	"windows/arm64": "win32-arm64",
}

// workbenchTools are the programs editors/vscode/e2e/run.sh needs besides
// Node.js and npm, and the Debian packages that bring them: Chromium to
// drive, ripgrep to seed @vscode/ripgrep, a compiler, make, python3 and the
// Kerberos headers for code-server's native modules, curl for its health
// check.
var workbenchTools = []struct{ program, pkg string }{
	{"chromium", "chromium"},
	{"rg", "ripgrep"},
	{"cc", "build-essential"},
	{"make", "build-essential"},
	{"python3", "python3"},
	{"krb5-config", "libkrb5-dev"},
	{"curl", "curl"},
	{"setsid", "util-linux"},
}

// releaseDist returns a directory holding .ci/release.sh's output and the
// version it built: $HEAT_LS_RELEASE_DIST (all six targets, as .ci/run
// leaves it), else a fresh build for this machine's platform alone, and the
// Go platforms whose .vsix it must hold.
func releaseDist(t *testing.T) (dist, version string, targets []string) {
	t.Helper()
	if dist = os.Getenv("HEAT_LS_RELEASE_DIST"); dist != "" {
		for target := range vscodeTargets {
			targets = append(targets, target)
		}
		return dist, versionOf(t, dist), targets
	}
	if testing.Short() {
		t.Skip("builds heat-ls and the VS Code extension; skipped with -short (run without -short)")
	}
	host := runtime.GOOS + "/" + runtime.GOARCH
	if _, ok := vscodeTargets[host]; !ok {
		t.Skipf("no release target for %s (run on linux, darwin or windows, amd64 or arm64)", host)
	}
	requireTool(t, npm)
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("bash is not installed (install bash to run this)")
	}
	dist = t.TempDir()
	ctx, cancel := context.WithTimeout(context.Background(), vscodeTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, "bash", filepath.Join(moduleRoot(t), ".ci", "release.sh"), host)
	cmd.Env = append(os.Environ(), "DIST="+dist, "VERSION=9.8.7")
	cmd.WaitDelay = 5 * time.Second
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf(".ci/release.sh %s: %v\n%s", host, err, tail(out, 6000))
	}
	return dist, "9.8.7", []string{host}
}

// versionOf reads the version from the names SHA256SUMS lists.
func versionOf(t *testing.T, dist string) string {
	t.Helper()
	sums, err := os.ReadFile(filepath.Join(dist, "SHA256SUMS"))
	if err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(bytes.NewReader(sums))
	for sc.Scan() {
		_, name, _ := strings.Cut(sc.Text(), "  ")
		if v, rest, ok := strings.Cut(strings.TrimPrefix(name, "heat-ls_"), "_vscode_"); ok && strings.HasSuffix(rest, ".vsix") {
			return v
		}
	}
	t.Fatalf("%s/SHA256SUMS lists no .vsix", dist)
	return ""
}

// TestVSCodeRelease checks the VS Code extension the release builds.
//
// vsix: every .vsix carries both bundled scripts (the extension and the
// graph view with its Graphviz), the third-party notices and the
// repository's LICENSE (Apache-2.0, as LICENSE.txt) and NOTICE at the
// extension's root, the licence named by the manifest; each platform
// .vsix carries exactly that platform's heat-ls (byte
// for byte the release binary, executable) at extension/bin/, declares its
// target in the manifest, and is listed in SHA256SUMS; the universal one
// carries no binary and no target.
//
// workbench: the extension inside a real VS Code (editors/vscode/e2e/run.sh):
// with heat-ls.path set, the diagnostic, hover, quick fix and completion
// reach the workbench, and the resource graph view draws the template's
// resource with Graphviz inside the webview and opens it on a click; with the platform .vsix's bundled binary, and with
// the universal .vsix and heat-ls on PATH, the server starts and reports the
// problem; each time the output channel names where the server came from.
// Screenshots and logs of a failed run are kept in a directory the failure
// names.
func TestVSCodeRelease(t *testing.T) {
	dist, version, targets := releaseDist(t)
	sums, err := os.ReadFile(filepath.Join(dist, "SHA256SUMS"))
	if err != nil {
		t.Fatal(err)
	}
	vsixName := func(target string) string { return "heat-ls_" + version + "_vscode_" + target + ".vsix" }
	licence := map[string][]byte{}
	for _, f := range []string{"LICENSE", "NOTICE"} {
		if licence[f], err = os.ReadFile(filepath.Join(moduleRoot(t), f)); err != nil {
			t.Fatal(err)
		}
	}

	t.Run("vsix", func(t *testing.T) {
		for _, target := range append(append([]string(nil), targets...), "universal") {
			goos, goarch, _ := strings.Cut(target, "/")
			vt, exe := "universal", ""
			if target != "universal" {
				vt, exe = vscodeTargets[target], "heat-ls"
				if goos == "windows" {
					exe += ".exe"
				}
			}
			name := vsixName(vt)
			if !bytes.Contains(sums, []byte("  "+name+"\n")) {
				t.Errorf("SHA256SUMS does not list %s", name)
			}
			files, err := readVSIX(filepath.Join(dist, name))
			if err != nil {
				t.Errorf("%s: %v", name, err)
				continue
			}
			for _, want := range []string{"extension/package.json", "extension/out/extension.js", "extension/out/graph-webview.js",
				"extension/THIRD_PARTY_NOTICES.md", "extension/LICENSE.txt", "extension/NOTICE", "extension.vsixmanifest"} {
				if _, ok := files[want]; !ok {
					t.Errorf("%s lacks %s", name, want)
				}
			}
			// vsce stores LICENSE as LICENSE.txt and names it in the
			// manifest; package.json declares the licence by its SPDX id.
			for packed, f := range map[string]string{"extension/LICENSE.txt": "LICENSE", "extension/NOTICE": "NOTICE"} {
				if got, ok := files[packed]; ok && !bytes.Equal(got.data, licence[f]) {
					t.Errorf("%s: %s is not the repository's %s", name, packed, f)
				}
			}
			if !strings.Contains(string(files["extension.vsixmanifest"].data), `Path="extension/LICENSE.txt"`) {
				t.Errorf("%s: the manifest does not point at extension/LICENSE.txt", name)
			}
			if !strings.Contains(string(files["extension/package.json"].data), `"license": "Apache-2.0"`) {
				t.Errorf("%s: package.json does not declare \"license\": \"Apache-2.0\"", name)
			}
			manifest := string(files["extension.vsixmanifest"].data)
			var bins []string
			for f := range files {
				if strings.HasPrefix(f, "extension/bin/") {
					bins = append(bins, f)
				}
			}
			if target == "universal" {
				if len(bins) != 0 || strings.Contains(manifest, "TargetPlatform") {
					t.Errorf("%s: the universal .vsix carries %v (manifest target: %v)", name, bins, strings.Contains(manifest, "TargetPlatform"))
				}
				continue
			}
			if len(bins) != 1 || bins[0] != "extension/bin/"+exe {
				t.Errorf("%s carries %v, want only extension/bin/%s", name, bins, exe)
				continue
			}
			if !strings.Contains(manifest, `TargetPlatform="`+vt+`"`) {
				t.Errorf("%s: manifest does not declare TargetPlatform=%q", name, vt)
			}
			bin := files[bins[0]]
			release, err := os.ReadFile(filepath.Join(dist, "heat-ls_"+version+"_"+goos+"_"+goarch, exe))
			if err != nil || !bytes.Equal(bin.data, release) {
				t.Errorf("%s: %s is not the release's %s binary (%v)", name, bins[0], target, err)
			}
			if goos != "windows" && bin.mode.Perm()&0o111 == 0 {
				t.Errorf("%s: %s has mode %v, not executable", name, bins[0], bin.mode)
			}
		}
	})

	t.Run("workbench", func(t *testing.T) {
		if runtime.GOOS != "linux" {
			t.Skip("the workbench test runs code-server with Debian's Chromium (run on Linux)")
		}
		if !mustRun() {
			t.Skip("SKIP: the real-VS-Code test installs code-server (a few minutes the first time) and runs VS Code; " +
				"run it with HEAT_LS_EDITOR_TESTS=1 go test -timeout 30m ./editors -run TestVSCodeRelease (CI=true runs it too)" +
				missingWorkbenchTools())
		}
		requireWorkbenchTools(t)
		root := moduleRoot(t)
		host := vscodeTargets[runtime.GOOS+"/"+runtime.GOARCH]
		bin := filepath.Join(dist, "heat-ls_"+version+"_"+runtime.GOOS+"_"+runtime.GOARCH, "heat-ls")
		cache, err := os.UserCacheDir()
		if err != nil {
			cache = os.TempDir()
		}
		artifacts := os.Getenv("HEAT_LS_E2E_ARTIFACTS")
		if artifacts == "" {
			if artifacts, err = os.MkdirTemp("", "heat-ls-vscode-e2e-"); err != nil {
				t.Fatal(err)
			}
		}
		t.Cleanup(func() {
			stopCodeServers(artifacts)
			if t.Failed() {
				t.Logf("screenshots and logs of the VS Code run are kept in %s", artifacts)
			} else if os.Getenv("HEAT_LS_E2E_ARTIFACTS") == "" {
				os.RemoveAll(artifacts)
			}
		})
		env := append(os.Environ(),
			"HEAT_LS_BIN="+bin,
			"VSIX_UNIVERSAL="+filepath.Join(dist, vsixName("universal")),
			"VSIX_PLATFORM="+filepath.Join(dist, vsixName(host)),
			"E2E_ARTIFACTS="+artifacts,
			"E2E_CACHE="+filepath.Join(cache, "heat-ls-vscode-e2e"),
			"PORT="+strconv.Itoa(freePort(t)),
		)
		// End before go test's own deadline would, so the cleanup above
		// still stops code-server.
		timeout := workbenchTimeout
		if deadline, ok := t.Deadline(); ok && time.Until(deadline)-time.Minute < timeout {
			timeout = time.Until(deadline) - time.Minute
		}
		t.Logf("screenshots and logs: %s (run bounded to %v)", artifacts, timeout.Round(time.Second))
		runEditor(t, timeout, filepath.Join(root, "editors", "vscode", "e2e"), env, "bash", "run.sh")
	})
}

// workbenchTimeout bounds editors/vscode/e2e/run.sh: a cold npm install
// (up to 15 minutes on its own) and two VS Code sessions of up to 5 each.
const workbenchTimeout = 28 * time.Minute

// workbenchNeeds returns the programs run.sh needs that are missing and
// the Debian packages that bring them all.
func workbenchNeeds() (missing, pkgs []string) {
	for _, tool := range workbenchTools {
		if _, err := exec.LookPath(tool.program); err != nil {
			missing = append(missing, tool.program)
		}
		if !slices.Contains(pkgs, tool.pkg) {
			pkgs = append(pkgs, tool.pkg)
		}
	}
	return missing, pkgs
}

// missingWorkbenchTools says, for a skip message, what to install first.
func missingWorkbenchTools() string {
	missing, pkgs := workbenchNeeds()
	if len(missing) == 0 {
		return ""
	}
	return fmt.Sprintf("; it also needs %s: apt-get update && apt-get install -y --no-install-recommends %s",
		strings.Join(missing, ", "), strings.Join(pkgs, " "))
}

// requireWorkbenchTools installs (as root with apt-get, see requireTool)
// or fails naming the packages when a program run.sh needs is missing.
func requireWorkbenchTools(t *testing.T) {
	t.Helper()
	missing, pkgs := workbenchNeeds()
	if len(missing) > 0 {
		requireTool(t, editorTool{program: missing[0], packages: pkgs})
		for _, p := range missing[1:] {
			if _, err := exec.LookPath(p); err != nil {
				t.Fatalf("%s is still missing after installing %v", p, pkgs)
			}
		}
	}
	requireTool(t, npm)
}

// freePort returns a loopback TCP port nothing listens on now.
func freePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// vsixFile is one entry of a .vsix (a zip file).
type vsixFile struct {
	data []byte
	mode os.FileMode
}

func readVSIX(path string) (map[string]vsixFile, error) {
	zr, err := zip.OpenReader(path)
	if err != nil {
		return nil, err
	}
	defer zr.Close()
	files := map[string]vsixFile{}
	for _, f := range zr.File {
		if f.FileInfo().IsDir() {
			continue
		}
		rc, err := f.Open()
		if err != nil {
			return nil, err
		}
		data, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			return nil, err
		}
		files[f.Name] = vsixFile{data: data, mode: f.Mode()}
	}
	return files, nil
}
