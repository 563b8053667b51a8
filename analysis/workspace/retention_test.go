package workspace

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sync/atomic"
	"testing"
	"time"
)

// The index keeps summaries of unopened files for a whole session, so
// what one holds beyond its own texts stays in memory as long. These
// tests watch memory with runtime cleanups: each registers one on an
// allocation and expects it to run once nothing should hold it.

// retentionTemplate is a template of a few hundred bytes, different per n.
func retentionTemplate(n int) string {
	return fmt.Sprintf("heat_template_version: 2018-08-31\nparameters:\n  p%d: {type: string}\nresources:\n  r%d:\n    type: OS::Heat::None\n    properties: {a: {get_param: p%d}}\n", n, n, n)
}

// templateFiles is n files t0.yaml, t1.yaml, … of retentionTemplate.
func templateFiles(n int) map[string]string {
	files := make(map[string]string, n)
	for i := range n {
		files[fmt.Sprintf("t%d.yaml", i)] = retentionTemplate(i)
	}
	return files
}

// scannedIndex writes files into a folder of their own and returns it with
// an index that has scanned it.
func scannedIndex(t *testing.T, files map[string]string) (string, *Index) {
	t.Helper()
	dir := writeFiles(t, files)
	x := New(dir)
	x.Scan(context.Background(), nil)
	return dir, x
}

// freedSoon reports whether freed turns true within a few collections.
func freedSoon(freed *atomic.Bool) bool {
	for range 20 {
		runtime.GC()
		if freed.Load() {
			return true
		}
		time.Sleep(5 * time.Millisecond)
	}
	return false
}

// watch sets freed once the allocation holding b[0] is collected.
func watch(b []byte, freed *atomic.Bool) {
	runtime.AddCleanup(&b[0], func(f *atomic.Bool) { f.Store(true) }, freed)
}

// TestSummaryKeepsOnlyItsText: a file's summary, from a scan or read
// again after a change, holds a text exactly as long as the file, and no
// room after it (not the buffer the file was read into).
func TestSummaryKeepsOnlyItsText(t *testing.T) {
	files := templateFiles(6)
	dir, x := scannedIndex(t, files)
	files["t0.yaml"] = retentionTemplate(100)
	if err := os.WriteFile(filepath.Join(dir, "t0.yaml"), []byte(files["t0.yaml"]), 0o644); err != nil {
		t.Fatal(err)
	}
	x.Refresh(filepath.Join(dir, "t0.yaml"))
	s := x.Snapshot()
	for name, text := range files {
		f := s.File(filepath.Join(dir, name))
		if f == nil || !f.Doc.Summary {
			t.Fatalf("%s: not held as a summary", name)
		}
		src := f.Doc.Src
		if string(src) != text {
			t.Fatalf("%s: summary text differs from the file", name)
		}
		if cap(src) != len(src) {
			t.Errorf("%s: summary text of %d bytes keeps room for %d", name, len(src), cap(src))
		}
	}
}

// TestRereadFileFreesItsOldText: once a changed file is read again, its
// old summary's text is freed, though the other files of the same scan
// are unchanged and still held.
func TestRereadFileFreesItsOldText(t *testing.T) {
	files := templateFiles(8)
	dir, x := scannedIndex(t, files)
	path := filepath.Join(dir, "t0.yaml")
	var freed atomic.Bool
	watch(x.Snapshot().File(path).Doc.Src, &freed)
	if err := os.WriteFile(path, []byte(retentionTemplate(100)), 0o644); err != nil {
		t.Fatal(err)
	}
	x.Refresh(path)
	if !freedSoon(&freed) {
		t.Error("the old text of a re-read file is still held")
	}
	if got := x.Snapshot().File(filepath.Join(dir, "t1.yaml")); got == nil || string(got.Doc.Src) != files["t1.yaml"] {
		t.Error("an unchanged file of the scan was lost")
	}
}

