package environ

import (
	"path"
	"path/filepath"
	"strings"

	"heat-ls/analysis/hot"
	"heat-ls/analysis/source"
	"heat-ls/analysis/syntax"
)

// Mapping is one resource_registry entry.
type Mapping struct {
	// Name is the type name or glob mapped.
	Name string
	// Target is the target as written: a type name or a template path.
	Target string
	// Path is the absolute template path when Target is a local file
	// (resolved against the environment file that named it, or its
	// base_url); URL is set for a remote template.
	Path, URL string
	File      string
	Span      source.Span
}

// IsTemplate reports whether the mapping's target is a template.
func (m *Mapping) IsTemplate() bool { return m.Path != "" || m.URL != "" }

// Section is the per-resource part of a registry: a resource name (or a
// glob of them) with its own mappings and deeper sections, which apply
// inside that resource's nested stack.
type Section struct {
	Name     string
	Mappings []*Mapping
	Nested   []*Section
}

// Registry is a merged resource_registry.
type Registry struct {
	// Global holds the global mappings, in the order Heat's dict keeps
	// (a key's first position).
	Global []*Mapping
	// Resources holds the per-resource sections.
	Resources []*Section
}

// regBuilder merges registries file by file.
type regBuilder struct {
	order     []string
	global    map[string]*Mapping
	resources []*Section
	hasRes    bool
}

func newRegistryBuilder() *regBuilder { return &regBuilder{global: map[string]*Mapping{}} }

func (b *regBuilder) registry() *Registry {
	r := &Registry{Resources: b.resources}
	for _, k := range b.order {
		r.Global = append(r.Global, b.global[k])
	}
	return r
}

// registry lays a file's resource_registry over the merged one: each
// top-level key replaces the same key of earlier files, "resources" as a
// whole (Heat merges the sections one level deep).
func (m *merger) registry(f File, s *hot.Entry) {
	body := s.Value.Resolve()
	if !body.IsMapping() {
		return
	}
	base := filepath.Dir(f.Path)
	baseURL := ""
	if b := body.Get("base_url"); b.IsScalar() {
		baseURL = b.Value
	}
	for _, p := range body.Pairs() {
		k, v := p.Key.Value, p.Value.Resolve()
		switch {
		case k == "base_url" || v.IsNull():
		case k == "resources":
			if v.IsMapping() {
				m.reg.resources = m.sections(f, v, base, baseURL, 0)
			}
		case v.IsScalar():
			if _, ok := m.reg.global[k]; !ok {
				m.reg.order = append(m.reg.order, k)
			}
			m.reg.global[k] = m.mapping(f, k, v, base, baseURL)
		}
	}
}

func (m *merger) sections(f File, v *syntax.Node, base, baseURL string, depth int) []*Section {
	var out []*Section
	if depth > 8 {
		return nil
	}
	for _, p := range v.Pairs() {
		body := p.Value.Resolve()
		if !body.IsMapping() {
			continue
		}
		sec := &Section{Name: p.Key.Value}
		secURL := baseURL
		if b := body.Get("base_url"); b.IsScalar() {
			secURL = b.Value
		}
		for _, q := range body.Pairs() {
			k, t := q.Key.Value, q.Value.Resolve()
			switch {
			case k == "base_url" || k == "hooks" || k == "restricted_actions" || t.IsNull():
			case t.IsMapping():
				sec.Nested = append(sec.Nested, m.sections(f, syntaxPair(q), base, secURL, depth+1)...)
			case t.IsScalar():
				sec.Mappings = append(sec.Mappings, m.mapping(f, k, t, base, secURL))
			}
		}
		out = append(out, sec)
	}
	return out
}

// syntaxPair wraps one pair as a mapping node's view for sections.
func syntaxPair(p syntax.Pair) *syntax.Node {
	n := &syntax.Node{Kind: syntax.MappingNode}
	n.SetChildren([]*syntax.Node{p.Key, p.Value})
	return n
}

// mapping reads one entry; a target the client takes for a file (no
// "::" in it) is resolved and must exist.
func (m *merger) mapping(f File, name string, v *syntax.Node, base, baseURL string) *Mapping {
	mp := &Mapping{Name: name, Target: v.Value, File: f.Path, Span: v.Span()}
	if !isTemplateRef(v.Value) {
		return mp
	}
	switch {
	case isURL(v.Value):
		if strings.HasPrefix(v.Value, "file://") {
			mp.Path = filepath.Clean(strings.TrimPrefix(v.Value, "file://"))
		} else {
			mp.URL = v.Value
		}
	case baseURL != "" && isURL(baseURL) && !strings.HasPrefix(baseURL, "file://"):
		mp.URL = strings.TrimSuffix(baseURL, "/") + "/" + v.Value
	case filepath.IsAbs(v.Value):
		mp.Path = filepath.Clean(v.Value)
	default:
		dir := base
		if strings.HasPrefix(baseURL, "file://") {
			dir = strings.TrimPrefix(baseURL, "file://")
		} else if baseURL != "" && filepath.IsAbs(baseURL) {
			dir = baseURL
		}
		mp.Path = filepath.Join(dir, filepath.FromSlash(path.Clean(v.Value)))
	}
	if mp.Path != "" && m.o.Exists != nil && !m.o.Exists(mp.Path) {
		m.env.Problems = append(m.env.Problems, Problem{File: f.Path, Span: v.Span(),
			Message: "resource_registry maps `" + name + "` to " + v.Value + ", which does not exist (" + mp.Path + "); the client refuses the stack"})
	}
	return mp
}

func isURL(s string) bool {
	i := strings.Index(s, "://")
	return i > 0 && !strings.ContainsAny(s[:i], "/.")
}

// Within returns the registry a nested stack of the resource called name
// sees: the global mappings, and as its per-resource sections those
// nested in every section whose name matches name (Heat's
// remove_resources_except).
func (r *Registry) Within(name string) *Registry {
	out := &Registry{Global: r.Global}
	for _, s := range r.Resources {
		if s.Name != name && !fnmatch(s.Name, name) {
			continue
		}
		out.Resources = append(out.Resources, s.Nested...)
	}
	return out
}

// fnmatch is Python's fnmatchcase for the "*" and "?" patterns
// resource sections use.
func fnmatch(pattern, name string) bool {
	ok, err := path.Match(pattern, name)
	return err == nil && ok
}
