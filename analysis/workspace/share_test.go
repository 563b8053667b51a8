package workspace

import (
	"os"
	"path/filepath"
	"testing"

	"heat-ls/analysis/hot"
)

// TestAdoptSharesOnlyTheSameText checks that the index takes an open
// document's parse in place of its own only when it parses the indexed
// text.
func TestAdoptSharesOnlyTheSameText(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "t.yaml")
	text := "heat_template_version: 2018-08-31\nparameters:\n  p: {type: string}\n"
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	x := New(dir)
	x.Scan(t.Context(), nil)
	tests := []struct {
		name string
		path string
		text string
		want bool
	}{
		{"other text", path, text + "outputs: {}\n", false},
		{"not indexed", filepath.Join(dir, "u.yaml"), text, false},
		{"same text", path, text, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			doc := hot.Parse([]byte(tc.text))
			before := x.Snapshot().File(path)
			if got := x.Adopt(tc.path, doc); got != tc.want {
				t.Fatalf("Adopt = %v, want %v", got, tc.want)
			}
			after := x.Snapshot().File(path)
			if tc.want && (after.Doc != doc || after.Open) || !tc.want && after.Doc != before.Doc {
				t.Fatalf("indexed parse %p (open %v), adopted %p, before %p", after.Doc, after.Open, doc, before.Doc)
			}
		})
	}
}
