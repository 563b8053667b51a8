package workspace

import (
	"heat-ls/analysis/check"
	"heat-ls/analysis/feature"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/source"
	"heat-ls/analysis/syntax"
)

// Location is a place in another (or the same) file. Doc is the parsed
// file when it is a template or environment (so callers can map the
// span), nil for other files such as get_file scripts, whose Span is
// empty.
type Location struct {
	Path string
	Span source.Span
	Doc  *hot.Document
}

// crossKind says what cross-file thing sits under the cursor.
type crossKind int

const (
	crossNone       crossKind = iota
	crossGetFile              // a get_file path
	crossNestedType           // a resource type that stands for templates
	crossNestedProp           // a property key of a nested-template resource
	crossNestedAttr           // get_attr's attribute of a nested-template resource
	crossGetParam             // get_param's parameter name
	crossParamDef             // a parameter's name key
	crossMappedType           // a resource type an environment maps to another type
)

// crossTarget is what cross-file features found at an offset.
type crossTarget struct {
	kind crossKind
	node *syntax.Node
	name string
	// templates are the nested templates concerned (nested kinds).
	templates []*File
	// ref is the get_file reference.
	ref string
	// t is the in-file target (feature.Locate).
	t feature.Target
}

// locate finds the cross-file target at offset in the template at path.
func (s *Snapshot) locate(path string, doc *hot.Document, offset int) crossTarget {
	if doc == nil || doc.Template == nil {
		return crossTarget{}
	}
	for _, c := range doc.Template.Calls {
		if c.Name != "get_file" {
			continue
		}
		if a := c.Args.Resolve(); a.IsScalar() && a.Span().Start <= offset && offset <= a.Span().End {
			return crossTarget{kind: crossGetFile, node: a, ref: a.Value}
		}
	}
	t := feature.Locate(doc, offset)
	switch t.Kind {
	case feature.TargetReference:
		if t.Namespace == feature.NamespaceParameter {
			return crossTarget{kind: crossGetParam, node: t.Node, name: t.Name, t: t}
		}
	case feature.TargetDefinition:
		if t.Namespace == feature.NamespaceParameter {
			return crossTarget{kind: crossParamDef, node: t.Node, name: t.Name, t: t}
		}
	case feature.TargetAttribute:
		if r := t.Resource; r != nil {
			if ts := s.nestedTemplates(path, r.Name, r.Type); len(ts) > 0 {
				return crossTarget{kind: crossNestedAttr, node: t.Node, name: t.Name, templates: ts, t: t}
			}
		}
	}
	if t.Resource == nil || t.Node == nil {
		return s.innerTypeAt(path, doc, offset)
	}
	for _, def := range check.ResourceDefinitions(t.Resource) {
		name := t.Resource.Name
		if def.Inner {
			name = ""
		}
		if def.Type == t.Node {
			if ts := s.nestedTemplates(path, name, def.TypeName); len(ts) > 0 {
				return crossTarget{kind: crossNestedType, node: t.Node, name: def.TypeName, templates: ts, t: t}
			}
			if !IsTemplateRef(def.TypeName) && s.TypeMapped(def.TypeName) {
				return crossTarget{kind: crossMappedType, node: t.Node, name: def.TypeName, t: t}
			}
			return crossTarget{}
		}
		if props := def.Properties.Resolve(); props.IsMapping() {
			for _, pr := range props.Pairs() {
				if pr.Key == t.Node {
					if ts := s.nestedTemplates(path, name, def.TypeName); len(ts) > 0 {
						return crossTarget{kind: crossNestedProp, node: t.Node, name: pr.Key.Value, templates: ts, t: t}
					}
					return crossTarget{}
				}
			}
		}
	}
	return crossTarget{}
}

