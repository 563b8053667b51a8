package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// TestEveryRecursionIsListed finds every function of the module that
// takes part in a call cycle inside its package (it calls itself, directly
// or through other functions, or it is a closure calling itself) and
// checks that docs/limits.md names it under "Depth bounds" with the bound
// that stops it. Calls are matched by name, so a method calling a
// same-named method of another type counts too; the document lists those
// as not recursive.
func TestEveryRecursionIsListed(t *testing.T) {
	root := moduleRootDir(t)
	doc, err := os.ReadFile(filepath.Join(root, "docs", "limits.md"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(doc)
	if i := strings.Index(text, "## Depth bounds"); i >= 0 {
		text = text[i:]
		if j := strings.Index(text[3:], "\n## "); j >= 0 {
			text = text[:j+3]
		}
	}
	for _, r := range recursiveFunctions(t, root) {
		listed := regexp.MustCompile("`([A-Za-z]+\\.)?" + regexp.QuoteMeta(r.name) + "`")
		if !listed.MatchString(text) || !strings.Contains(text, path.Base(r.file)) {
			t.Errorf("%s: %s recurses and docs/limits.md does not list it with its bound", r.file, r.name)
		}
	}
}

type recursion struct{ file, name string }

// recursiveFunctions lists the recursive functions of the module's
// non-test Go files (for a self-calling closure, the function holding it).
func recursiveFunctions(t *testing.T, root string) []recursion {
	t.Helper()
	dirs := map[string][]string{}
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && p != root && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata" || d.Name() == "node_modules" || d.Name() == "editors" || d.Name() == "docs") {
			return filepath.SkipDir
		}
		if strings.HasSuffix(p, ".go") && !strings.HasSuffix(p, "_test.go") {
			dirs[filepath.Dir(p)] = append(dirs[filepath.Dir(p)], p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	var out []recursion
	for _, files := range dirs {
		out = append(out, packageRecursions(t, root, files)...)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].file+out[i].name < out[j].file+out[j].name })
	return out
}

// packageRecursions finds the call cycles of one package. Functions and
// methods are told apart (a method is keyed ".name"); calls into other
// packages and type conversions are left out.
func packageRecursions(t *testing.T, root string, files []string) []recursion {
	fset := token.NewFileSet()
	calls := map[string]map[string]bool{}
	where := map[string]string{}
	types := map[string]bool{}
	var parsed []*ast.File
	for _, f := range files {
		af, err := parser.ParseFile(fset, f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		parsed = append(parsed, af)
		for _, decl := range af.Decls {
			if gd, ok := decl.(*ast.GenDecl); ok && gd.Tok == token.TYPE {
				for _, spec := range gd.Specs {
					types[spec.(*ast.TypeSpec).Name.Name] = true
				}
			}
		}
	}
	var out []recursion
	for i, af := range parsed {
		rel, _ := filepath.Rel(root, files[i])
		rel = filepath.ToSlash(rel)
		imported := map[string]bool{}
		for _, imp := range af.Imports {
			name := strings.Trim(imp.Path.Value, `"`)
			name = name[strings.LastIndex(name, "/")+1:]
			if imp.Name != nil {
				name = imp.Name.Name
			}
			imported[name] = true
		}
		for _, decl := range af.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			name := fd.Name.Name
			if fd.Recv != nil {
				name = "." + name
			}
			where[name] = rel
			if calls[name] == nil {
				calls[name] = map[string]bool{}
			}
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.CallExpr:
					switch fn := n.Fun.(type) {
					case *ast.Ident:
						if !types[fn.Name] {
							calls[name][fn.Name] = true
						}
					case *ast.SelectorExpr:
						if x, ok := fn.X.(*ast.Ident); ok && imported[x.Name] {
							break // another package
						}
						calls[name]["."+fn.Sel.Name] = true
					case *ast.IndexExpr: // a generic function
						if id, ok := fn.X.(*ast.Ident); ok {
							calls[name][id.Name] = true
						}
					}
				case *ast.AssignStmt:
					if selfCallingClosure(n) {
						out = append(out, recursion{rel, strings.TrimPrefix(name, ".")})
					}
				}
				return true
			})
		}
	}
	for _, name := range cyclic(calls) {
		out = append(out, recursion{where[name], strings.TrimPrefix(name, ".")})
	}
	return out
}

// selfCallingClosure reports "f = func(...) { ... f(...) ... }".
func selfCallingClosure(as *ast.AssignStmt) bool {
	if len(as.Lhs) != 1 || len(as.Rhs) != 1 {
		return false
	}
	id, ok := as.Lhs[0].(*ast.Ident)
	lit, ok2 := as.Rhs[0].(*ast.FuncLit)
	if !ok || !ok2 {
		return false
	}
	self := false
	ast.Inspect(lit.Body, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok {
			if f, ok := c.Fun.(*ast.Ident); ok && f.Name == id.Name {
				self = true
			}
		}
		return !self
	})
	return self
}

// cyclic returns the functions on a cycle of the call graph (Tarjan's
// strongly connected components, without recursion).
func cyclic(calls map[string]map[string]bool) []string {
	var names []string
	for n := range calls {
		names = append(names, n)
	}
	sort.Strings(names)
	index, low := map[string]int{}, map[string]int{}
	onStack := map[string]bool{}
	var stack, out []string
	next := 0
	type frame struct {
		v    string
		succ []string
		i    int
	}
	for _, start := range names {
		if _, seen := index[start]; seen {
			continue
		}
		work := []*frame{}
		push := func(v string) {
			index[v], low[v] = next, next
			next++
			stack = append(stack, v)
			onStack[v] = true
			var succ []string
			for w := range calls[v] {
				if _, ok := calls[w]; ok {
					succ = append(succ, w)
				}
			}
			sort.Strings(succ)
			work = append(work, &frame{v: v, succ: succ})
		}
		push(start)
		for len(work) > 0 {
			f := work[len(work)-1]
			if f.i < len(f.succ) {
				w := f.succ[f.i]
				f.i++
				if _, seen := index[w]; !seen {
					push(w)
				} else if onStack[w] {
					low[f.v] = min(low[f.v], index[w])
				}
				continue
			}
			work = work[:len(work)-1]
			if len(work) > 0 {
				p := work[len(work)-1].v
				low[p] = min(low[p], low[f.v])
			}
			if low[f.v] != index[f.v] {
				continue
			}
			var comp []string
			for {
				w := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				onStack[w] = false
				comp = append(comp, w)
				if w == f.v {
					break
				}
			}
			if len(comp) > 1 || calls[f.v][f.v] {
				out = append(out, comp...)
			}
		}
	}
	return out
}
