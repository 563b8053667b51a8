package analysis

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"heat-ls/schema/refdata"
)

const module = "heat-ls/"

// allowedImports pins the layering of the analysis packages: for each
// package (a directory of the module), the packages of the module its
// non-test files may import. An import not listed here fails
// TestAnalysisImportEdges, and so does a package missing from the table:
// a new edge or package is a decision, written down here.
var allowedImports = map[string][]string{
	"analysis":                  nil,
	"analysis/bench":            nil,
	"analysis/config":           {"analysis/limits", "analysis/rules", "analysis/source", "analysis/syntax", "schema", "schema/spell"},
	"analysis/graph":            {"analysis/check", "analysis/hot", "analysis/limits", "analysis/source", "analysis/syntax", "analysis/workspace", "schema"},
	"analysis/hot":              {"analysis/source", "analysis/syntax", "schema/spell"},
	"analysis/hot/edittest":     {"analysis/hot", "analysis/syntax", "analysis/syntax/synthtest", "schema/refdata"},
	"analysis/lint":             {"analysis/check", "analysis/config", "analysis/hot", "analysis/limits", "analysis/rules", "analysis/source", "analysis/syntax", "schema"},
	"analysis/pyre":             nil,
	"analysis/rules":            {"analysis/source"},
	"analysis/source":           nil,
	"analysis/syntax":           {"analysis/rules", "analysis/source"},
	"analysis/syntax/synthtest": nil,
	"analysis/workspace":        {"analysis/check", "analysis/feature", "analysis/feature/completion", "analysis/feature/cursor", "analysis/feature/envfile", "analysis/feature/hover", "analysis/hot", "analysis/limits", "analysis/source", "analysis/syntax", "schema", "schema/spell"},
	"analysis/yaql":             nil,
	"analysis/limits":           nil,
	"analysis/pyjson":           nil,
	"analysis/blake2":           nil,

	// What the editor shows: the base (what the cursor is on, the views a
	// query reads, and the answers that follow straight from them), the
	// cursor's context while text is typed, and a package for each
	// feature that needs more than the base. Only envfile builds on
	// other feature packages (completion's items, hover's text).
	"analysis/feature":            {"analysis/feature/cursor", "analysis/hot", "analysis/source", "analysis/syntax", "schema"},
	"analysis/feature/cursor":     {"analysis/hot", "analysis/source", "analysis/syntax"},
	"analysis/feature/codeaction": {"analysis/feature", "analysis/hot", "analysis/rules", "analysis/source", "analysis/syntax", "schema"},
	"analysis/feature/completion": {"analysis/feature", "analysis/feature/cursor", "analysis/hot", "analysis/source", "analysis/syntax", "schema"},
	"analysis/feature/envfile":    {"analysis/feature/completion", "analysis/feature/cursor", "analysis/feature/hover", "analysis/hot", "analysis/source", "analysis/syntax", "schema"},
	"analysis/feature/folding":    {"analysis/hot", "analysis/syntax"},
	"analysis/feature/hover":      {"analysis/feature", "analysis/hot", "analysis/source", "analysis/syntax", "schema"},
	"analysis/feature/semantic":   {"analysis/check", "analysis/feature", "analysis/hot", "analysis/source", "analysis/syntax", "schema"},

	// What a template evaluates to and becomes: the evaluator of HOT
	// functions and conditions, environments merged in order, and the
	// stack preview built on both.
	"analysis/eval":                {"analysis/blake2", "analysis/hot", "analysis/source", "analysis/syntax", "schema"},
	"analysis/environ":             {"analysis/eval", "analysis/hot", "analysis/source", "analysis/syntax"},
	"analysis/preview/previewtest": nil,
	"analysis/effective":           {"analysis/environ", "analysis/eval", "analysis/feature", "analysis/feature/hover", "analysis/hot", "analysis/rules", "analysis/source", "analysis/syntax", "schema"},
	"analysis/preview":             {"analysis/environ", "analysis/eval", "analysis/hot", "analysis/limits", "analysis/source", "analysis/syntax", "schema"},

	// The checks: a core that runs the rule packages, rule packages named
	// for what they judge, and below them what every rule shares (pass)
	// and what Heat makes of a literal value (values). Rule packages never
	// import the core; each doc.go repeats its row in a "May use:" line.
	"analysis/check": {"analysis/check/environment", "analysis/check/functions", "analysis/check/parameters",
		"analysis/check/pass", "analysis/check/plugins", "analysis/check/references", "analysis/check/resources", "analysis/check/structure",
		"analysis/check/values", "analysis/check/workspace", "analysis/hot", "analysis/limits", "analysis/rules", "analysis/source",
		"analysis/syntax", "schema"},
	"analysis/check/difftest":    {"analysis/hot", "analysis/rules", "analysis/source", "analysis/syntax"},
	"analysis/check/environment": {"analysis/check/pass", "analysis/check/values", "analysis/hot", "analysis/rules", "analysis/syntax"},
	"analysis/check/functions": {"analysis/check/pass", "analysis/check/values", "analysis/eval", "analysis/hot", "analysis/rules", "analysis/source",
		"analysis/syntax", "analysis/yaql", "schema", "schema/spell"},
	"analysis/check/parameters": {"analysis/check/pass", "analysis/check/values", "analysis/hot", "analysis/pyjson", "analysis/pyre", "analysis/rules",
		"analysis/source", "analysis/syntax", "schema"},
	"analysis/check/pass": {"analysis/check/values", "analysis/eval", "analysis/hot", "analysis/rules", "analysis/source", "analysis/syntax", "schema", "schema/spell"},
	"analysis/check/plugins": {"analysis/check/pass", "analysis/check/resources", "analysis/check/values", "analysis/hot", "analysis/rules",
		"analysis/syntax", "schema"},
	"analysis/check/references": {"analysis/check/functions", "analysis/check/pass", "analysis/check/resources", "analysis/check/values",
		"analysis/eval", "analysis/hot", "analysis/rules", "analysis/source", "analysis/syntax", "schema"},
	"analysis/check/resources": {"analysis/check/pass", "analysis/check/values", "analysis/eval", "analysis/hot", "analysis/rules", "analysis/source",
		"analysis/syntax", "schema"},
	"analysis/check/structure": {"analysis/check/pass", "analysis/check/values", "analysis/hot", "analysis/rules", "analysis/syntax",
		"schema"},
	"analysis/check/values": {"analysis/eval", "analysis/hot", "analysis/pyre", "analysis/source", "analysis/syntax", "schema"},
	"analysis/check/workspace": {"analysis/check/parameters", "analysis/check/pass", "analysis/check/resources", "analysis/check/values",
		"analysis/eval", "analysis/hot", "analysis/rules", "analysis/source", "analysis/syntax", "schema"},
}

