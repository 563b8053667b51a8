package workspace

import (
	"context"
	"path/filepath"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"heat-ls/analysis/hot"
	"heat-ls/analysis/source"
)

// File is one template or environment file known to the workspace.
type File struct {
	// Path is absolute and cleaned.
	Path string
	// Doc is the parse, or for a file the index holds closed its summary
	// (hot.Summarize): the text, no syntax tree, no Template or Env. Read
	// what other files ask of a template through Outline, of an
	// environment through Snapshot.Mappings and Settings; Snapshot.Full
	// parses the text for a feature that needs the syntax tree.
	Doc *hot.Document
	// Open is true when the text comes from an editor buffer.
	Open bool
	// env is an environment's summary when Doc is one (see envOf).
	env *envSummary
}

// IsTemplate reports whether the file is a HOT template.
func (f *File) IsTemplate() bool {
	return f != nil && f.Doc != nil && (f.Doc.Template != nil || f.Doc.Summary && f.Doc.Kind == hot.KindTemplate)
}

// Outline returns the node-free outline of a template file, nil for
// other files.
func (f *File) Outline() *hot.Outline {
	if f == nil {
		return nil
	}
	return f.Doc.Outline()
}

// Text returns the source text at span sp of f ("" when out of range).
func (f *File) Text(sp source.Span) string {
	if f == nil || f.Doc == nil || sp.Start < 0 || sp.End > len(f.Doc.Src) || sp.Start >= sp.End {
		return ""
	}
	return string(f.Doc.Src[sp.Start:sp.End])
}

// IsEnvironment reports whether the file is an environment file.
func (f *File) IsEnvironment() bool {
	return f != nil && f.Doc != nil && (f.Doc.Env != nil || f.Doc.Summary && f.Doc.Kind == hot.KindEnvironment)
}

// Index holds the files found on disk under the workspace folders. It is
// safe for concurrent use; readers take Snapshots, which never change.
type Index struct {
	mu    sync.Mutex
	guard Guard            // replaced, never mutated, by SetFolders
	disk  map[string]*File // replaced, never mutated, on every change
	gen   uint64
	last  *Snapshot // cached snapshot of disk without overlays

	cache fileCache // files read on demand, shared by snapshots
	full  fullCache // full parses of summarized files, shared by snapshots

	stopped string     // why the last scan stopped early (budget.go)
	limits  scanLimits // the budget; zero: the defaults

	// While scans run, refreshed records the generation at which each
	// file was last re-read by RefreshPaths, so that a scan which read
	// the file before that does not put its older reading back. folders
	// counts SetFolders calls, so that RefreshPaths can tell the guard it
	// read with is out of date.
	scans     int
	refreshed map[string]uint64
	folders   uint64

	// fresh holds the files installed since the last Compact, by path
	// (compact.go).
	fresh map[string]*File
}

// New builds an empty index for the given workspace folders.
func New(roots ...string) *Index {
	return &Index{guard: NewGuard(roots...), disk: map[string]*File{}}
}

// Guard returns the index's path guard.
func (x *Index) Guard() Guard {
	x.mu.Lock()
	defer x.mu.Unlock()
	return x.guard
}

// Len returns the number of indexed files on disk.
func (x *Index) Len() int {
	x.mu.Lock()
	defer x.mu.Unlock()
	return len(x.disk)
}

// Scan walks every workspace folder and indexes the templates and
// environments found, parsing on all CPUs. progress (may be nil) is called
// after each candidate file, one call at a time. Files already indexed
// are replaced; files that vanished are dropped. Cancelling ctx stops the
// scan and keeps what was indexed before it. A scan stays within the
// index's budget (budget.go); Stopped says when it left files out.
func (x *Index) Scan(ctx context.Context, progress func(done, total int)) {
	x.ScanFolders(ctx, x.Guard().roots, progress)
}

