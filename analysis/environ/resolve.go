package environ

import (
	"slices"
	"strings"
)

// maxChain bounds type-to-type chains (and loops) in a registry.
const maxChain = 16

// Impl is what a resource type stands for.
type Impl struct {
	// Type is the final type name: a built-in type, or the type whose
	// template Template is.
	Type string
	// Template is the template path (or URL) implementing the resource,
	// "" for a built-in type.
	Template string
	// Via lists the registry entries followed, in order.
	Via []*Mapping
	// Loop is true when the chain did not end (a registry loop).
	Loop bool
}

// Resolve works out what typeName means for the resource called
// resourceName, as Heat's registry does: a template path stands for
// itself; otherwise the candidates are the resource's own entries, the
// exact type and the globs matching it, tried in Heat's order (more
// specific paths first, then by name), a type-to-type target looked up
// again.
func (r *Registry) Resolve(typeName, resourceName string) Impl {
	var impl Impl
	r.resolve(&impl, typeName, resourceName, 0)
	return impl
}

func (r *Registry) resolve(impl *Impl, typeName, resourceName string, depth int) {
	impl.Type = typeName
	if depth > maxChain {
		impl.Loop = true
		return
	}
	if isTemplateName(typeName) {
		impl.Template = typeName
		return
	}
	c := r.candidate(typeName, resourceName)
	if c == nil {
		return
	}
	impl.Via = append(impl.Via, c)
	if c.IsTemplate() || isTemplateName(c.Target) {
		impl.Template = c.Path
		if impl.Template == "" {
			impl.Template = c.URL
		}
		if impl.Template == "" {
			impl.Template = c.Target
		}
		return
	}
	next := c.Target
	if strings.HasSuffix(c.Name, "*") && strings.HasSuffix(c.Target, "*") {
		next = strings.TrimSuffix(c.Target, "*") + typeName[len(c.Name)-1:]
	}
	if next == typeName {
		return
	}
	r.resolve(impl, next, resourceName, depth+1)
}

type cand struct {
	m       *Mapping
	pathLen int
	key     string
}

// candidate is the registry entry Heat tries first for typeName.
func (r *Registry) candidate(typeName, resourceName string) *Mapping {
	var cs []cand
	if resourceName != "" {
		for _, s := range r.Resources {
			if s.Name != resourceName {
				continue
			}
			for _, m := range s.Mappings {
				if m.Name == typeName {
					cs = append(cs, cand{m, 3, "resources\x00" + s.Name + "\x00" + m.Name})
				}
			}
		}
	}
	for _, m := range r.Global {
		switch {
		case m.Name == typeName:
			cs = append(cs, cand{m, 1, m.Name})
		case strings.HasSuffix(m.Name, "*") && typeName != m.Target && strings.HasPrefix(typeName, strings.TrimSuffix(m.Name, "*")):
			cs = append(cs, cand{m, 1, m.Name})
		}
	}
	if len(cs) == 0 {
		return nil
	}
	slices.SortStableFunc(cs, func(a, b cand) int {
		if a.pathLen != b.pathLen {
			return b.pathLen - a.pathLen
		}
		return strings.Compare(a.key, b.key)
	})
	return cs[0].m
}

// isTemplateName reports whether Heat reads a type name as a template:
// it ends in .yaml or .template.
func isTemplateName(s string) bool {
	return strings.HasSuffix(s, ".yaml") || strings.HasSuffix(s, ".template")
}
