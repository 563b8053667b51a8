package workspace

import (
	"maps"
	"path/filepath"
	"slices"
	"sort"

	"heat-ls/analysis/feature"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/source"
	"heat-ls/analysis/syntax"
)

// Reference is one place a name is written, in any file.
type Reference struct {
	Location
	// NameSpan is the name text without quotes (what rename replaces).
	NameSpan source.Span
	// Definition marks the name's declaration.
	Definition bool
}

// Symbol says which cross-file name the cursor is on.
type Symbol struct {
	// Kind is "parameter" (a template parameter, with Template set) or
	// "type" (a custom resource type name).
	Kind     string
	Name     string
	Template string
	// Span is the token under the cursor, NameSpan its text.
	Span, NameSpan source.Span
}

// SymbolAt finds the cross-file name under offset in the file at path:
// a parameter of a template (its key, a get_param, or a parent resource's
// property key that sets it, or an environment entry), or a custom type
// (a registry key, or a resource type an environment maps).
func (s *Snapshot) SymbolAt(path string, doc *hot.Document, offset int) (sym Symbol, ok bool) {
	defer func() {
		if recover() != nil {
			sym, ok = Symbol{}, false
		}
	}()
	if doc == nil {
		return Symbol{}, false
	}
	if doc.Env != nil {
		return envSymbolAt(doc, offset)
	}
	ct := s.locate(path, doc, offset)
	switch ct.kind {
	case crossGetParam, crossParamDef:
		if doc.Template.Parameter(ct.name) == nil {
			return Symbol{}, false
		}
		return Symbol{Kind: "parameter", Name: ct.name, Template: filepath.Clean(path), Span: ct.node.Span(), NameSpan: feature.InnerSpan(ct.node)}, true
	case crossNestedProp:
		if len(ct.templates) == 1 {
			return Symbol{Kind: "parameter", Name: ct.name, Template: ct.templates[0].Path, Span: ct.node.Span(), NameSpan: feature.InnerSpan(ct.node)}, true
		}
	}
	t := feature.Locate(doc, offset)
	if t.Kind == feature.TargetResourceType && !IsTemplateRef(t.Name) && s.TypeMapped(t.Name) {
		return Symbol{Kind: "type", Name: t.Name, Span: t.Span, NameSpan: t.NameSpan}, true
	}
	// A group's member type (resource_def: type:) is a plain value to the
	// in-file locator.
	if in := s.innerTypeAt(path, doc, offset); in.node != nil && !IsTemplateRef(in.name) && s.TypeMapped(in.name) {
		return Symbol{Kind: "type", Name: in.name, Span: in.node.Span(), NameSpan: feature.InnerSpan(in.node)}, true
	}
	return Symbol{}, false
}

// envSymbolAt finds a registry key or a parameter entry key in an
// environment file.
func envSymbolAt(doc *hot.Document, offset int) (Symbol, bool) {
	in := func(n *syntax.Node) bool { return n != nil && n.Span().Start <= offset && offset <= n.Span().End }
	for _, m := range envMappings(&File{Doc: doc}) {
		if m.Key.Start <= offset && offset <= m.Key.End && m.Key != (source.Span{}) && !m.IsGlob() && m.Name != "" {
			return Symbol{Kind: "type", Name: m.Name, Span: m.Key, NameSpan: m.KeyInner}, true
		}
	}
	for _, list := range [][]*hot.Entry{doc.Env.Parameters, doc.Env.ParameterDefaults} {
		for _, e := range list {
			if in(e.Key) {
				return Symbol{Kind: "parameter", Name: e.Name, Span: e.Key.Span(), NameSpan: feature.InnerSpan(e.Key)}, true
			}
		}
	}
	return Symbol{}, false
}

// References lists every place sym is written across the workspace.
// For a template parameter: its declaration and uses in the template,
// the property keys of parent resources whose type stands for that
// template, and the environment entries that set a parameter of that
// name. For a parameter named in an environment (no template known):
// every template declaring it and every environment setting it. For a
// custom type: registry keys and resource types naming it.
func (s *Snapshot) References(sym Symbol) (out []Reference) {
	defer func() {
		if recover() != nil {
			out = nil
		}
	}()
	addAt := func(f *File, span, name source.Span, def bool) {
		out = append(out, Reference{Location: Location{Path: f.Path, Span: span, Doc: f.Doc}, NameSpan: name, Definition: def})
	}
	add := func(f *File, n *syntax.Node, def bool) {
		if f == nil || n == nil {
			return
		}
		addAt(f, n.Span(), feature.InnerSpan(n), def)
	}
	switch sym.Kind {
	case "parameter":
		templates := s.Declarations(sym.Name)
		if sym.Template != "" {
			templates = nil
			if f := s.File(sym.Template); f.IsTemplate() {
				templates = []*Declaration{{File: f, Param: f.Outline().Parameter(sym.Name)}}
			} else if f := s.Load(sym.Template, ""); f.IsTemplate() {
				templates = []*Declaration{{File: f, Param: f.Outline().Parameter(sym.Name)}}
			}
		}
		for _, d := range templates {
			full := s.Full(d.File) // every use, resources included
			for _, o := range feature.Occurrences(full.Doc, feature.NamespaceParameter, sym.Name) {
				add(full, o.Node, o.Definition)
			}
			for _, pk := range s.parentPropertyKeys(d.File.Path, sym.Name) {
				addAt(pk.file, pk.key.Key, pk.key.KeyInner, false)
			}
		}
		// An environment's "parameters" reach only the top-level stack:
		// they are no reference to a parameter of a nested template (and
		// renaming them would break the top-level template they feed).
		nested := sym.Template != "" && s.usedAsNested(sym.Template, s.Templates())
		for _, st := range s.Settings(sym.Name) {
			if nested && st.Section == "parameters" {
				continue
			}
			addAt(st.Env, st.Key, st.KeyInner, false)
		}
	case "type":
		for _, f := range s.Files() {
			switch {
			case f.IsEnvironment():
				for _, m := range envMappings(f) {
					if m.Name == sym.Name {
						addAt(f, m.Key, m.KeyInner, true)
					}
					if m.Target == sym.Name {
						addAt(f, m.TargetSpan, m.TargetInner, false)
					}
				}
			case f.IsTemplate():
				for _, r := range f.Outline().Resources {
					for _, def := range r.Definitions {
						if def.TypeName == sym.Name && def.HasType {
							addAt(f, def.Type, def.TypeInner, false)
						}
					}
				}
			}
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Path != out[j].Path {
			return out[i].Path < out[j].Path
		}
		return out[i].Span.Start < out[j].Span.Start
	})
	out = dedupeRefs(out)
	return out
}

