package workspace

import (
	"heat-ls/analysis/check"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/source"
	"heat-ls/analysis/syntax"
)

// Link is a file reference in a document that leads to another file:
// a get_file path, a resource type that is a template path, a
// resource_registry target. Only allowed, existing local files become
// links; URLs are never followed.
type Link struct {
	Span source.Span
	// Path is the absolute target path.
	Path string
	// Kind says what refers: "get_file", "template", "registry".
	Kind string
}

// Links lists the links of the document at path.
func (s *Snapshot) Links(path string, doc *hot.Document) (out []Link) {
	defer func() {
		if recover() != nil {
			out = nil
		}
	}()
	add := func(n *syntax.Node, kind string) {
		n = n.Resolve()
		if !n.IsScalar() || n.Tag() != "!!str" || n.Value == "" {
			return
		}
		target := ResolvePath(path, n.Value)
		if target == "" {
			return
		}
		if exists, allowed := s.Exists(target, path); !exists || !allowed {
			return
		}
		out = append(out, Link{Span: n.Span(), Path: target, Kind: kind})
	}
	switch {
	case doc == nil:
	case doc.Template != nil:
		for _, c := range doc.Template.Calls {
			if c.Name == "get_file" {
				add(c.Args, "get_file")
			}
		}
		for _, r := range doc.Template.Resources {
			for _, def := range check.ResourceDefinitions(r) {
				if def.Type != nil && IsTemplateRef(def.TypeName) {
					add(def.Type, "template")
				}
			}
		}
	case doc.Env != nil:
		for _, m := range envMappings(&File{Path: path, Doc: doc}) {
			if m.Path == "" || !m.TargetText {
				continue
			}
			if exists, allowed := s.Exists(m.Path, path); exists && allowed {
				out = append(out, Link{Span: m.TargetSpan, Path: m.Path, Kind: "registry"})
			}
		}
	}
	return out
}
