package workspace

import (
	"os"
	"path/filepath"
	"sort"
	"sync"
)

// Snapshot is an immutable view of the workspace: the indexed disk files
// with open documents laid over them. Files referred to but not indexed
// (a nested template outside the scanned folders but inside the referring
// template's tree, or everything when nothing was scanned, as in the CLI)
// are read on demand through the guard and cached in the snapshot.
type Snapshot struct {
	guard Guard
	disk  map[string]*File
	open  map[string]*File

	// applied, when set, are the environment files given explicitly
	// (heat-ls check --env): they alone apply, as with "openstack stack
	// create -e", instead of every environment in the workspace.
	applied []*File

	once    sync.Once
	derived *derived

	declOnce sync.Once
	decls    map[string][]*Declaration

	nestedOnce sync.Once
	nested     map[string]bool // templates some template or registry nests

	loadMu sync.Mutex
	loaded map[string]*File // on-demand reads without an index (NewSnapshot)
	// cache, when set, is the index's cache of on-demand reads shared by
	// its snapshots (checked against the disk on every read).
	cache *fileCache
	// full, when set, is the index's cache of full parses of the
	// summarized files (fullparse.go).
	full *fullCache
}

func newSnapshot(g Guard, disk map[string]*File, open []*File) *Snapshot {
	s := &Snapshot{guard: g, disk: disk}
	if len(open) > 0 {
		s.open = make(map[string]*File, len(open))
		for _, f := range open {
			s.open[f.Path] = f
		}
	}
	return s
}

// NewSnapshot builds a snapshot without an index, for one-shot use (the
// CLI): files are read on demand through the guard.
func NewSnapshot(g Guard, files ...*File) *Snapshot {
	disk := make(map[string]*File, len(files))
	for _, f := range files {
		disk[filepath.Clean(f.Path)] = f
	}
	return newSnapshot(g, disk, nil)
}

// WithApplied returns a copy of s in which exactly envs apply (their
// registries map types, their parameters and parameter_defaults give
// values), the way environment files given with -e apply to a stack.
func (s *Snapshot) WithApplied(envs ...*File) *Snapshot {
	c := &Snapshot{guard: s.guard, disk: s.disk, open: s.open, full: s.full}
	for _, e := range envs {
		if e.IsEnvironment() {
			c.applied = append(c.applied, e)
		}
	}
	if c.applied == nil {
		c.applied = []*File{}
	}
	return c
}

// Applied returns the explicitly applied environments, nil when every
// environment of the workspace counts.
func (s *Snapshot) Applied() []*File { return s.applied }

// Guard returns the path guard.
func (s *Snapshot) Guard() Guard { return s.guard }

// File returns the indexed or open file at path (absolute), nil if none.
// It does not read the disk.
func (s *Snapshot) File(path string) *File {
	path = filepath.Clean(path)
	if f, ok := s.open[path]; ok {
		if f.Doc == nil || f.Doc.Template == nil && f.Doc.Env == nil {
			return nil
		}
		return f
	}
	return s.disk[path]
}

// Load returns the template or environment at path as seen from the
// document at fromPath: the open or indexed version, else the disk read
// through the guard. nil when the path is not allowed, missing, or not a
// HOT file.
func (s *Snapshot) Load(path, fromPath string) *File {
	path = filepath.Clean(path)
	if _, isOpen := s.open[path]; isOpen {
		if !s.guard.Allow(path, fromPath) {
			return nil
		}
		return s.File(path)
	}
	if f := s.disk[path]; f != nil {
		if !s.guard.Allow(path, fromPath) {
			return nil
		}
		return f
	}
	if !s.guard.Allow(path, fromPath) {
		return nil
	}
	if s.cache != nil {
		return s.cache.load(path)
	}
	s.loadMu.Lock()
	defer s.loadMu.Unlock()
	if f, ok := s.loaded[path]; ok {
		return f
	}
	f := loadFile(path)
	if s.loaded == nil {
		s.loaded = map[string]*File{}
	}
	s.loaded[path] = f
	return f
}

// Exists reports whether path names an existing file (or directory) the
// guard allows for fromPath; allowed is false when the guard refuses it
// (its existence is then not looked at).
func (s *Snapshot) Exists(path, fromPath string) (exists, allowed bool) {
	if !s.guard.Allow(path, fromPath) {
		return false, false
	}
	if s.File(path) != nil {
		return true, true
	}
	_, err := os.Stat(path)
	return err == nil, true
}

// Files returns every indexed or open template and environment, sorted by
// path.
func (s *Snapshot) Files() []*File {
	seen := make(map[string]bool, len(s.disk)+len(s.open))
	var out []*File
	for p := range s.open {
		seen[p] = true
		if f := s.File(p); f != nil {
			out = append(out, f)
		}
	}
	for p, f := range s.disk {
		if !seen[p] {
			out = append(out, f)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out
}

// Environments returns the environments that apply: the applied ones when
// set, else every environment file of the workspace.
func (s *Snapshot) Environments() []*File {
	if s.applied != nil {
		return s.applied
	}
	return s.derive().envs
}

// Templates returns every template of the workspace.
func (s *Snapshot) Templates() []*File { return s.derive().templates }

// Full returns f with a full parse of its text when the index holds only
// a summary of it (hot.Summarize), for features that read every line.
func (s *Snapshot) Full(f *File) *File {
	if s.full == nil {
		var c fullCache
		return c.expand(f)
	}
	return s.full.expand(f)
}
