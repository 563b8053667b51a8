package config

import (
	"os"
	"path/filepath"
	"testing"
)

// TestCache: a project file is parsed once while it is unchanged, and
// again as soon as it changes.
func TestCache(t *testing.T) {
	file := filepath.Join(t.TempDir(), FileName)
	if err := os.WriteFile(file, []byte("disable: [parameter-unused]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var c Cache
	first, _ := c.Load(file)
	if again, _ := c.Load(file); again != first {
		t.Error("an unchanged file was parsed again")
	}
	if err := os.WriteFile(file, []byte("disable: [parameter-unused, nope]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg, problems := c.Load(file)
	if cfg == first || len(problems) != 1 {
		t.Errorf("after the edit: the old parse (%v) or %d problems, want 1", cfg == first, len(problems))
	}
	if err := os.Remove(file); err != nil {
		t.Fatal(err)
	}
	if _, problems := c.Load(file); len(problems) != 1 || !problems[0].Fatal() {
		t.Errorf("a removed file: %v", problems)
	}
}
