package workspace

import (
	"path/filepath"
	"sync"

	"heat-ls/analysis/feature"
	"heat-ls/analysis/hot"
)

// InlayValues is the workspace's side of inlay hints for the template at
// path: the values environments give its parameters and the outputs of
// the nested templates its resources stand for.
func (s *Snapshot) InlayValues(path string) feature.InlayValues {
	return &inlayValues{s: s, path: filepath.Clean(path)}
}

type inlayValues struct {
	s    *Snapshot
	path string

	once   sync.Once
	nested bool
}

// ParameterValues lists the environments' values for name. An
// environment's "parameters" section feeds only the top-level stack, so
// it is left out for a template the workspace nests.
func (v *inlayValues) ParameterValues(name string) []feature.ValueSource {
	v.once.Do(func() { v.nested = v.s.usedAsNested(v.path, v.s.Templates()) })
	var out []feature.ValueSource
	for _, st := range v.s.Settings(name) {
		if v.nested && st.Section == "parameters" {
			continue
		}
		out = append(out, feature.ValueSource{Where: rel(v.path, st.Env.Path), Value: st.Short})
	}
	return out
}

// NestedOutput describes output of the template r's type stands for.
func (v *inlayValues) NestedOutput(r *hot.Resource, output string) (string, bool) {
	res := v.s.Resolve(v.path, r.Name, r.Type)
	for _, c := range res.Candidates {
		f := c.Template()
		if f == nil {
			continue
		}
		o := f.Outline().Output(output)
		if o == nil {
			continue
		}
		if o.Description != "" {
			return o.Description, true
		}
		return "output of " + rel(v.path, f.Path), true
	}
	return "", false
}

// OutputReferences lists the get_attr calls of the templates nesting the
// template at path that read its output name (the output item of
// get_attr: [RESOURCE, name, ...]).
func (s *Snapshot) OutputReferences(path, name string) []Location {
	var out []Location
	for _, u := range s.NestingUses(path) {
		// A summary holds no calls: the full parse does.
		u.Doc = s.Full(&File{Path: u.Path, Doc: u.Doc}).Doc
		if u.Doc == nil || u.Doc.Template == nil {
			continue
		}
		for _, c := range u.Doc.Template.Calls {
			args := c.Args.Resolve()
			if c.Name != "get_attr" || !args.IsSequence() || len(args.Items()) < 2 {
				continue
			}
			res, attr := args.Items()[0].Resolve(), args.Items()[1].Resolve()
			if res.IsScalar() && attr.IsScalar() && res.Value == u.Label && attr.Value == name {
				out = append(out, Location{Path: u.Path, Span: attr.Span(), Doc: u.Doc})
			}
		}
	}
	return out
}
