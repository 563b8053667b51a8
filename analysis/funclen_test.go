package analysis

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
)

// maxFuncLines is the longest a function of analysis may be, counted from
// its "func" to its closing brace (the doc comment is not counted): what
// fits a screen.
const maxFuncLines = 80

// longFunctionsAllowed lists, as "dir/file.go Func" (methods as
// "Recv.Method"), the functions still over maxFuncLines, each with its
// length when it was listed. It is temporary and may only shrink: a listed
// function may not grow, and one that shrinks or goes must leave the list
// or lower its count. Only code in the middle of a restructuring may be
// listed (see longFunctionsMayBeListed).
func longFunctionsAllowed() map[string]int {
	return map[string]int{}
}

// longFunctionsMayBeListed reports whether a function in file (relative to
// analysis, slash-separated) may stand in longFunctionsAllowed: only the
// rule packages under check, the evaluator (eval) and the incremental
// re-parse (splice, recover) are.
func longFunctionsMayBeListed(file string) bool {
	dir, base := path.Split(file)
	switch {
	case strings.HasPrefix(file, "check/"), strings.HasPrefix(file, "eval/"):
		return true
	case dir == "syntax/" && (strings.HasPrefix(base, "splice") || base == "recover.go"):
		return true
	case dir == "hot/" && strings.HasPrefix(base, "splice"):
		return true
	}
	return false
}

// TestFunctionLength: no function of analysis, tests included, is longer
// than maxFuncLines, apart from the listed ones, which may not grow.
func TestFunctionLength(t *testing.T) {
	got, err := longFunctions(os.DirFS("."), maxFuncLines)
	if err != nil {
		t.Fatal(err)
	}
	allowed := longFunctionsAllowed()
	for _, key := range sortedKeys(allowed) {
		file, _, _ := strings.Cut(key, " ")
		if !longFunctionsMayBeListed(file) {
			t.Errorf("%s may not be listed as long: split it into named steps", key)
		}
	}
	for _, key := range sortedKeys(got) {
		n := got[key]
		limit, listed := allowed[key]
		switch {
		case !listed:
			t.Errorf("%s is %d lines, over %d: split it into named steps (table-driven where it is a list of cases)", key, n, maxFuncLines)
		case n > limit:
			t.Errorf("%s grew from %d to %d lines; the list of long functions may only shrink", key, limit, n)
		case n < limit:
			t.Errorf("%s shrank from %d to %d lines: lower its count in longFunctionsAllowed", key, limit, n)
		}
	}
	for _, key := range sortedKeys(allowed) {
		if _, ok := got[key]; !ok {
			t.Errorf("%s is gone or no longer over %d lines: remove it from longFunctionsAllowed", key, maxFuncLines)
		}
	}
	if t.Failed() {
		t.Logf("functions over %d lines now:\n%s", maxFuncLines, describeLengths(got))
	}
}

// TestFunctionLengthCounts: the count runs from "func" to the closing
// brace, leaves the doc comment out, names methods by their receiver and
// skips the directories the go tool ignores.
func TestFunctionLengthCounts(t *testing.T) {
	body := func(lines int) string { // a function of exactly lines lines
		return "{\n" + strings.Repeat("\t_ = 0\n", lines-2) + "}\n"
	}
	fsys := fstest.MapFS{
		"a/a.go": {Data: []byte("package a\n\n// Doc\n// comment.\nfunc Long() " + body(81) +
			"func Fits() " + body(80) + "type T struct{}\n\nfunc (t *T) Method() " + body(90) +
			"func (T) Value() " + body(82))},
		"a/a_test.go":     {Data: []byte("package a\n\nfunc TestX() " + body(81))},
		"a/testdata/x.go": {Data: []byte("package x\n\nfunc Hidden() " + body(200))},
		"a/_skip/y.go":    {Data: []byte("package y\n\nfunc Hidden() " + body(200))},
		"a/notes.txt":     {Data: []byte("func Text() {}")},
		"b/generic.go": {Data: []byte("package b\n\nfunc G[T any](x T) " + body(85) +
			"type L[E any] []E\n\nfunc (l *L[E]) M() " + body(83))},
		"b/declared_only.go": {Data: []byte("package b\n\nfunc Asm()\n")},
	}
	got, err := longFunctions(fsys, 80)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]int{
		"a/a.go Long":       81,
		"a/a.go T.Method":   90,
		"a/a.go T.Value":    82,
		"a/a_test.go TestX": 81,
		"b/generic.go G":    85,
		"b/generic.go L.M":  83,
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("got\n%s\nwant\n%s", describeLengths(got), describeLengths(want))
	}
	if _, err := longFunctions(fstest.MapFS{"c/bad.go": {Data: []byte("package c\nfunc (")}}, 80); err == nil {
		t.Error("a file that does not parse gave no error")
	}
}

// longFunctions returns the functions of the Go files of fsys longer than
// limit lines, keyed "dir/file.go Func" or "dir/file.go Recv.Method".
func longFunctions(fsys fs.FS, limit int) (map[string]int, error) {
	out := map[string]int{}
	fset := token.NewFileSet()
	err := fs.WalkDir(fsys, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			base := d.Name()
			if name != "." && (base == "testdata" || strings.HasPrefix(base, ".") || strings.HasPrefix(base, "_")) {
				return fs.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(name, ".go") {
			return nil
		}
		src, err := fs.ReadFile(fsys, name)
		if err != nil {
			return err
		}
		f, err := parser.ParseFile(fset, name, src, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		for _, decl := range f.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			if n := fset.Position(fd.End()).Line - fset.Position(fd.Type.Func).Line + 1; n > limit {
				out[name+" "+funcName(fd)] = n
			}
		}
		return nil
	})
	return out, err
}

// funcName is a function's name, a method's prefixed by its receiver type.
func funcName(fd *ast.FuncDecl) string {
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return fd.Name.Name
	}
	t := fd.Recv.List[0].Type
	if star, ok := t.(*ast.StarExpr); ok {
		t = star.X
	}
	switch r := t.(type) {
	case *ast.IndexExpr: // a generic receiver, T[E]
		t = r.X
	case *ast.IndexListExpr:
		t = r.X
	}
	if id, ok := t.(*ast.Ident); ok {
		return id.Name + "." + fd.Name.Name
	}
	return fd.Name.Name
}

// describeLengths writes lengths as entries of longFunctionsAllowed.
func describeLengths(lengths map[string]int) string {
	var b strings.Builder
	for _, key := range sortedKeys(lengths) {
		fmt.Fprintf(&b, "\t%q: %d,\n", key, lengths[key])
	}
	return b.String()
}

func sortedKeys(m map[string]int) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