// ScanFolders is Scan limited to some folders (those SetFolders reported
// as added): the files under them are replaced by what the walk finds,
// the rest of the index is kept. A folder removed while its scan runs
// contributes nothing.
func (x *Index) ScanFolders(ctx context.Context, roots []string, progress func(done, total int)) {
	x.mu.Lock()
	g, startGen := x.guard, x.gen
	x.scans++
	x.mu.Unlock()
	defer func() {
		x.mu.Lock()
		if x.scans--; x.scans == 0 {
			x.refreshed = nil
		}
		x.mu.Unlock()
	}()
	scanned := make([]string, 0, len(roots))
	var paths []string
	budget := &scanBudget{limit: x.limits.orDefaults()}
	for _, r := range roots {
		r = realPath(r)
		scanned = append(scanned, r)
		paths = append(paths, walk(ctx, r, g, budget)...)
	}
	files := loadAll(ctx, paths, budget, progress)
	if ctx.Err() != nil {
		return
	}
	x.mu.Lock()
	defer x.mu.Unlock()
	x.stopped = budget.reason()
	current := PathSet(x.guard.roots)
	live := map[string]bool{} // scanned folders still in the workspace
	for _, r := range scanned {
		if current[r] {
			live[r] = true
		}
	}
	gone := PathSet(scanned)
	newer := func(path string) bool { return x.refreshed[path] > startGen } // re-read since the scan began
	next := make(map[string]*File, len(x.disk)+len(files))
	for k, v := range x.disk {
		if !underAny(k, gone) || newer(k) {
			next[k] = v
		}
	}
	for _, f := range files {
		if f != nil && underAny(f.Path, live) && !newer(f.Path) {
			next[f.Path] = f
			x.markFresh(f, len(files))
		}
	}
	x.disk, x.last = next, nil
	x.dropStale()
	x.pruneFresh()
	x.gen++
}

// SetFolders changes the workspace folders: the guard allows exactly the
// new folders from now on and files no longer inside one are dropped at
// once. It returns the folders that are new, for ScanFolders to index.
// Its cost is linear in the folders and the indexed files: only files
// under a removed folder are looked at again.
func (x *Index) SetFolders(roots ...string) (added []string) {
	g := NewGuard(roots...)
	x.mu.Lock()
	defer x.mu.Unlock()
	before := PathSet(x.guard.roots)
	after := PathSet(g.roots)
	for _, r := range g.roots {
		if !before[r] {
			added = append(added, r)
			before[r] = true // a folder named twice is added once
		}
	}
	removed := map[string]bool{}
	for _, r := range x.guard.roots {
		if !after[r] {
			removed[r] = true
		}
	}
	disk := x.disk
	if len(removed) > 0 {
		disk = make(map[string]*File, len(x.disk))
		for k, v := range x.disk {
			if underAny(k, removed) && !g.Allow(k, "") {
				continue
			}
			disk[k] = v
		}
	}
	x.guard, x.disk, x.last = g, disk, nil
	x.dropStale()
	x.pruneFresh()
	x.gen++
	x.folders++
	return added
}

// PathSet makes a set of paths; the server keeps its folder lists the same
// way.
func PathSet(paths []string) map[string]bool {
	out := make(map[string]bool, len(paths))
	for _, p := range paths {
		out[p] = true
	}
	return out
}

// underAny reports whether path or one of its parent directories is in
// dirs: one lookup per path element, whatever the number of folders.
func underAny(path string, dirs map[string]bool) bool {
	for {
		if dirs[path] {
			return true
		}
		parent := filepath.Dir(path)
		if parent == path {
			return false
		}
		path = parent
	}
}

// withinAny reports whether path is inside one of dirs (lexically).
func withinAny(path string, dirs []string) bool {
	for _, d := range dirs {
		if within(path, d) {
			return true
		}
	}
	return false
}

// Refresh re-reads one file from disk after a change event: it is added,
// replaced or dropped depending on what is there now. Files outside the
// workspace folders are ignored.
func (x *Index) Refresh(path string) {
	x.RefreshPaths(context.Background(), []string{path})
}

