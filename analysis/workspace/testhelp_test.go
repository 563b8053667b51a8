package workspace

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// moduleRoot is the directory holding go.mod.
func moduleRoot(t testing.TB) string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Clean(filepath.Join(filepath.Dir(file), "..", ".."))
}

// fixtures is testdata/workspace.
func fixtures(t testing.TB) string {
	return filepath.Join(moduleRoot(t), "testdata", "workspace")
}

// shared locates ../shared or skips.
func shared(t testing.TB) string {
	dir := filepath.Join(moduleRoot(t), "..", "shared")
	if _, err := os.Stat(filepath.Join(dir, "heat")); err != nil {
		t.Skip("../shared not found: the corpus and Heat cases live next to the checkout (" + dir + ")")
	}
	return dir
}

// hotEnv parses text as an environment file at path.
func hotEnv(t testing.TB, path, text string) *File {
	f := parseFile(path, []byte(text), false)
	if !f.IsEnvironment() {
		t.Fatalf("not an environment: %q", text)
	}
	return f
}
