package config

import (
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
)

// EnvSet is a declaration of the active environment files of templates,
// as the editor setting heat-ls.environments and the project file's
// environments key write it. Two shapes exist: one list for every
// template (All), or an ordered list of template patterns each with its
// own list (ByTemplate; the first pattern matching a template wins).
// Entries are paths or globs relative to Dir (absolute ones allowed); the
// order is the order of "-e" on the command line: later files win.
type EnvSet struct {
	// Dir is the base of relative entries and template patterns ("" when
	// the caller gives it at lookup, as for the editor setting, which is
	// relative to the workspace folder holding the template).
	Dir string
	// All is the list for every template (the list shape).
	All []string
	// ByTemplate is the object shape, in the order written.
	ByTemplate []EnvEntry
	// IsList says the list shape was written (All may then be empty: no
	// environment at all).
	IsList bool
}

// EnvEntry is one template pattern and its environment files.
type EnvEntry struct {
	Template string
	Envs     []string
}

// EnvPath is one environment file of an active set; Glob says it was
// found by a glob (a match that is no environment file is then skipped,
// while a path written out that is none is a problem).
type EnvPath struct {
	Path string
	Glob bool
}

// For returns the environment files for the template at path (absolute),
// relative entries resolved against dir (or e.Dir when dir is ""); ok is
// false when the set has no entry for the template.
func (e *EnvSet) For(path, dir string) (envs []EnvPath, ok bool) {
	if e == nil {
		return nil, false
	}
	if dir == "" {
		dir = e.Dir
	}
	if e.IsList {
		return ExpandEnvs(dir, e.All), true
	}
	for _, entry := range e.ByTemplate {
		if templateMatches(entry.Template, dir, path) {
			return ExpandEnvs(dir, entry.Envs), true
		}
	}
	return nil, false
}

// templateMatches reports whether the template at path matches pattern,
// a path or glob relative to dir or absolute.
func templateMatches(pattern, dir, path string) bool {
	pattern = filepath.ToSlash(strings.TrimPrefix(pattern, "./"))
	path = filepath.ToSlash(filepath.Clean(path))
	if strings.HasPrefix(pattern, "/") {
		return matchGlob(pattern[1:], strings.TrimPrefix(path, "/"))
	}
	rel, err := filepath.Rel(dir, filepath.FromSlash(path))
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return false
	}
	return matchGlob(pattern, filepath.ToSlash(rel))
}

// maxGlobWalk bounds the directory entries one "**" glob looks at, so a
// pattern over a huge tree costs a bounded time.
const maxGlobWalk = 200_000

// maxEnvFiles bounds the files one active set expands to.
const maxEnvFiles = 1000

// ExpandEnvs resolves the entries of a list against dir: a path as it is,
// a glob to its matches in sorted order. A file listed again (a glob
// matching a file named before it) keeps its first place: applying one
// file twice would merge its values twice.
func ExpandEnvs(dir string, entries []string) []EnvPath {
	var out []EnvPath
	seen := map[string]bool{}
	add := func(p string, glob bool) {
		p = filepath.Clean(p)
		if !seen[p] && len(out) < maxEnvFiles {
			seen[p] = true
			out = append(out, EnvPath{Path: p, Glob: glob})
		}
	}
	for _, entry := range entries {
		entry = strings.TrimPrefix(entry, "file://")
		p := filepath.FromSlash(entry)
		if !filepath.IsAbs(p) {
			p = filepath.Join(dir, p)
		}
		if !strings.ContainsAny(entry, "*?[") {
			add(p, false)
			continue
		}
		for _, m := range globFiles(p) {
			add(m, true)
		}
	}
	return out
}

// globFiles returns the regular files matching the absolute pattern p
// ("**" matches any number of directories), sorted.
func globFiles(p string) []string {
	slashed := filepath.ToSlash(p)
	parts := strings.Split(slashed, "/")
	// The walk starts at the longest leading run of parts without glob
	// characters.
	base := 0
	for base < len(parts) && !strings.ContainsAny(parts[base], "*?[") {
		base++
	}
	root := filepath.FromSlash(strings.Join(parts[:base], "/"))
	if root == "" {
		root = "/"
	}
	pattern := strings.Join(parts[base:], "/")
	var out []string
	if !strings.Contains(pattern, "**") {
		matches, _ := filepath.Glob(p)
		for _, m := range matches {
			if info, err := os.Stat(m); err == nil && info.Mode().IsRegular() {
				out = append(out, m)
			}
		}
		slices.Sort(out)
		return out
	}
	visited := 0
	filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		visited++
		if err != nil || visited > maxGlobWalk {
			if visited > maxGlobWalk {
				return filepath.SkipAll
			}
			return nil
		}
		if d.IsDir() {
			if path != root && strings.HasPrefix(d.Name(), ".") {
				return filepath.SkipDir
			}
			return nil
		}
		rel, err := filepath.Rel(root, path)
		if err == nil && matchFile(pattern, filepath.ToSlash(rel)) {
			if info, err := os.Stat(path); err == nil && info.Mode().IsRegular() {
				out = append(out, path)
			}
		}
		return nil
	})
	slices.Sort(out)
	return out
}

// matchFile reports whether the slash-separated file name matches the
// pattern as a whole ("**" stands for any number of directories); unlike
// matchGlob, a pattern naming a directory does not match what is below it.
// The same table as matchParts keeps the cost len(pattern) × len(name).
func matchFile(pattern, name string) bool {
	pat, parts := strings.Split(pattern, "/"), strings.Split(name, "/")
	ok := make([]bool, len(parts)+1)
	ok[len(parts)] = true
	for i := len(pat) - 1; i >= 0; i-- {
		next := make([]bool, len(parts)+1)
		if pat[i] == "**" {
			next[len(parts)] = ok[len(parts)]
			for j := len(parts) - 1; j >= 0; j-- {
				next[j] = ok[j] || next[j+1]
			}
		} else {
			for j := range parts {
				if m, _ := path.Match(pat[i], parts[j]); m {
					next[j] = ok[j+1]
				}
			}
		}
		ok = next
	}
	return ok[0]
}

// Equal reports whether two sets declare the same files.
func (e *EnvSet) Equal(o *EnvSet) bool {
	if e == nil || o == nil {
		return e == o
	}
	return e.Dir == o.Dir && e.IsList == o.IsList && slices.Equal(e.All, o.All) &&
		slices.EqualFunc(e.ByTemplate, o.ByTemplate, func(a, b EnvEntry) bool {
			return a.Template == b.Template && slices.Equal(a.Envs, b.Envs)
		})
}
