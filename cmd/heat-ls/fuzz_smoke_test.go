package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"heat-ls/schema/refdata"
)

// fuzzTargets lists every native fuzz target of the project. The test
// below fails if a Fuzz function appears that is not listed here, so new
// targets are fuzzed too.
var fuzzTargets = []struct{ pkg, name string }{
	{"./analysis/source", "FuzzMapper"},
	{"./analysis/syntax", "FuzzParse"},
	{"./analysis/syntax", "FuzzSplice"},
	{"./analysis/lint", "FuzzModel"},
	{"./analysis/lint", "FuzzAnalysis"},
	{"./lsp", "FuzzMessages"},
	{"./lsp", "FuzzFrameReader"},
	{"./lsp/store", "FuzzApplyChanges"},
	{"./analysis/yaql", "FuzzCheck"},
	{"./analysis/pyre", "FuzzPatternCheck"},
}

// TestFuzzSmoke runs each fuzz target for a few seconds of real fuzzing
// (beyond the seed corpus, which plain "go test" already runs), so the
// test command exercises the YAML model, the mapper, the analysis and the
// server's message handling with generated inputs. A target that panics,
// hangs or breaks its own invariants fails here. Skipped with -short.
func TestFuzzSmoke(t *testing.T) {
	if testing.Short() {
		t.Skip("fuzzing skipped with -short (run without -short)")
	}
	root := moduleRootDir(t)
	checkFuzzTargetsListed(t, root)
	// One second a target in the test command, which must stay quick,
	// four where HEAT_LS_LONG is set (.ci/run); HEAT_LS_FUZZTIME
	// overrides both.
	fuzzTime := "1s"
	if os.Getenv("HEAT_LS_LONG") != "" {
		fuzzTime = "4s"
	}
	if v := os.Getenv("HEAT_LS_FUZZTIME"); v != "" {
		fuzzTime = v
	}
	for _, ft := range fuzzTargets {
		t.Run(ft.name, func(t *testing.T) {
			out, err := fuzzOnce(root, ft.pkg, ft.name, fuzzTime)
			if err != nil && !foundFailingInput(out) {
				// The fuzzing engine's coordinator gives up on a worker
				// that does not answer in time, which happens on a loaded
				// 2-core machine without any fault in the target. That is
				// retried once; a failing input never is.
				t.Logf("fuzzing infrastructure error, retrying once: %v\n%s", err, out)
				out, err = fuzzOnce(root, ft.pkg, ft.name, fuzzTime)
			}
			if err != nil {
				t.Fatalf("go test -fuzz %s %s: %v\n%s", ft.name, ft.pkg, err, out)
			}
		})
	}
}

// fuzzOnce fuzzes one target with a single worker, bounded in time.
func fuzzOnce(root, pkg, name, fuzzTime string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "go", "test", "-run", "^$", "-fuzz", "^"+name+"$",
		"-fuzztime", fuzzTime, "-parallel", "1", pkg)
	// A crasher found here is saved under the package's testdata/fuzz,
	// where it then becomes a seed: commit it with the fix.
	cmd.Dir = root
	return cmd.CombinedOutput()
}

// foundFailingInput reports whether go test -fuzz found an input that
// breaks the target (as opposed to the engine itself failing).
func foundFailingInput(out []byte) bool {
	return strings.Contains(string(out), "Failing input written to")
}

// checkFuzzTargetsListed fails when a Fuzz function exists that
// fuzzTargets does not name.
func checkFuzzTargetsListed(t *testing.T, root string) {
	listed := map[string]bool{}
	for _, ft := range fuzzTargets {
		listed[ft.name] = true
	}
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "node_modules" || strings.HasPrefix(d.Name(), ".")) && path != root {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, line := range strings.Split(string(src), "\n") {
			if name, ok := strings.CutPrefix(line, "func Fuzz"); ok {
				name = "Fuzz" + name[:strings.IndexByte(name, '(')]
				if !listed[name] {
					t.Errorf("%s in %s is not in fuzzTargets", name, path)
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// moduleRootDir is the directory holding go.mod.
func moduleRootDir(t *testing.T) string {
	dir, ok := refdata.ModuleRoot()
	if !ok {
		t.Fatal("go.mod not found")
	}
	return dir
}
