package feature

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"heat-ls/analysis/hot"

	"heat-ls/schema/refdata"
)

// sharedDir is <module root>/../shared, or "" when absent.
func sharedDir() string {
	dir, _ := refdata.Dir()
	return dir
}

// corpusFiles lists the corpus templates in ../shared, skipping the test
// when there are none.
func corpusFiles(t *testing.T) []string {
	root := sharedDir()
	if root == "" {
		t.Skip("../shared not found (run with the shared directory beside the checkout, or HEAT_LS_SHARED naming it): the corpus of real templates is not read")
	}
	var files []string
	filepath.WalkDir(filepath.Join(root, "corpus"), func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && (strings.HasSuffix(path, ".yaml") || strings.HasSuffix(path, ".yml")) {
			files = append(files, path)
		}
		return nil
	})
	if len(files) == 0 {
		t.Skip("../shared/corpus holds no templates")
	}
	sort.Strings(files)
	return files
}

// Hover, definition, references, rename and symbols on every offset of
// real templates (and a stride of offsets on the large ones) never panic,
// and every answer lies inside the text.
func TestFeaturesOnCorpus(t *testing.T) {
	files := corpusFiles(t)
	sch := loadSchema(t)
	for _, path := range files {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		doc := hot.Parse(src)
		stride := 1 + len(src)/1500
		inside := func(what string, s, e int) {
			if s < 0 || e < s || e > len(src) {
				t.Errorf("%s: %s span [%d,%d) outside the text", path, what, s, e)
			}
		}
		for off := 0; off <= len(src)+1; off += stride {
			if h, ok := Hover(doc, sch, off, true); ok {
				inside("hover", h.Span.Start, h.Span.End)
			}
			if sp, ok := Definition(doc, off); ok {
				inside("definition", sp.Start, sp.End)
			}
			for _, r := range FindReferences(doc, off, true) {
				inside("reference", r.Span.Start, r.Span.End)
				if string(src[r.Span.Start:r.Span.End]) == "" {
					t.Errorf("%s: empty reference", path)
				}
			}
			if sp, _, err := PrepareRename(doc, off); err == nil {
				inside("prepareRename", sp.Start, sp.End)
			}
		}
		for _, s := range FlattenSymbols(DocumentSymbols(doc)) {
			inside("symbol", s.Span.Start, s.Span.End)
		}
	}
}

// Renaming every parameter, resource and condition of the corpus keeps the
// number of occurrences and leaves none under the old name.
func TestRenameOnCorpus(t *testing.T) {
	root := sharedDir()
	if root == "" {
		t.Skip("../shared not found (run with the shared directory beside the checkout, or HEAT_LS_SHARED naming it): the corpus of real templates is not read")
	}
	var files []string
	filepath.WalkDir(filepath.Join(root, "corpus"), func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".yaml") {
			files = append(files, path)
		}
		return nil
	})
	renamed := 0
	for _, path := range files {
		src, _ := os.ReadFile(path)
		doc := hot.Parse(src)
		if doc.Template == nil || doc.Syntax.Broken {
			continue
		}
		type name struct {
			ns   Namespace
			name string
		}
		var names []name
		for _, p := range doc.Template.Parameters {
			names = append(names, name{NamespaceParameter, p.Name})
		}
		for _, r := range doc.Template.Resources {
			names = append(names, name{NamespaceResource, r.Name})
		}
		for _, c := range doc.Template.Conditions {
			names = append(names, name{NamespaceCondition, c.Name})
		}
		for _, n := range names {
			occ := Occurrences(doc, n.ns, n.name)
			if len(occ) == 0 || ValidName(n.name) != nil {
				continue
			}
			edits, err := Rename(doc, occ[0].Span.Start, "zz_renamed")
			if err != nil {
				t.Errorf("%s: rename %s %s: %v", path, n.ns, n.name, err)
				continue
			}
			out := []byte(string(src))
			for i := len(edits) - 1; i >= 0; i-- {
				e := edits[i]
				out = append(out[:e.Span.Start:e.Span.Start], append([]byte(e.NewText), out[e.Span.End:]...)...)
			}
			after := hot.Parse(out)
			if after.Syntax.Broken {
				t.Errorf("%s: renaming %s broke the YAML", path, n.name)
				continue
			}
			if got := len(Occurrences(after, n.ns, "zz_renamed")); got != len(occ) {
				t.Errorf("%s: %s %s had %d occurrences, the new name has %d", path, n.ns, n.name, len(occ), got)
			}
			if left := Occurrences(after, n.ns, n.name); len(left) != 0 {
				t.Errorf("%s: %s %s still has %d occurrences", path, n.ns, n.name, len(left))
			}
			renamed++
		}
	}
	if renamed == 0 {
		t.Skip("no renamable names in the corpus")
	}
}
