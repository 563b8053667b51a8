package lint

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"heat-ls/analysis/config"
	"heat-ls/analysis/rules"
)

// candidate is a file that may be a template or an environment.
type candidate struct {
	path string
	// abs is path made absolute once, for the workspace view, the rules
	// and the project file lookup.
	abs string
	// named is true when the user named the file itself.
	named bool
	// env is true for a file given as an environment (Options.Environments).
	env bool
}

// collect expands paths into candidate files, each listed once, in walk
// order. Paths that cannot be read are returned as errors.
func collect(paths []string) ([]candidate, []error) {
	var files []candidate
	var errs []error
	seen := make(map[string]bool)
	add := func(path string, named bool) {
		key := absPath(path)
		if !seen[key] {
			seen[key] = true
			files = append(files, candidate{path: path, abs: key, named: named})
		}
	}
	for _, root := range paths {
		info, err := os.Stat(root)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if !info.IsDir() {
			add(root, true)
			continue
		}
		err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				errs = append(errs, err)
				if d != nil && d.IsDir() {
					return filepath.SkipDir
				}
				return nil
			}
			if d.IsDir() {
				if path != root && skipDir(d.Name()) {
					return filepath.SkipDir
				}
				return nil
			}
			if d.Type().IsRegular() && isCandidateName(d.Name()) {
				add(path, false)
			}
			return nil
		})
		if err != nil {
			errs = append(errs, err)
		}
	}
	return files, errs
}

// skipDir reports whether a directory is never walked: hidden ones (.git
// and friends) and dependency trees.
func skipDir(name string) bool {
	return strings.HasPrefix(name, ".") || name == "node_modules"
}

// isCandidateName reports whether a file name may hold a template or an
// environment; its content decides. Jinja2 sources ("x.yaml.j2",
// "x.j2") are candidates too: they are reported as such (hot.IsJinjaName).
func isCandidateName(name string) bool {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".yaml", ".yml", ".template", ".j2":
		return true
	}
	return false
}

// configCache finds and loads each directory's project file once, and
// remembers the problems of malformed ones to report them once.
type configCache struct {
	mu    sync.Mutex
	byDir map[string]string // directory → project file ("" for none)
	files map[string]*loaded
}

type loaded struct {
	cfg      *config.Config
	problems []config.Problem
}

func newConfigCache() *configCache {
	return &configCache{byDir: make(map[string]string), files: make(map[string]*loaded)}
}

// forFile returns the configuration governing the file at the absolute
// path abs (nil for defaults).
func (c *configCache) forFile(abs string) *config.Config {
	dir := filepath.Dir(abs)
	c.mu.Lock()
	defer c.mu.Unlock()
	path, ok := c.byDir[dir]
	if !ok {
		path = config.Find(dir, "")
		c.byDir[dir] = path
	}
	if path == "" {
		return nil
	}
	l := c.files[path]
	if l == nil {
		cfg, problems := config.Load(path)
		l = &loaded{cfg: cfg, problems: problems}
		c.files[path] = l
	}
	return l.cfg
}

// problems lists what is wrong with the project files used, as problems
// with the rule id rules.InvalidConfig (the file is not used) or
// rules.UnknownRuleID (an entry naming no rule).
func (c *configCache) problems() []Problem {
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []Problem
	for _, l := range c.files {
		for _, p := range l.problems {
			line, col := max(p.Line, 1), max(p.Col, 1)
			msg := p.Message
			if p.Fatal() {
				msg += "; the defaults apply until it is fixed"
			}
			out = append(out, Problem{
				Path: relPath(p.Path), Line: line, Column: col, Column16: col, EndLine: line, EndColumn: col, EndColumn16: col,
				Severity: rules.Severity(p.RuleID()), Rule: p.RuleID(),
				Message: msg,
			})
		}
	}
	return out
}

// relPath shows an absolute path relative to the working directory when
// it lies below it.
func relPath(p string) string {
	wd, err := os.Getwd()
	if err != nil {
		return p
	}
	if rel, err := filepath.Rel(wd, p); err == nil && !strings.HasPrefix(rel, "..") {
		return rel
	}
	return p
}
