package workspace

import (
	"bytes"
	"context"
	"io/fs"
	"path/filepath"
	"runtime"
	"strings"
	"sync"

	"heat-ls/analysis/hot"
	"heat-ls/analysis/limits"
	"heat-ls/analysis/source"
)

// IsCandidateName reports whether a file name is worth sniffing: the
// extensions Heat projects use for templates and environments. The same
// set is what the editor is asked to watch.
func IsCandidateName(name string) bool {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".yaml", ".yml", ".template":
		return true
	}
	return false
}

// WatchGlob is the file pattern the index wants change events for.
const WatchGlob = "**/*.{yaml,yml,template}"

// skipDir reports whether a directory is never indexed: version control,
// dependency and virtualenv trees, and hidden directories.
func skipDir(name string) bool {
	if strings.HasPrefix(name, ".") && name != "." && name != ".." {
		return true
	}
	switch name {
	case "node_modules", "vendor", "venv", "__pycache__", "site-packages", "bower_components":
		return true
	}
	return false
}

// sniff is the cheap test run before parsing: a template or environment
// names one of its top-level keys somewhere (flow-style documents
// included). Parsing decides; this only spares the parser most other YAML.
func sniff(src []byte) bool {
	for _, key := range [...]string{"heat_template", "resource_registry", "parameter_defaults", "parameters", "encrypted_param_names", "event_sinks", "parameter_merge_strategies"} {
		if bytes.Contains(src, []byte(key)) {
			return true
		}
	}
	return false
}

// loadFile reads and parses one file; nil when it is not a template or an
// environment, too big, or unreadable.
func loadFile(path string) *File {
	src, err := source.ReadRegular(path, limits.File)
	if err != nil || !sniff(src) {
		return nil
	}
	return parseFile(path, src, false)
}

// parseFile builds a File from text; nil when the text is neither a
// template nor an environment.
func parseFile(path string, src []byte, open bool) (f *File) {
	defer func() {
		if recover() != nil {
			f = nil
		}
	}()
	doc := hot.ParseNamed(path, src)
	if doc.Kind == hot.KindOther {
		return nil
	}
	return &File{Path: path, Doc: doc, Open: open}
}

// walk lists the candidate files under root, skipping excluded directories
// and symbolic links whose target leaves the root.
func walk(ctx context.Context, root string, g Guard, budget *scanBudget) []string {
	var out []string
	_ = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if ctx.Err() != nil {
			return fs.SkipAll
		}
		if err != nil {
			if d != nil && d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if !budget.visit() {
			return fs.SkipAll
		}
		if d.IsDir() {
			if path != root && skipDir(d.Name()) {
				return fs.SkipDir
			}
			return nil
		}
		if !IsCandidateName(d.Name()) {
			return nil
		}
		if d.Type()&fs.ModeSymlink != 0 && !g.Allow(path, "") {
			return nil
		}
		if d.Type().IsRegular() || d.Type()&fs.ModeSymlink != 0 {
			if !budget.candidates(len(out)) {
				return fs.SkipAll // this one is past the limit: "more than" is true
			}
			out = append(out, path)
		}
		return nil
	})
	return out
}

// loadAll parses paths on all CPUs, calling progress after each file
// (one call at a time, with done rising). Files past the budget's bytes
// are left out.
func loadAll(ctx context.Context, paths []string, budget *scanBudget, progress func(done, total int)) []*File {
	files := make([]*File, len(paths))
	workers := min(runtime.GOMAXPROCS(0), max(1, len(paths)))
	var (
		wg   sync.WaitGroup
		mu   sync.Mutex
		done int
		next = make(chan int)
	)
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				if budget.read(paths[i]) {
					files[i] = summarize(loadFile(paths[i]))
				}
				if progress != nil {
					mu.Lock()
					done++
					progress(done, len(paths))
					mu.Unlock()
				}
			}
		}()
	}
	for i := range paths {
		if ctx.Err() != nil {
			break
		}
		next <- i
	}
	close(next)
	wg.Wait()
	return files
}