func dedupeRefs(in []Reference) []Reference {
	var out []Reference
	for i, r := range in {
		if i > 0 && r.Path == in[i-1].Path && r.Span == in[i-1].Span {
			continue
		}
		out = append(out, r)
	}
	return out
}

type propertyKey struct {
	file     *File
	key      hot.OutlineProperty
	resource string
}

// parentPropertyKeys finds, in every workspace template, the property
// keys named name of resources whose type stands for the template at
// nested.
func (s *Snapshot) parentPropertyKeys(nested, name string) []propertyKey {
	var out []propertyKey
	for _, f := range s.Templates() {
		keys, complete := s.filePropertyKeys(f, nested, name)
		if !complete {
			keys, _ = s.filePropertyKeys(s.Full(f), nested, name)
		}
		out = append(out, keys...)
	}
	return out
}

// filePropertyKeys is parentPropertyKeys in the template f. complete is
// false when f is a summary that left out the properties of a definition
// standing for nested (a built-in type name an environment maps): the
// caller then asks the full parse.
func (s *Snapshot) filePropertyKeys(f *File, nested, name string) (out []propertyKey, complete bool) {
	for _, r := range f.Outline().Resources {
		for _, def := range r.Definitions {
			pr := def.Property(name)
			if pr == nil && !def.PropertiesLeftOut {
				continue
			}
			resName := r.Name
			if def.Inner {
				resName = ""
			}
			for _, t := range s.nestedTemplates(f.Path, resName, def.TypeName) {
				if t.Path == nested {
					if pr == nil {
						return nil, false
					}
					out = append(out, propertyKey{file: f, key: *pr, resource: r.Name})
					break
				}
			}
		}
	}
	return out, true
}

// CrossFile reports whether sym reaches beyond the file at path: a
// custom type always does; a parameter when some reference is elsewhere.
func (s *Snapshot) CrossFile(sym Symbol, path string) bool {
	if sym.Kind == "type" {
		return true
	}
	for _, r := range s.References(sym) {
		if r.Path != path {
			return true
		}
	}
	return false
}

// FileEdit is one text replacement in a file.
type FileEdit struct {
	Path string
	Doc  *hot.Document
	feature.Edit
}

// Rename returns the edits renaming sym to newName across the workspace.
// Parameter names must be safe names (feature.ValidName); type names may
// hold "::" but no spaces or YAML indicators.
func (s *Snapshot) Rename(sym Symbol, newName string) ([]FileEdit, error) {
	switch sym.Kind {
	case "parameter":
		if err := feature.ValidName(newName); err != nil {
			return nil, err
		}
	case "type":
		if err := validTypeName(newName); err != nil {
			return nil, err
		}
	default:
		return nil, &feature.RenameError{Reason: "nothing to rename here"}
	}
	ns := feature.NamespaceParameter
	if sym.Kind == "type" {
		ns = feature.NamespaceNone
	}
	if err := feature.CheckNameLength(ns, newName); err != nil {
		return nil, err
	}
	var out []FileEdit
	for _, r := range s.References(sym) {
		out = append(out, FileEdit{Path: r.Path, Doc: r.Doc, Edit: feature.Edit{Span: r.NameSpan, NewText: newName}})
	}
	if err := renameGrowth(out, len(newName)); err != nil {
		return nil, err
	}
	return out, nil
}

// renameGrowth refuses edits that would make one of their files larger
// than Heat takes (feature.RenameGrowth), file by file.
func renameGrowth(edits []FileEdit, newLen int) error {
	type file struct{ size, uses, old int }
	files := map[string]*file{}
	for _, e := range edits {
		f := files[e.Path]
		if f == nil {
			f = &file{}
			if e.Doc != nil {
				f.size = len(e.Doc.Src)
			}
			files[e.Path] = f
		}
		f.uses++
		f.old += e.Span.Len()
	}
	paths := slices.Sorted(maps.Keys(files))
	for _, path := range paths {
		f := files[path]
		if err := feature.RenameGrowth(filepath.Base(path), f.size, f.uses, newLen*f.uses-f.old); err != nil {
			return err
		}
	}
	return nil
}

func validTypeName(name string) error {
	if name == "" {
		return &feature.RenameError{Reason: "the new type name is empty"}
	}
	for _, r := range name {
		ok := r == '_' || r == ':' || r == '.' || r == '-' || 'A' <= r && r <= 'Z' || 'a' <= r && r <= 'z' || '0' <= r && r <= '9'
		if !ok {
			return &feature.RenameError{Reason: "a type name may use letters, digits, '_', '.', '-' and '::' only"}
		}
	}
	if IsTemplateRef(name) {
		return &feature.RenameError{Reason: "the new name would read as a template path"}
	}
	return nil
}