// innerTypeAt finds the type of an embedded definition (a ResourceGroup's
// resource_def, an AutoScalingGroup's resource) under offset. The in-file
// locator sees that type as a plain property value, so without this the
// member type of a group would have no definition, hover or rename.
func (s *Snapshot) innerTypeAt(path string, doc *hot.Document, offset int) crossTarget {
	for _, r := range doc.Template.Resources {
		if r.Value == nil || offset < r.Value.Span().Start || offset > r.Value.Span().End {
			continue
		}
		for _, def := range check.ResourceDefinitions(r) {
			n := def.Type
			if !def.Inner || n == nil || !n.IsScalar() || offset < n.Span().Start || offset > n.Span().End {
				continue
			}
			t := feature.Target{Node: n, Span: n.Span(), NameSpan: feature.InnerSpan(n), Name: def.TypeName, Resource: r}
			if ts := s.nestedTemplates(path, "", def.TypeName); len(ts) > 0 {
				return crossTarget{kind: crossNestedType, node: n, name: def.TypeName, templates: ts, t: t}
			}
			if !IsTemplateRef(def.TypeName) && s.TypeMapped(def.TypeName) {
				return crossTarget{kind: crossMappedType, node: n, name: def.TypeName, t: t}
			}
		}
	}
	return crossTarget{}
}

// nestedTemplates returns the readable templates a resource type stands
// for, as seen from the template at path.
func (s *Snapshot) nestedTemplates(path, resourceName, typeName string) []*File {
	if typeName == "" {
		return nil
	}
	var out []*File
	for _, c := range s.Resolve(path, resourceName, typeName).Candidates {
		if f := c.Template(); f != nil {
			out = append(out, f)
		}
	}
	return out
}

// Definition returns where the cross-file thing under offset is defined:
// the file of a get_file path or of a nested template type, the registry
// entries mapping a type to another type, the parameter
// a nested resource's property sets, the output get_attr reads. nil when
// the cursor is on nothing cross-file (in-file definition applies).
func (s *Snapshot) Definition(path string, doc *hot.Document, offset int) (out []Location) {
	defer func() {
		if recover() != nil {
			out = nil
		}
	}()
	ct := s.locate(path, doc, offset)
	switch ct.kind {
	case crossGetFile:
		target, ok := s.guard.Resolve(path, ct.ref)
		if !ok {
			return nil
		}
		if exists, _ := s.Exists(target, path); !exists {
			return nil
		}
		loc := Location{Path: target}
		if f := s.Load(target, path); f != nil {
			loc.Doc = f.Doc
		}
		out = append(out, loc)
	case crossNestedType:
		for _, f := range ct.templates {
			out = append(out, Location{Path: f.Path, Doc: f.Doc})
		}
	case crossMappedType:
		for _, m := range s.Mappings() {
			if m.Matches(ct.name) {
				out = append(out, Location{Path: m.Env.Path, Span: m.Key, Doc: m.Env.Doc})
			}
		}
	case crossNestedProp:
		for _, f := range ct.templates {
			if p := f.Outline().Parameter(ct.name); p != nil {
				out = append(out, Location{Path: f.Path, Span: p.Key, Doc: f.Doc})
			}
		}
	case crossNestedAttr:
		for _, f := range ct.templates {
			if o := f.Outline().Output(ct.name); o != nil {
				out = append(out, Location{Path: f.Path, Span: o.Key, Doc: f.Doc})
			}
		}
	}
	return out
}

// MoreAttributes returns, for completion in the template at path, the
// outputs of the nested templates a resource stands for (for a
// ResourceGroup, those of its member template).
func (s *Snapshot) MoreAttributes(path string) func(r *hot.Resource) []string {
	return func(r *hot.Resource) []string {
		if r == nil {
			return nil
		}
		seen := map[string]bool{}
		var out []string
		templates := s.nestedTemplates(path, r.Name, r.Type)
		if r.Type == "OS::Heat::ResourceGroup" {
			// [group, NAME] reads NAME from every member.
			if inner := innerType(r); inner != "" {
				templates = append(templates, s.nestedTemplates(path, "", inner)...)
			}
		}
		for _, f := range templates {
			for _, o := range f.Outline().Outputs {
				if !seen[o.Name] {
					seen[o.Name] = true
					out = append(out, o.Name)
				}
			}
		}
		return out
	}
}
