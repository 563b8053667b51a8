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
