package syntax

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
)

// importRule confines imports of a module path (and its subpackages) to one
// directory of the module.
type importRule struct {
	module  string // "gopkg.in/yaml.v3"
	allowed string // slash-separated directory, "analysis/syntax"
	// exempt lists directories allowed to break the rule, each for a
	// reason given where the rules are declared.
	exempt []string
}

// projectImportRules are the layering rules of the module: YAML is read in
// one place, and only the server layer speaks LSP.
func projectImportRules() []importRule {
	return []importRule{
		// analysis/bench measures the bare yaml.v3 parse as the floor its
		// benchmarks are compared with; only _test.go files import it.
		{module: "gopkg.in/yaml.v3", allowed: "analysis/syntax", exempt: []string{"analysis/bench"}},
		{module: "go.lsp.dev", allowed: "lsp"},
	}
}

// importViolations lists "file: imports path" for every non-test .go file
// of fsys that imports a ruled module outside its allowed directory.
// Directories the go tool ignores (testdata, names starting with "." or
// "_") and node_modules are skipped.
func importViolations(t *testing.T, fsys fs.FS, rules []importRule) []string {
	t.Helper()
	var out []string
	fset := token.NewFileSet()
	err := fs.WalkDir(fsys, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		base := d.Name()
		if d.IsDir() {
			if name != "." && (base == "testdata" || base == "node_modules" || strings.HasPrefix(base, ".") || strings.HasPrefix(base, "_")) {
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
			out = append(out, name+": cannot parse imports: "+err.Error())
			return nil
		}
		dir := path.Dir(name)
		for _, imp := range f.Imports {
			p, err := strconv.Unquote(imp.Path.Value)
			if err != nil {
				continue
			}
			for _, r := range rules {
				if (p == r.module || strings.HasPrefix(p, r.module+"/")) && !within(dir, r.allowed) &&
					!slices.ContainsFunc(r.exempt, func(e string) bool { return within(dir, e) }) {
					out = append(out, name+": imports "+p+" (only "+r.allowed+" may)")
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// within reports whether dir is root or below it.
func within(dir, root string) bool {
	return dir == root || strings.HasPrefix(dir, root+"/")
}

func TestImportViolations(t *testing.T) {
	rules := projectImportRules()
	goFile := func(imports ...string) *fstest.MapFile {
		src := "package p\n\n// go.lsp.dev/protocol and gopkg.in/yaml.v3 in a comment do not count.\nimport (\n"
		for _, imp := range imports {
			src += "\t" + strconv.Quote(imp) + "\n"
		}
		return &fstest.MapFile{Data: []byte(src + ")\n")}
	}
	tests := []struct {
		name string
		fsys fstest.MapFS
		want []string
	}{
		{name: "allowed places", fsys: fstest.MapFS{
			"analysis/syntax/parse.go":   goFile("gopkg.in/yaml.v3"),
			"analysis/syntax/x/deep.go":  goFile("gopkg.in/yaml.v3"),
			"lsp/server.go":              goFile("go.lsp.dev/protocol", "go.lsp.dev/jsonrpc2"),
			"lsp/store/store.go":         goFile("go.lsp.dev/uri"),
			"analysis/bench/doc.go":      goFile("gopkg.in/yaml.v3"),
			"analysis/config/comment.go": goFile("fmt"),
		}},
		{name: "yaml outside syntax", fsys: fstest.MapFS{
			"analysis/config/config.go": goFile("fmt", "gopkg.in/yaml.v3"),
		}, want: []string{"analysis/config/config.go: imports gopkg.in/yaml.v3 (only analysis/syntax may)"}},
		{name: "lsp outside lsp", fsys: fstest.MapFS{
			"cmd/heat-ls/main.go":      goFile("go.lsp.dev/jsonrpc2"),
			"analysis/lspish/a.go":     goFile("go.lsp.dev"),
			"lspx/a.go":                goFile("go.lsp.dev/protocol"),
			"analysis/syntax/sneak.go": goFile("go.lsp.dev/protocol"),
		}, want: []string{
			"analysis/lspish/a.go: imports go.lsp.dev (only lsp may)",
			"analysis/syntax/sneak.go: imports go.lsp.dev/protocol (only lsp may)",
			"cmd/heat-ls/main.go: imports go.lsp.dev/jsonrpc2 (only lsp may)",
			"lspx/a.go: imports go.lsp.dev/protocol (only lsp may)",
		}},
		{name: "tests, testdata and hidden directories are skipped", fsys: fstest.MapFS{
			"analysis/config/config_test.go":  goFile("gopkg.in/yaml.v3"),
			"analysis/check/testdata/x.go":    goFile("gopkg.in/yaml.v3"),
			"editors/node_modules/x/y.go":     goFile("go.lsp.dev/protocol"),
			".ci/tool.go":                     goFile("go.lsp.dev/protocol"),
			"analysis/config/similar_name.go": goFile("gopkg.in/yaml.v2", "go.lsp.devtools/x"),
			"analysis/config/not_go_file.txt": goFile("gopkg.in/yaml.v3"),
		}},
		{name: "subpackage of a ruled module", fsys: fstest.MapFS{
			"schema/load.go": goFile("gopkg.in/yaml.v3/sub"),
		}, want: []string{"schema/load.go: imports gopkg.in/yaml.v3/sub (only analysis/syntax may)"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := importViolations(t, tt.fsys, rules)
			if !slices.Equal(got, tt.want) {
				t.Errorf("violations = %q, want %q", got, tt.want)
			}
		})
	}
}

// TestModuleImportRules enforces the layering: only analysis/syntax imports
// gopkg.in/yaml.v3 and only lsp imports go.lsp.dev, in non-test code.
func TestModuleImportRules(t *testing.T) {
	root := moduleRoot(t)
	for _, v := range importViolations(t, os.DirFS(root), projectImportRules()) {
		t.Error(v)
	}
}

// moduleRoot finds the directory holding go.mod above the test's directory.
func moduleRoot(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	for range 64 {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			break
		}
		dir = parent
	}
	t.Fatal("go.mod not found above the test directory")
	return ""
}
