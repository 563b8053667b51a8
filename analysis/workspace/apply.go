package workspace

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"heat-ls/analysis/check"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/source"
	"heat-ls/analysis/syntax"
	"heat-ls/schema"
	"heat-ls/schema/spell"
)

// ReadEnvironments reads environment files given explicitly (heat-ls check
// --env). A file that is not an environment is an error.
func ReadEnvironments(paths []string) ([]*File, error) {
	var out []*File
	for _, p := range paths {
		abs, err := filepath.Abs(p)
		if err != nil {
			return nil, err
		}
		src, err := source.ReadRegular(abs, MaxFileSize)
		if err != nil {
			return nil, err
		}
		f := parseFile(abs, src, false)
		if !f.IsEnvironment() {
			if emptyEnvironment(src) {
				continue // Heat reads an empty environment as one that sets nothing
			}
			return nil, &os.PathError{Op: "read environment", Path: p, Err: notEnvironmentError(src)}
		}
		out = append(out, f)
	}
	return out, nil
}

type envError string

func (e envError) Error() string { return string(e) }

const errNotEnvironment = envError("not a Heat environment file (its top-level keys must be environment sections)")

// emptyEnvironment reports whether src holds no environment content at
// all: nothing, only comments, null or an empty mapping. Heat accepts such
// a file and it changes nothing (placeholder environments are common).
func emptyEnvironment(src []byte) bool {
	f := syntax.Parse(src)
	if f.Broken || len(f.Docs) > 1 {
		return false
	}
	root := f.Root().Resolve()
	return root == nil || root.IsNull() || root.IsMapping() && len(root.Pairs) == 0
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
	for _, pr := range root.Pairs {
		k := pr.Key
		if k == nil || k.Kind != syntax.ScalarNode || slices.Contains(sections, k.Value) {
			continue
		}
		msg := fmt.Sprintf("not a Heat environment file: %q (line %d) is not an environment section", k.Value, lineOf(src, k.Span.Start))
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
	return &cliView{checkView: checkView{CLISnapshot(files, envs)}, files: files}
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

	once   sync.Once
	nested map[string]bool
}

func (v *cliView) UsedAsNested(path string) bool {
	v.once.Do(func() {
		var templates []*File
		for _, p := range v.files {
			if f := v.s.Load(p, p); f.IsTemplate() {
				templates = append(templates, f)
			}
		}
		v.nested = map[string]bool{}
		for _, p := range v.files {
			if v.s.usedAsNested(p, templates) {
				v.nested[filepath.Clean(p)] = true
			}
		}
	})
	return v.nested[filepath.Clean(path)]
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