// TestFullParseOfReplacedSummaryDropped: the full parse kept for a
// summary is dropped as soon as its file is read again or removed, not
// when newer parses push it out.
func TestFullParseOfReplacedSummaryDropped(t *testing.T) {
	dir, x := scannedIndex(t, map[string]string{"a.yaml": retentionTemplate(1), "b.yaml": retentionTemplate(2)})
	a, b := filepath.Join(dir, "a.yaml"), filepath.Join(dir, "b.yaml")
	s := x.Snapshot()
	var freed atomic.Bool
	watch(s.Full(s.File(a)).Doc.Src, &freed)
	s.Full(s.File(b))
	if n := len(x.full.entries); n != 2 {
		t.Fatalf("%d full parses kept, want 2", n)
	}
	s = nil
	if err := os.WriteFile(a, []byte(retentionTemplate(3)), 0o644); err != nil {
		t.Fatal(err)
	}
	x.Refresh(a)
	if n := len(x.full.entries); n != 1 || x.full.entries[0].full.Path != b {
		t.Errorf("after a change on disk, full parses kept: %d, want only b's", n)
	}
	if !freedSoon(&freed) {
		t.Error("the full parse of a replaced summary is still held")
	}
	if err := os.Remove(b); err != nil {
		t.Fatal(err)
	}
	x.Refresh(b)
	if n := len(x.full.entries); n != 0 {
		t.Errorf("after a file was removed, %d full parses kept, want 0", n)
	}
}

// TestOnDemandParseOfIndexedFileDropped: a file read on demand before
// the index held it (its folder not yet scanned, or added back) keeps no
// full parse in the on-demand cache once the index has it.
func TestOnDemandParseOfIndexedFileDropped(t *testing.T) {
	dir := writeFiles(t, map[string]string{"a.yaml": retentionTemplate(1)})
	a := filepath.Join(dir, "a.yaml")
	x := New(dir)
	loaded := x.Snapshot().Load(a, "")
	if loaded == nil || loaded.Doc.Summary {
		t.Fatal("the file was not read on demand")
	}
	var freed atomic.Bool
	watch(loaded.Doc.Src, &freed)
	loaded = nil
	x.Scan(context.Background(), nil)
	if n := len(x.cache.entries); n != 0 {
		t.Errorf("%d files left in the on-demand cache, want 0", n)
	}
	if !freedSoon(&freed) {
		t.Error("the on-demand parse of an indexed file is still held")
	}
	if f := x.Snapshot().Load(a, ""); f == nil || !f.Doc.Summary {
		t.Error("the indexed file is not read from the index")
	}
}

// TestRefreshKeepsNoRoomForTheBatch: the index's map of files read from
// disk is sized for the files it holds, not for the events of the last
// refresh: 20,000 events for files that are not there, with one that is,
// must not leave room for 20,000 files behind.
func TestRefreshKeepsNoRoomForTheBatch(t *testing.T) {
	dir, x := scannedIndex(t, map[string]string{"a.yaml": retentionTemplate(1)})
	before := heapInUse()
	paths := make([]string, 20000)
	for i := range paths {
		paths[i] = filepath.Join(dir, fmt.Sprintf("gone%d.yaml", i))
	}
	if err := os.WriteFile(filepath.Join(dir, "b.yaml"), []byte(retentionTemplate(2)), 0o644); err != nil {
		t.Fatal(err)
	}
	paths[len(paths)-1] = filepath.Join(dir, "b.yaml")
	x.RefreshPaths(context.Background(), paths)
	paths = nil
	kept := heapInUse() - before
	if x.Len() != 2 {
		t.Fatalf("%d files indexed, want 2", x.Len())
	}
	if kept > 128<<10 {
		t.Errorf("the refresh left %d KiB in use for an index of two small files", kept>>10)
	}
}

// heapInUse is the live heap after a full collection.
func heapInUse() int64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return int64(m.HeapAlloc)
}
