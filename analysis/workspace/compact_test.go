package workspace

import (
	"context"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"sort"
	"sync/atomic"
	"testing"
)

// indexView renders what the index tells of every file it holds: the
// text, a template's outline, an environment's entries.
func indexView(x *Index) string {
	s := x.Snapshot()
	var paths []string
	for p := range s.disk {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	out := ""
	for _, p := range paths {
		f := s.disk[p]
		out += fmt.Sprintf("%s summary %v open %v text %q\n", p, f.Doc.Summary, f.Open, f.Doc.Src)
		if o := f.Outline(); o != nil {
			out += fmt.Sprintf("  outline %+v\n", *o)
		}
		if f.IsEnvironment() {
			out += envSummaryView(f)
		}
	}
	return out
}

// refsView renders references as places and the text at them.
func refsView(refs []Reference) string {
	out := ""
	for _, r := range refs {
		out += fmt.Sprintf("%s %v %v %v %q\n", r.Path, r.Span, r.NameSpan, r.Definition, r.Doc.Src[r.Span.Start:r.Span.End])
	}
	return out
}

// TestCompactCopiesWhatWasRead: Compact has the index hold copies of the
// files read since its last call, which tell what the originals told and
// answer the same cross-file questions; the originals are then freed
// (with the full parse kept for one, which reads its text); a second call
// copies nothing, and once a file is read again this small index is
// copied whole again.
func TestCompactCopiesWhatWasRead(t *testing.T) {
	files := maps.Clone(summaryWorkspace)
	files["values.yaml"] = "parameters:\n  size: 3\nparameter_defaults:\n  flavor: {a: [1, 2]}\n"
	dir, x := scannedIndex(t, files)
	before := indexView(x)
	nested := filepath.Join(dir, "nested.yaml")
	refsBefore := refsView(x.Snapshot().References(Symbol{Kind: "parameter", Name: "size", Template: nested}))
	old := map[string]*File{}
	for p, f := range x.Snapshot().disk {
		old[p] = f
	}
	var freed atomic.Bool
	watch(old[nested].Doc.Src, &freed)

	if n := x.Compact(); n != len(files) {
		t.Fatalf("Compact copied %d files, want %d", n, len(files))
	}
	if got := indexView(x); got != before {
		t.Errorf("after Compact the index tells\n%s\nbefore\n%s", got, before)
	}
	s := x.Snapshot()
	for p, f := range s.disk {
		if f == old[p] || f.Doc == old[p].Doc || &f.Doc.Src[0] == &old[p].Doc.Src[0] {
			t.Errorf("%s: not copied", p)
		}
		if f.env != nil {
			for _, m := range f.env.mappings {
				if m.Env != f {
					t.Errorf("%s: a copied mapping names the original file", p)
				}
			}
			for _, st := range f.env.settings {
				if st.Env != f {
					t.Errorf("%s: a copied setting names the original file", p)
				}
			}
		}
	}
	if got := refsView(s.References(Symbol{Kind: "parameter", Name: "size", Template: nested})); got != refsBefore {
		t.Errorf("references after Compact\n%s\nbefore\n%s", got, refsBefore)
	}
	s, old = nil, nil
	if !freedSoon(&freed) {
		t.Error("the original summary's text is still held")
	}
	if n := x.Compact(); n != 0 {
		t.Errorf("a second Compact copied %d files", n)
	}
	if err := os.WriteFile(nested, []byte(summaryWorkspace["nested.yaml"]+"# changed\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	x.Refresh(nested)
	if n := x.Compact(); n != len(files) {
		t.Errorf("after one file read again Compact copied %d files of this small index, want all %d", n, len(files))
	}
}

// TestCompactLeavesFilesReadMeanwhile: a file read again or dropped while
// its copy was made keeps what the index holds now.
func TestCompactLeavesFilesReadMeanwhile(t *testing.T) {
	files := map[string]string{"a.yaml": retentionTemplate(1), "b.yaml": retentionTemplate(2), "c.yaml": retentionTemplate(3)}
	dir, x := scannedIndex(t, files)
	a, b, c := filepath.Join(dir, "a.yaml"), filepath.Join(dir, "b.yaml"), filepath.Join(dir, "c.yaml")
	x.mu.Lock()
	todo := x.takeFresh(compactBudget)
	x.mu.Unlock()
	copies := make([]*File, len(todo))
	for i, f := range todo {
		copies[i] = copyFile(f)
	}
	if err := os.WriteFile(a, []byte(retentionTemplate(10)), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(b); err != nil {
		t.Fatal(err)
	}
	x.RefreshPaths(context.Background(), []string{a, b})
	if n := x.install(todo, copies); n != 1 {
		t.Errorf("installed %d copies, want 1 (c.yaml)", n)
	}
	s := x.Snapshot()
	if f := s.File(a); f == nil || string(f.Doc.Src) != retentionTemplate(10) {
		t.Error("the copy of a.yaml's old text replaced its new reading")
	}
	if s.disk[b] != nil {
		t.Error("b.yaml, removed meanwhile, came back")
	}
	if f := s.disk[c]; f == nil || string(f.Doc.Src) != files["c.yaml"] {
		t.Error("c.yaml lost")
	}
	if n := x.Compact(); n != 2 {
		t.Errorf("the next Compact copied %d files, want 2 (a.yaml read again, and c.yaml: the index is small)", n)
	}
}

// TestTakeFreshWithinBudget: one call takes files until their texts reach
// the budget (at least one), and the calls that follow take the rest,
// each file once.
func TestTakeFreshWithinBudget(t *testing.T) {
	files := templateFiles(10)
	_, x := scannedIndex(t, files)
	size := len(retentionTemplate(5))
	taken := map[string]int{}
	for call := 0; call < 20; call++ {
		x.mu.Lock()
		todo := x.takeFresh(3 * size)
		x.mu.Unlock()
		if len(todo) == 0 {
			break
		}
		if len(todo) > 4 {
			t.Errorf("call %d took %d files for a budget of about three", call, len(todo))
		}
		for _, f := range todo {
			taken[f.Path]++
		}
	}
	if len(taken) != len(files) {
		t.Errorf("took %d files of %d", len(taken), len(files))
	}
	for p, n := range taken {
		if n != 1 {
			t.Errorf("%s taken %d times", p, n)
		}
	}
	if x.fresh != nil {
		t.Error("the empty set of fresh files keeps its map")
	}
}

// TestFreshForgetsDroppedFiles: files the index drops (a folder removed,
// a file deleted) are no longer kept for Compact, so that a server that
// never compacts holds none of them.
func TestFreshForgetsDroppedFiles(t *testing.T) {
	one := writeFiles(t, map[string]string{"a.yaml": retentionTemplate(1), "b.yaml": retentionTemplate(2)})
	two := writeFiles(t, map[string]string{"c.yaml": retentionTemplate(3)})
	x := New(one, two)
	x.Scan(context.Background(), nil)
	if len(x.fresh) != 3 {
		t.Fatalf("%d fresh files after the scan, want 3", len(x.fresh))
	}
	x.SetFolders(one)
	if err := os.Remove(filepath.Join(one, "b.yaml")); err != nil {
		t.Fatal(err)
	}
	x.Refresh(filepath.Join(one, "b.yaml"))
	if len(x.fresh) != 1 || x.fresh[filepath.Join(one, "a.yaml")] == nil {
		t.Errorf("fresh files %v, want a.yaml alone", x.fresh)
	}
}

// TestLargeBatchesLeftAlone: files read in a batch of compactBatch or
// more (a large scan, a burst of events) are not kept for Compact; in an
// index that large, the files read in a small batch alone are copied.
func TestLargeBatchesLeftAlone(t *testing.T) {
	files := templateFiles(compactBatch)
	dir, x := scannedIndex(t, files)
	if len(x.fresh) != 0 {
		t.Errorf("%d files of a scan of %d kept for Compact", len(x.fresh), compactBatch)
	}
	var paths []string
	for i := range 2 {
		paths = append(paths, filepath.Join(dir, fmt.Sprintf("t%d.yaml", i)))
		if err := os.WriteFile(paths[i], []byte(retentionTemplate(1000+i)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	x.RefreshPaths(context.Background(), paths)
	if n := x.Compact(); n != 2 {
		t.Errorf("Compact copied %d files after two were read again, want 2", n)
	}
}

// TestCompactWhileFilesChange: Compact running beside refreshes and
// readers (the test command runs with -race) leaves the index holding each file's
// last text.
func TestCompactWhileFilesChange(t *testing.T) {
	files := templateFiles(8)
	dir, x := scannedIndex(t, files)
	last := make([]string, 8)
	done := make(chan struct{})
	go func() {
		defer close(done)
		for round := range 200 {
			i := round % 8
			p := filepath.Join(dir, fmt.Sprintf("t%d.yaml", i))
			last[i] = retentionTemplate(1000 + round)
			if err := os.WriteFile(p, []byte(last[i]), 0o644); err != nil {
				t.Error(err)
				return
			}
			x.RefreshPaths(context.Background(), []string{p})
		}
	}()
	for running := true; running; {
		select {
		case <-done:
			running = false
		default:
		}
		x.Compact()
		for _, f := range x.Snapshot().Templates() {
			if f.Outline() == nil {
				t.Fatalf("%s: no outline", f.Path)
			}
		}
	}
	x.Compact()
	s := x.Snapshot()
	for i, want := range last {
		if f := s.File(filepath.Join(dir, fmt.Sprintf("t%d.yaml", i))); f == nil || string(f.Doc.Src) != want {
			t.Errorf("t%d.yaml: the index lost its last text", i)
		}
	}
}

// TestSummariesWithinBudget: the whole index is offered for copying only
// while its texts stay within the budget.
func TestSummariesWithinBudget(t *testing.T) {
	_, x := scannedIndex(t, templateFiles(4))
	x.mu.Lock()
	defer x.mu.Unlock()
	total := 0
	for _, f := range x.disk {
		total += len(f.Doc.Src)
	}
	if got := x.summaries(total); len(got) != 4 {
		t.Errorf("%d files offered within the budget, want 4", len(got))
	}
	if got := x.summaries(total - 1); got != nil {
		t.Errorf("%d files offered past the budget, want none", len(got))
	}
}
