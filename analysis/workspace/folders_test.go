package workspace

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeTemplate writes a minimal template at dir/name.
func writeTemplate(t *testing.T, dir, name string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte("heat_template_version: 2018-08-31\nresources: {}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// indexed lists the base names of the indexed files, sorted.
func indexed(x *Index) string {
	var out []string
	for _, f := range x.Snapshot().Files() {
		out = append(out, filepath.Base(f.Path))
	}
	return strings.Join(out, " ")
}

// TestFolderChanges: adding a folder indexes only it and lets the guard
// read it; removing one drops its files at once and closes the guard; a
// scan of a folder removed meanwhile adds nothing.
func TestFolderChanges(t *testing.T) {
	a, b := realPath(t.TempDir()), realPath(t.TempDir())
	writeTemplate(t, a, "a.yaml")
	inB := writeTemplate(t, b, "b.yaml")
	ctx := context.Background()

	x := New(a)
	x.Scan(ctx, nil)
	if got := indexed(x); got != "a.yaml" {
		t.Fatalf("before: %q", got)
	}
	if x.Guard().Allow(inB, "") {
		t.Fatal("the guard allows a folder not yet added")
	}

	added := x.SetFolders(a, b, b)
	if len(added) != 1 || added[0] != b {
		t.Fatalf("added %q, want [%s]", added, b)
	}
	if !x.Guard().Allow(inB, "") {
		t.Error("the guard refuses an added folder")
	}
	// a.yaml vanishes from disk: a scan of b alone must not drop it.
	os.Remove(filepath.Join(a, "a.yaml"))
	x.ScanFolders(ctx, added, nil)
	if got := indexed(x); got != "a.yaml b.yaml" {
		t.Errorf("after adding: %q", got)
	}

	if added := x.SetFolders(a); len(added) != 0 {
		t.Errorf("removing a folder added %q", added)
	}
	if got := indexed(x); got != "a.yaml" {
		t.Errorf("after removing b: %q", got)
	}
	if x.Guard().Allow(inB, "") {
		t.Error("the guard still allows a removed folder")
	}
	// A late scan of the removed folder contributes nothing.
	x.ScanFolders(ctx, []string{b}, nil)
	if got := indexed(x); got != "a.yaml" {
		t.Errorf("a scan of a removed folder added files: %q", got)
	}
	// A full scan still drops what vanished.
	x.Scan(ctx, nil)
	if got := indexed(x); got != "" {
		t.Errorf("after a full scan: %q", got)
	}
}
