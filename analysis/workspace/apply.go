package workspace

import (
	"context"
	"os"
	"path/filepath"
	"sync"

	"heat-ls/analysis/check"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/source"
	"heat-ls/schema"
)

// CodeEnvUnknownParameter is the rule id of a parameter set under
// "parameters" of an applied environment that the template does not
// declare (Heat refuses the stack with UnknownUserParameter).
const CodeEnvUnknownParameter = "env-unknown-parameter"

// ReadEnvironments reads environment files given explicitly (heat-ls check
// --env). A file that is not an environment is an error.
func ReadEnvironments(paths []string) ([]*File, error) {
	var out []*File
	for _, p := range paths {
		abs, err := filepath.Abs(p)
		if err != nil {
			return nil, err
		}
		src, err := os.ReadFile(abs)
		if err != nil {
			return nil, err
		}
		f := parseFile(abs, src, false)
		if !f.IsEnvironment() {
			return nil, &os.PathError{Op: "read environment", Path: p, Err: errNotEnvironment}
		}
		out = append(out, f)
	}
	return out, nil
}

type envError string

func (e envError) Error() string { return string(e) }

const errNotEnvironment = envError("not a Heat environment file (its top-level keys must be environment sections)")

// CLIView builds the view "heat-ls check" gives every checked file: the
// guard allows the checked files' folders, the environments' folders and
// the current directory; only envs apply (as "openstack stack create -e"
// applies them), so their registries map types, their parameter_defaults
// reach nested templates, and their "parameters" must be declared by each
// checked template. Without envs the view still checks nested templates
// given by path and get_file paths.
func CLIView(files []string, envs []*File) check.WorkspaceView {
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
	return &cliView{checkView: checkView{snap}, files: files}
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
