package analysis

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path"
	"sort"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
)

// TestPackagesDocumentTheirRow: every package of analysis has a doc.go
// whose package comment says in its first two lines what the package
// judges or computes and, in a line "May use: a, b." (or "May use:
// nothing."), exactly its row of allowedImports; no other file of the
// package carries a package comment.
func TestPackagesDocumentTheirRow(t *testing.T) {
	root := moduleRoot(t)
	fsys := os.DirFS(root)
	var pkgs []string
	for p := range allowedImports {
		pkgs = append(pkgs, p)
	}
	sort.Strings(pkgs)
	for _, p := range pkgs {
		for _, problem := range docProblems(fsys, p, allowedImports[p]) {
			t.Errorf("%s: %s", p, problem)
		}
	}
}

// TestDocProblems: what docProblems finds in a package's files.
func TestDocProblems(t *testing.T) {
	good := "// Package a adds numbers, so that b\n// need not.\n//\n// More.\n//\n// May use: analysis/b, schema.\npackage a\n"
	tests := []struct {
		name  string
		files map[string]string
		row   []string
		want  string // a part of the one problem, "" for none
	}{
		{"ok", map[string]string{"doc.go": good, "a.go": "package a\n"}, []string{"analysis/b", "schema"}, ""},
		{"nothing", map[string]string{"doc.go": "// Package a is a leaf.\n//\n// May use: nothing.\npackage a\n"}, nil, ""},
		{"no doc.go", map[string]string{"a.go": "package a\n"}, nil, "no doc.go"},
		{"row differs", map[string]string{"doc.go": good}, []string{"analysis/b"}, `want "analysis/b"`},
		{"no May use line", map[string]string{"doc.go": "// Package a is a leaf.\npackage a\n"}, nil, `May use: ""`},
		{"long first sentence", map[string]string{"doc.go": "// Package a adds\n// numbers\n// slowly.\n//\n// May use: nothing.\npackage a\n"}, nil, "first two lines"},
		{"wrong opening", map[string]string{"doc.go": "// Adds numbers.\n//\n// May use: nothing.\npackage a\n"}, nil, `"// Package a "`},
		{"second package comment", map[string]string{"doc.go": good, "a.go": "// Package a again.\npackage a\n"}, []string{"analysis/b", "schema"}, "a.go also"},
		{"test files may", map[string]string{"doc.go": good, "a_test.go": "// Package a, tested.\npackage a\n"}, []string{"analysis/b", "schema"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fsys := fstest.MapFS{}
			for name, src := range tt.files {
				fsys["analysis/a/"+name] = &fstest.MapFile{Data: []byte(src)}
			}
			got := docProblems(fsys, "analysis/a", tt.row)
			switch {
			case tt.want == "" && len(got) > 0:
				t.Errorf("problems %q, want none", got)
			case tt.want != "" && (len(got) != 1 || !strings.Contains(got[0], tt.want)):
				t.Errorf("problems %q, want one containing %q", got, tt.want)
			}
		})
	}
}

// docProblems lists what is wrong with the package comments of the package
// in directory dir of fsys, whose row of allowedImports is row.
func docProblems(fsys fs.FS, dir string, row []string) []string {
	entries, err := fs.ReadDir(fsys, dir)
	if err != nil {
		return []string{err.Error()}
	}
	var out []string
	fset := token.NewFileSet()
	found := false
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parseHeader(fsys, fset, path.Join(dir, name))
		if err != nil {
			return []string{err.Error()}
		}
		switch {
		case name == "doc.go":
			found = true
			out = append(out, packageCommentProblems(f, row)...)
		case f.Doc != nil:
			out = append(out, name+" also carries a package comment; it belongs in doc.go")
		}
	}
	if !found {
		out = append(out, "no doc.go saying what the package judges or computes and what it may use")
	}
	return out
}

// parseHeader parses a Go file's package clause and comments.
func parseHeader(fsys fs.FS, fset *token.FileSet, name string) (*ast.File, error) {
	src, err := fs.ReadFile(fsys, name)
	if err != nil {
		return nil, err
	}
	return parser.ParseFile(fset, name, src, parser.PackageClauseOnly|parser.ParseComments)
}

// packageCommentProblems judges doc.go's package comment: it opens with
// "Package name", ends its first sentence within two lines, and has the
// "May use:" line row asks for.
func packageCommentProblems(f *ast.File, row []string) []string {
	var out []string
	var lines []string
	if f.Doc != nil {
		lines = strings.Split(strings.TrimSpace(f.Doc.Text()), "\n")
	}
	opening := "Package " + f.Name.Name + " "
	if len(lines) == 0 || !strings.HasPrefix(lines[0], opening) {
		out = append(out, "doc.go's comment does not open with \"// "+opening+"\"")
	} else if !firstSentenceEnds(lines[:min(2, len(lines))]) {
		out = append(out, "doc.go's first sentence runs past its first two lines: say there what the package judges or computes")
	}
	want := "nothing"
	if len(row) > 0 {
		want = strings.Join(row, ", ")
	}
	got := ""
	for _, l := range lines {
		if rest, ok := strings.CutPrefix(l, "May use: "); ok {
			got = strings.TrimSuffix(rest, ".")
		}
	}
	if got != want {
		out = append(out, "doc.go says May use: "+strconv.Quote(got)+", want "+strconv.Quote(want)+" (its row of allowedImports)")
	}
	return out
}

// firstSentenceEnds reports whether a sentence ends in lines: a line
// ending in "." or ":" or holding ". " (a colon introduces what the
// package does, as in "Package x is the runner behind y: it ...").
func firstSentenceEnds(lines []string) bool {
	for _, l := range lines {
		l = strings.TrimSpace(l)
		if strings.HasSuffix(l, ".") || strings.Contains(l, ". ") || strings.Contains(l, ": ") || strings.HasSuffix(l, ":") {
			return true
		}
	}
	return false
}
