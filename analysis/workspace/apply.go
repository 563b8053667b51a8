package workspace

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"

	"heat-ls/analysis/check"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/limits"
	"heat-ls/analysis/source"
	"heat-ls/analysis/syntax"
	"heat-ls/schema"
	"heat-ls/schema/spell"
)

// ReadEnvironments reads environment files given explicitly (heat-ls graph
// --env). A file that is not an environment is an error.
func ReadEnvironments(paths []string) ([]*File, error) {
	envs, notMapping, err := ReadEnvironmentsJudged(paths)
	if err == nil && len(notMapping) > 0 {
		err = &os.PathError{Op: "read environment", Path: notMapping[0], Err: errNotMapping}
	}
	return envs, err
}

// ReadEnvironmentsJudged reads environment files given explicitly (heat-ls
// check --env). A file whose top level is a list or a scalar is left out
// and listed in notMapping: Heat refuses it, and the check reports that
// as a problem of the file (rules.EnvNotMapping) rather than stopping.
// Any other file that is not an environment is an error.
func ReadEnvironmentsJudged(paths []string) (envs []*File, notMapping []string, err error) {
	for _, p := range paths {
		abs, err := filepath.Abs(p)
		if err != nil {
			return nil, nil, err
		}
		src, err := source.ReadRegular(abs, limits.File)
		if err != nil {
			return nil, nil, err
		}
		f := parseFile(abs, src, false)
		if !f.IsEnvironment() {
			switch {
			case emptyEnvironment(src):
				continue // Heat reads an empty environment as one that sets nothing
			case TopLevelNotMapping(src):
				notMapping = append(notMapping, p)
				continue
			}
			return nil, nil, &os.PathError{Op: "read environment", Path: p, Err: notEnvironmentError(src)}
		}
		envs = append(envs, f)
	}
	return envs, notMapping, nil
}

// TopLevelNotMapping reports whether src is one YAML document that parses
// and whose top level holds a value that is not a mapping (a list, text,
// a number): Heat's environment loader refuses such a file.
func TopLevelNotMapping(src []byte) bool {
	f := syntax.Parse(src)
	if f.Broken || len(f.Docs) != 1 {
		return false
	}
	root := f.Root().Resolve()
	return root != nil && !root.IsNull() && !root.IsMapping()
}

type envError string

func (e envError) Error() string { return string(e) }

const errNotEnvironment = envError("not a Heat environment file (its top-level keys must be environment sections)")

const errNotMapping = envError("not a Heat environment file (its top level is not a mapping of environment sections)")

// emptyEnvironment reports whether src holds no environment content at
// all: nothing, only comments, null or an empty mapping. Heat accepts such
// a file and it changes nothing (placeholder environments are common).
func emptyEnvironment(src []byte) bool {
	f := syntax.Parse(src)
	if f.Broken || len(f.Docs) > 1 {
		return false
	}
	root := f.Root().Resolve()
	return root == nil || root.IsNull() || root.IsMapping() && root.NumPairs() == 0
}

// notEnvironmentError says why src is not an environment: when it is a
// mapping, which top-level keys are not environment sections (Heat
// refuses the file naming the first of them), with the nearest section.
func notEnvironmentError(src []byte) error {
	f := syntax.Parse(src)
	root := f.Root().Resolve()
	if f.Broken || !root.IsMapping() {
		return errNotEnvironment
	}
	sections := schema.EnvironmentSections()
	for _, pr := range root.Pairs() {
		k := pr.Key
		if k == nil || k.Kind != syntax.ScalarNode || slices.Contains(sections, k.Value) {
			continue
		}
		msg := fmt.Sprintf("not a Heat environment file: %q (line %d) is not an environment section", k.Value, lineOf(src, k.Span().Start))
		if near := spell.Nearest(k.Value, sections, 1, 3); len(near) > 0 {
			msg += fmt.Sprintf("; did you mean %q?", near[0])
		} else {
			msg += " (" + strings.Join(sections, ", ") + ")"
		}
		return envError(msg)
	}
	return errNotEnvironment
}

func lineOf(src []byte, offset int) int {
	return bytes.Count(src[:min(offset, len(src))], []byte("\n")) + 1
}

// CLIView builds the view "heat-ls check" gives every checked file: the
// guard allows the checked files' folders, the environments' folders and
// the current directory; only envs apply (as "openstack stack create -e"
// applies them), so their registries map types, their parameter_defaults
// reach nested templates, and their "parameters" must be declared by each
// checked template. Without envs the view still checks nested templates
// given by path and get_file paths.
func CLIView(files []string, envs []*File) check.WorkspaceView {
	s := CLISnapshot(files, envs)
	return &cliView{checkView: checkView{s}, files: files, uses: s.templateNestingUses}
}

// CLIViewOf is CLIView over files already parsed (heat-ls preview checks
// the files it has just read): the view takes their parses from parsed
// rather than reading and parsing them again.
func CLIViewOf(files []string, envs []*File, parsed []*File) check.WorkspaceView {
	s := CLISnapshot(files, envs)
	s.open = make(map[string]*File, len(parsed))
	for _, f := range parsed {
		s.open[f.Path] = f
	}
	return &cliView{checkView: checkView{s}, files: files, uses: s.templateNestingUses}
}