// moduleImports returns, for each directory under root holding non-test
// .go files, the module packages they import (module prefix cut off).
// Directories the go tool ignores (testdata, names starting with "." or
// "_") are skipped.
func moduleImports(t *testing.T, fsys fs.FS, root string) map[string]map[string]bool {
	t.Helper()
	out := map[string]map[string]bool{}
	fset := token.NewFileSet()
	err := fs.WalkDir(fsys, root, func(name string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		base := d.Name()
		if d.IsDir() {
			if name != root && (base == "testdata" || strings.HasPrefix(base, ".") || strings.HasPrefix(base, "_")) {
				return fs.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(base, ".go") || strings.HasSuffix(base, "_test.go") {
			return nil
		}
		src, err := fs.ReadFile(fsys, name)
		if err != nil {
			return err
		}
		f, err := parser.ParseFile(fset, name, src, parser.ImportsOnly)
		if err != nil {
			t.Errorf("%s: cannot parse imports: %v", name, err)
			return nil
		}
		dir := path.Dir(name)
		if out[dir] == nil {
			out[dir] = map[string]bool{}
		}
		for _, imp := range f.Imports {
			p, err := strconv.Unquote(imp.Path.Value)
			if err == nil && strings.HasPrefix(p, module) {
				out[dir][strings.TrimPrefix(p, module)] = true
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// edgeViolations lists every import of found that table does not allow,
// and every package of found that table lacks.
func edgeViolations(found map[string]map[string]bool, table map[string][]string) []string {
	var out []string
	for dir, imps := range found {
		allowed, ok := table[dir]
		if !ok {
			out = append(out, dir+": a package the import table lacks (add its row)")
			continue
		}
		for imp := range imps {
			if !slices.Contains(allowed, imp) {
				out = append(out, dir+": imports "+imp+", which its row does not allow")
			}
		}
	}
	sort.Strings(out)
	return out
}

func TestEdgeViolations(t *testing.T) {
	table := map[string][]string{
		"analysis/check":      {"analysis/check/pass"},
		"analysis/check/pass": nil,
	}
	tests := []struct {
		name  string
		found map[string]map[string]bool
		want  []string
	}{
		{name: "allowed", found: map[string]map[string]bool{
			"analysis/check": {"analysis/check/pass": true}, "analysis/check/pass": {},
		}},
		{name: "edge running back up", found: map[string]map[string]bool{
			"analysis/check/pass": {"analysis/check": true},
		}, want: []string{"analysis/check/pass: imports analysis/check, which its row does not allow"}},
		{name: "package not in the table", found: map[string]map[string]bool{
			"analysis/check/newrules": {"analysis/check/pass": true},
		}, want: []string{"analysis/check/newrules: a package the import table lacks (add its row)"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := edgeViolations(tt.found, table); !slices.Equal(got, tt.want) {
				t.Errorf("violations = %q, want %q", got, tt.want)
			}
		})
	}
}

// TestAnalysisImportEdges enforces allowedImports on the analysis tree:
// every import between module packages is one the table lists.
func TestAnalysisImportEdges(t *testing.T) {
	root := moduleRoot(t)
	for _, v := range edgeViolations(moduleImports(t, os.DirFS(root), "analysis"), allowedImports) {
		t.Error(v)
	}
}

// moduleRoot is the directory holding go.mod (refdata.ModuleRoot).
func moduleRoot(t *testing.T) string {
	t.Helper()
	root, ok := refdata.ModuleRoot()
	if !ok {
		t.Fatal("go.mod not found above the test directory")
	}
	return root
}
