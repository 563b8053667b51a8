// Package refdata locates, for tests, the read-only reference data that
// sits beside the checkout as ../shared: Heat's facts, its verdicts on
// small cases, and a corpus of real templates. A fresh clone has none of
// it; tests that need it then skip with a message saying what could not
// be checked, while CI, which has it, runs them. Nothing at run time uses
// this package.
package refdata

import (
	"os"
	"path/filepath"
	"testing"
)

// ModuleRoot is the directory holding go.mod, found from the working
// directory upwards (go test runs each package in its own directory).
func ModuleRoot() (string, bool) {
	dir, err := os.Getwd()
	if err != nil {
		return "", false
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, true
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", false
		}
		dir = parent
	}
}

// Dir is <module root>/../shared when it exists, or the directory the
// HEAT_LS_SHARED environment variable names (a checkout kept elsewhere).
func Dir() (string, bool) {
	if dir := os.Getenv("HEAT_LS_SHARED"); dir != "" {
		if st, err := os.Stat(dir); err == nil && st.IsDir() {
			return dir, true
		}
	}
	root, ok := ModuleRoot()
	if !ok {
		return "", false
	}
	dir := filepath.Join(root, "..", "shared")
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return "", false
	}
	return dir, true
}

// Require returns Dir or skips the test, saying what it could not check
// ("Heat's cases cannot be run").
func Require(t testing.TB, without string) string {
	t.Helper()
	dir, ok := Dir()
	if !ok {
		t.Skip("../shared not found (run with the shared directory beside the checkout, or HEAT_LS_SHARED naming it): " + without)
	}
	return dir
}