// CLISnapshot is the snapshot behind CLIView, for the other commands that
// read templates given on the command line (heat-ls graph): the guard
// allows the files' folders, the environments' folders and the current
// directory, and only envs apply.
func CLISnapshot(files []string, envs []*File) *Snapshot {
	var roots []string
	if wd, err := os.Getwd(); err == nil {
		roots = append(roots, wd)
	}
	for _, f := range files {
		roots = append(roots, filepath.Dir(f))
	}
	for _, e := range envs {
		roots = append(roots, filepath.Dir(e.Path))
	}
	snap := NewSnapshot(NewGuard(dedupe(roots)...), envs...)
	if len(envs) > 0 {
		snap = snap.WithApplied(envs...)
	}
	return snap
}

// cliView is the CLI's view: the snapshot knows only the environments, so
// whether a checked template runs as a nested stack is worked out from
// the other checked files, read once on first use (only the rules that
// treat nested stacks differently ask).
type cliView struct {
	checkView
	files []string
	// uses resolves the resource types of one template
	// (Snapshot.templateNestingUses; tests count the calls).
	uses func(f *File, yield func(target string, u NestingUse) bool) bool

	once   sync.Once
	nested map[string]bool

	// fileStates remembers FileState's answers by folder and reference.
	fileStates sync.Map // fileStateKey → check.FileState
}

type fileStateKey struct{ dir, ref string }

// FileState answers as the snapshot does, once per folder and reference:
// the files do not change during a check run, and a file that many
// templates of a folder read (a shared script) would otherwise be looked
// up again for each, following links component by component. The answer
// depends on the reading template's folder only (the reference is
// resolved from there and the guard allows by folder).
func (v *cliView) FileState(fromPath, ref string) check.FileState {
	if fromPath == "" {
		return v.checkView.FileState(fromPath, ref)
	}
	key := fileStateKey{filepath.Dir(fromPath), ref}
	if st, ok := v.fileStates.Load(key); ok {
		return st.(check.FileState)
	}
	st := v.checkView.FileState(fromPath, ref)
	v.fileStates.Store(key, st)
	return st
}

func (v *cliView) UsedAsNested(path string) bool {
	v.once.Do(func() { v.nested = v.nestedFiles() })
	return v.nested[filepath.Clean(path)]
}

// nestedFiles returns the checked files that an applying environment or
// a checked template nests, in one walk: each template's resource types
// are resolved once (asking file by file would resolve every template's
// types again for each file, quadratic in the tree), on every processor,
// and a template's parse is dropped once its types are resolved (the
// checked files are parsed again as each is checked; only the nested
// ones are kept, as Load keeps them).
func (v *cliView) nestedFiles() map[string]bool {
	var mu sync.Mutex
	targets := map[string]bool{}
	add := func(target string, _ NestingUse) bool {
		mu.Lock()
		targets[target] = true
		mu.Unlock()
		return true
	}
	v.s.mappingNestingUses(add)
	next := make(chan string)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), max(len(v.files), 1)) {
		wg.Go(func() {
			for p := range next {
				v.walkNesting(p, add)
			}
		})
	}
	for _, p := range v.files {
		next <- p
	}
	close(next)
	wg.Wait()
	nested := map[string]bool{}
	for _, p := range v.files {
		if p = filepath.Clean(p); targets[p] {
			nested[p] = true
		}
	}
	return nested
}

// walkNesting resolves the resource types of the checked file at path
// when it is a template. It runs outside the check of any file (whose
// panics become internal-error problems), so a panic on a strange
// template is caught here: that template then counts as nesting nothing
// instead of ending the run.
func (v *cliView) walkNesting(path string, add func(string, NestingUse) bool) {
	defer func() { _ = recover() }()
	if f := v.s.loadTransient(path, path); f.IsTemplate() {
		v.uses(f, add)
	}
}

// loadTransient is Load for a file read once: the snapshot's version of
// it when it has one (open, indexed, cached or already loaded), else a
// parse that the snapshot does not keep.
func (s *Snapshot) loadTransient(path, fromPath string) *File {
	path = filepath.Clean(path)
	if _, isOpen := s.open[path]; isOpen || s.disk[path] != nil || s.cache != nil {
		return s.Load(path, fromPath)
	}
	if !s.guard.Allow(path, fromPath) {
		return nil
	}
	s.loadMu.Lock()
	f, ok := s.loaded[path]
	s.loadMu.Unlock()
	if ok {
		return f
	}
	return loadFile(path)
}

func dedupe(paths []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, p := range paths {
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	return out
}

// FileDiagnostic is a diagnostic with the file it belongs to.
type FileDiagnostic struct {
	Path string
	Doc  *hot.Document
	source.Diagnostic
}

// CheckWithEnvironments checks one template with envs applied, as
// "heat-ls check --env" does; roots are extra folders the guard allows.
func CheckWithEnvironments(ctx context.Context, sc *schema.Schema, path string, doc *hot.Document, envs []*File, roots ...string) []FileDiagnostic {
	abs, err := filepath.Abs(path)
	if err != nil {
		abs = path
	}
	guardRoots := append([]string{filepath.Dir(abs)}, roots...)
	for _, e := range envs {
		guardRoots = append(guardRoots, filepath.Dir(e.Path))
	}
	snap := NewSnapshot(NewGuard(guardRoots...), envs...).WithApplied(envs...)
	var out []FileDiagnostic
	for _, d := range check.Run(ctx, doc, check.Options{Schema: sc, Workspace: snap.CheckView(), Path: abs}) {
		out = append(out, FileDiagnostic{Path: path, Doc: doc, Diagnostic: d})
	}
	return out
}
