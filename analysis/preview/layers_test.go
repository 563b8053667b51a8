package preview

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestLayers pins what the evaluator, the environment merge and the
// preview may import, as their doc.go files say: the evaluator sits
// below every rule and feature that will ask it, so it must not reach up.
func TestLayers(t *testing.T) {
	allowed := map[string][]string{
		"../eval":    {"heat-ls/analysis/source", "heat-ls/analysis/syntax", "heat-ls/analysis/hot", "heat-ls/schema"},
		"../environ": {"heat-ls/analysis/source", "heat-ls/analysis/syntax", "heat-ls/analysis/hot", "heat-ls/analysis/eval"},
		".":          {"heat-ls/analysis/source", "heat-ls/analysis/syntax", "heat-ls/analysis/hot", "heat-ls/analysis/eval", "heat-ls/analysis/environ", "heat-ls/schema"},
	}
	for dir, ok := range allowed {
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil || len(files) == 0 {
			t.Fatalf("%s: no Go files (%v)", dir, err)
		}
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			af, err := parser.ParseFile(token.NewFileSet(), f, src, parser.ImportsOnly)
			if err != nil {
				t.Fatal(err)
			}
			for _, imp := range af.Imports {
				path, _ := strconv.Unquote(imp.Path.Value)
				if strings.HasPrefix(path, "heat-ls/") && !slices.Contains(ok, path) {
					t.Errorf("%s imports %s, which its layer may not use", f, path)
				}
				if strings.Contains(path, ".") && !strings.HasPrefix(path, "heat-ls/") {
					t.Errorf("%s imports %s: these packages use the standard library only", f, path)
				}
			}
		}
	}
}
