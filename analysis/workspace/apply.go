package workspace

import (
	"context"
	"os"
	"path/filepath"

	"heat-ls/analysis/check"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/source"
	"heat-ls/schema"
)

// FileDiagnostic is a diagnostic with the file it belongs to.
type FileDiagnostic struct {
	Path string
	Doc  *hot.Document
	source.Diagnostic
}

// CodeEnvUnknownParameter is the rule id for a parameter set under
// "parameters" of an applied environment that the template does not
// declare (Heat refuses the stack: UnknownUserParameter). Values under
// parameter_defaults are exempt, as in Heat.
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

// CheckWithEnvironments checks the template at path the way "openstack
// stack create -t path -e env..." would see it: the environments'
// registries map types, parameter_defaults reach nested templates, and
// every parameter an environment sets under "parameters" must be declared
// by the template. The template's own diagnostics come first, then those
// located in the environment files. roots are the folders the guard lets
// heat-ls read besides the template's own tree.
func CheckWithEnvironments(ctx context.Context, sc *schema.Schema, path string, doc *hot.Document, envs []*File, roots ...string) []FileDiagnostic {
	abs, err := filepath.Abs(path)
	if err != nil {
		abs = path
	}
	guardRoots := append([]string{}, roots...)
	for _, e := range envs {
		guardRoots = append(guardRoots, filepath.Dir(e.Path))
	}
	self := &File{Path: abs, Doc: doc}
	snap := NewSnapshot(NewGuard(guardRoots...), append([]*File{self}, envs...)...).WithApplied(envs...)
	var out []FileDiagnostic
	for _, d := range check.Run(ctx, doc, check.Options{Schema: sc, Workspace: snap.CheckView(), Path: abs}) {
		out = append(out, FileDiagnostic{Path: path, Doc: doc, Diagnostic: d})
	}
	if doc.Template == nil {
		return out
	}
	for _, e := range envs {
		for _, en := range e.Doc.Env.Parameters {
			if doc.Template.Parameter(en.Name) != nil {
				continue
			}
			out = append(out, FileDiagnostic{Path: e.Path, Doc: e.Doc, Diagnostic: source.Diagnostic{
				Span: en.Key.Span, Severity: source.SeverityError, Code: CodeEnvUnknownParameter,
				Message: "The parameter \"" + en.Name + "\" is set here but " + filepath.Base(path) +
					" does not declare it; Heat refuses the stack. Declare it in the template, remove it, or move it under parameter_defaults (which may name parameters a template lacks).",
			}})
		}
	}
	return out
}
