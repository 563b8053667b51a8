package workspace

import (
	"path/filepath"
	"runtime"
	"testing"

	"heat-ls/schema/refdata"
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
	return refdata.Require(t, "the corpus and Heat's cases cannot be checked across files")
}

// hotEnv parses text as an environment file at path.
func hotEnv(t testing.TB, path, text string) *File {
	f := parseFile(path, []byte(text), false)
	if !f.IsEnvironment() {
		t.Fatalf("not an environment: %q", text)
	}
	return f
}
