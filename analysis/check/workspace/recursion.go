package workspace

import (
	"strings"

	"heat-ls/analysis/check/pass"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/rules"
)

// maxNestingWalk bounds the templates visited when looking for a nesting
// loop, so a large or odd workspace cannot make the check slow.
const maxNestingWalk = 64

// CheckNestedRecursion reports resource types that make the checked
// template nest itself: directly (type: self.yaml) or through other
// templates and registry mappings. Heat refuses such stacks (the nesting
// never ends). The error sits on the type that enters the loop, so each
// template of the loop gets its own.
//
// Only certain steps are followed: a type with one readable template
// meaning. A built-in type that an environment maps to a template is not
// followed inside that template: Heat drops the mapping for the nested
// stack, so a wrapper template may use the very type it replaces.
//
// Each resource is judged alone (its types and the workspace's answers),
// so an edit inside one resource judges that one again only.
func CheckNestedRecursion(p *pass.Pass) {
	if p.Workspace == nil || p.Path == "" {
		return
	}
	p.EachResourceAlone(func(r *hot.Resource) {
		for def := range pass.Definitions(r) {
			if def.Type == nil || def.TypeName == "" {
				continue
			}
			loop := nestingLoop(p, def)
			if loop == nil {
				continue
			}
			names := []string{"`" + wsShortPath(p.Path) + "`"}
			for _, path := range loop {
				names = append(names, "`"+wsShortPath(path)+"`")
			}
			d := p.Reportf(def.Type.Span(), rules.NestedTemplateRecursive,
				"The type `%s` makes this template nest itself (%s), and Heat refuses nesting that never ends. Use a different template or type here, or break the loop in one of the templates on the way.",
				def.TypeName, strings.Join(names, " → "))
			d.Data = map[string]string{"loop": strings.Join(loop, ",")}
		}
	})
}

// nestingLoop returns the template paths from def's type back to the
// checked template (the last element is the checked template), or nil.
func nestingLoop(p *pass.Pass, def pass.Definition) []string {
	name := def.Resource.Name
	if def.Inner {
		name = ""
	}
	first, ok := nestedStep(p, p.Path, name, def.TypeName)
	if !ok {
		return nil
	}
	if first.Path == p.Path {
		return []string{first.Path}
	}
	visited := map[string]bool{p.Path: true}
	var walk func(t pass.NestedTemplate) []string
	walk = func(t pass.NestedTemplate) []string {
		if visited[t.Path] || len(visited) > maxNestingWalk || t.Outline == nil {
			return nil
		}
		visited[t.Path] = true
		for _, r := range t.Outline.Resources {
			for _, d := range r.Definitions {
				if !d.HasType || d.TypeName == "" {
					continue
				}
				name := r.Name
				if d.Inner {
					name = ""
				}
				next, ok := nestedStep(p, t.Path, name, d.TypeName)
				if !ok {
					continue
				}
				if next.Path == p.Path {
					return []string{t.Path, p.Path}
				}
				if rest := walk(next); rest != nil {
					return append([]string{t.Path}, rest...)
				}
			}
		}
		return nil
	}
	return walk(first)
}

// nestedStep says which template a definition of typeName (in resource
// name, "" for a group's member) written in the template at from
// certainly nests, if any.
func nestedStep(p *pass.Pass, from, name, typeName string) (pass.NestedTemplate, bool) {
	nt := p.Workspace.NestedTemplates(from, name, typeName)
	if !nt.Mapped || nt.Opaque || len(nt.Templates) != 1 {
		return pass.NestedTemplate{}, false
	}
	t := nt.Templates[0]
	if t.Via != "" && builtinType(p, typeName) {
		return pass.NestedTemplate{}, false
	}
	return t, true
}

// builtinType reports whether Heat itself knows the type name.
func builtinType(p *pass.Pass, name string) bool {
	if p.Schema == nil {
		return false
	}
	_, ok := p.Schema.ResourceType(name)
	return ok
}
