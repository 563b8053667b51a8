package schema

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// sharedDir finds <module root>/../shared, or skips the test.
func sharedDir(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Skip("../shared not found: no go.mod above the test directory")
		}
		dir = parent
	}
	shared := filepath.Join(dir, "..", "shared")
	if _, err := os.Stat(filepath.Join(shared, "heat", "versions.json")); err != nil {
		t.Skipf("../shared not found: %s is absent, so the embedded data cannot be compared with Heat's facts", shared)
	}
	return shared
}

func readSharedJSON(t testing.TB, rel string, v any) {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join(sharedDir(t), rel))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(raw, v); err != nil {
		t.Fatalf("%s: %v", rel, err)
	}
}

func mustLoad(t testing.TB) *Schema {
	t.Helper()
	s, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	return s
}