// RefreshPaths is Refresh for many files at once (a burst of change
// events): they are read on all CPUs and the index changes once, so the
// cost is linear in the files, not in files × index. Cancelling ctx stops
// the reading; what was read by then is applied.
func (x *Index) RefreshPaths(ctx context.Context, paths []string) {
	x.mu.Lock()
	g, folders := x.guard, x.folders
	x.mu.Unlock()
	paths = slices.Clone(paths)
	for i := range paths {
		paths[i] = filepath.Clean(paths[i])
	}
	found := make([]*File, len(paths))
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), max(1, len(paths))) {
		wg.Go(func() {
			for ctx.Err() == nil {
				i := int(next.Add(1) - 1)
				if i >= len(paths) {
					return
				}
				if g.Allow(paths[i], "") && IsCandidateName(paths[i]) {
					found[i] = summarize(loadFile(paths[i]))
				}
			}
		})
	}
	wg.Wait()
	read := min(int(next.Load()), len(paths)) // the files looked at
	x.mu.Lock()
	defer x.mu.Unlock()
	if x.folders != folders {
		// The folders changed while the files were read: a file under a
		// folder removed meanwhile must not come back.
		for i, p := range paths[:read] {
			if found[i] != nil && !x.guard.Allow(p, "") {
				found[i] = nil
			}
		}
	}
	changed, added := false, 0
	for i, p := range paths[:read] {
		if found[i] != nil || x.disk[p] != nil {
			changed = true
		}
		if found[i] != nil {
			added++
		}
	}
	if !changed {
		return
	}
	// Sized for what the map will hold, not for the batch: a burst of
	// events for files removed or outside the folders would otherwise
	// leave a map with room for all of them until the next change.
	disk := make(map[string]*File, len(x.disk)+added)
	for k, v := range x.disk {
		disk[k] = v
	}
	x.gen++
	for i, p := range paths[:read] {
		if found[i] == nil {
			delete(disk, p)
			delete(x.fresh, p)
		} else {
			disk[p] = found[i]
			x.markFresh(found[i], added)
		}
		if x.scans > 0 {
			if x.refreshed == nil {
				x.refreshed = map[string]uint64{}
			}
			x.refreshed[p] = x.gen
		}
	}
	x.disk, x.last = disk, nil
	x.dropStale()
}

// Put installs parsed files directly (tests and callers that already hold
// the text). A nil Doc removes the path.
func (x *Index) Put(files ...*File) {
	x.mu.Lock()
	defer x.mu.Unlock()
	added := 0
	for _, f := range files {
		if f.Doc != nil && f.Doc.Kind != hot.KindOther {
			added++
		}
	}
	// Sized for what the map will hold, as a refresh sizes it.
	next := make(map[string]*File, len(x.disk)+added)
	for k, v := range x.disk {
		next[k] = v
	}
	for _, f := range files {
		// A path is removed under the same clean form it is put under.
		path := filepath.Clean(f.Path)
		if f.Doc == nil || f.Doc.Kind == hot.KindOther {
			delete(next, path)
			delete(x.fresh, path)
			continue
		}
		next[path] = f
		x.markFresh(f, added)
	}
	x.disk, x.last = next, nil
	x.dropStale()
	x.gen++
}

// Snapshot returns an immutable view of the index with the given open
// documents laid over the disk (an open document's text wins; an open
// document that is neither a template nor an environment hides the disk
// version). Without overlays the same snapshot is reused until the index
// changes.
func (x *Index) Snapshot(open ...*File) *Snapshot {
	x.mu.Lock()
	disk, last, gen, guard := x.disk, x.last, x.gen, x.guard
	x.mu.Unlock()
	if len(open) == 0 && last != nil {
		return last
	}
	s := newSnapshot(guard, disk, open)
	s.cache = &x.cache
	s.full = &x.full
	if len(open) == 0 {
		x.mu.Lock()
		if x.gen == gen {
			x.last = s
		}
		x.mu.Unlock()
	}
	return s
}

// OpenFile builds the overlay entry for an open document (nil doc or a
// document of another kind gives an entry that hides the disk file).
func OpenFile(path string, doc *hot.Document) *File {
	return &File{Path: filepath.Clean(path), Doc: doc, Open: true}
}
