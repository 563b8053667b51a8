package schema

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"heat-ls/schema/refdata"
)

// sharedDir finds <module root>/../shared, or skips the test.
func sharedDir(t testing.TB) string {
	t.Helper()
	return refdata.Require(t, "the embedded data cannot be compared with Heat's facts")
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

// mustLoadZed loads the first release's facts, the base the embedded
// data starts from (shared/heat/resource_types.json describes it).
func mustLoadZed(t testing.TB) *Schema {
	t.Helper()
	return mustLoadRelease(t, "2022.2")
}

func mustLoadRelease(t testing.TB, name string) *Schema {
	t.Helper()
	s, err := LoadRelease(name)
	if err != nil {
		t.Fatal(err)
	}
	return s
}
