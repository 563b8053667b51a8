package workspace

import (
	"sort"
	"strings"

	"heat-ls/analysis/hot"
	"heat-ls/analysis/source"
)

// Mapping is one resource_registry entry of an environment file.
type Mapping struct {
	Env *File
	// Key is the span of the entry's key, KeyInner the same without quotes.
	Key, KeyInner source.Span
	// Name is the mapped type name or glob ("My::Server", "OS::TripleO::*").
	Name string
	// Target is the target as written: a template path, a URL or a type;
	// "" when not a scalar.
	Target string
	// TargetSpan is the span of a scalar target, TargetInner the same
	// without quotes; TargetText is true when the target is a non-empty
	// string.
	TargetSpan, TargetInner source.Span
	TargetText              bool
	// Path is the absolute target path when the target is a template
	// reference (relative to the environment file), "" otherwise.
	Path string
	// Resource is set for entries under resource_registry.resources.<name>.
	Resource string
}

// IsGlob reports whether the mapping's name is a pattern.
func (m *Mapping) IsGlob() bool { return strings.Contains(m.Name, "*") }

// Matches reports whether the mapping applies to typeName.
func (m *Mapping) Matches(typeName string) bool {
	if !m.IsGlob() {
		return m.Name == typeName
	}
	return globMatch(m.Name, typeName)
}

// Setting is one parameter value given by an environment file.
type Setting struct {
	Env *File
	// Section is "parameters" or "parameter_defaults".
	Section string
	Name    string
	// Key is the span of the parameter's name, KeyInner the same without
	// quotes, Value the value's span.
	Key, KeyInner, Value source.Span
	// Short is the value shortened for an inlay hint (feature.ShortValue).
	Short string
}

// Declaration is one template parameter definition.
type Declaration struct {
	File  *File
	Param *hot.OutlineParameter
}

// derived is what a snapshot computes once from its files. Parameter
// declarations (decls) are computed separately, on first use, because only
// environment features need them and they cost a pass over every template.
type derived struct {
	envs, templates []*File
	mappings        []*Mapping
	settings        map[string][]*Setting
}

func (s *Snapshot) derive() *derived {
	s.once.Do(func() {
		d := &derived{settings: map[string][]*Setting{}}
		visit := func(f *File) {
			switch {
			case f.IsEnvironment():
				d.envs = append(d.envs, f)
			case f.IsTemplate():
				d.templates = append(d.templates, f)
			}
		}
		for p, f := range s.disk {
			if _, hidden := s.open[p]; !hidden {
				visit(f)
			}
		}
		for p := range s.open {
			if f := s.File(p); f != nil {
				visit(f)
			}
		}
		byPath := func(list []*File) {
			sort.Slice(list, func(i, j int) bool { return list[i].Path < list[j].Path })
		}
		byPath(d.envs)
		byPath(d.templates)
		envs := d.envs
		if s.applied != nil {
			envs = s.applied
		}
		for _, e := range envs {
			env := envOf(e)
			d.mappings = append(d.mappings, env.mappings...)
			for _, st := range env.settings {
				d.settings[st.Name] = append(d.settings[st.Name], st)
			}
		}
		s.derived = d
	})
	return s.derived
}

// declarations indexes every template parameter by name, once.
func (s *Snapshot) declarations() map[string][]*Declaration {
	s.declOnce.Do(func() {
		decls := map[string][]*Declaration{}
		for _, f := range s.derive().templates {
			o := f.Outline()
			for i := range o.Parameters {
				p := &o.Parameters[i]
				decls[p.Name] = append(decls[p.Name], &Declaration{File: f, Param: p})
			}
		}
		s.decls = decls
	})
	return s.decls
}

// envMappings lists an environment's registry entries, global ones and
// per-resource ones.
func envMappings(e *File) []*Mapping { return envOf(e).mappings }

// Mappings returns every registry entry of the applying environments.
func (s *Snapshot) Mappings() []*Mapping { return s.derive().mappings }

// Settings returns the environment entries that give parameter name a value.
func (s *Snapshot) Settings(name string) []*Setting { return s.derive().settings[name] }

// SettingNames returns every parameter name set by an applying environment.
func (s *Snapshot) SettingNames() []string {
	out := make([]string, 0, len(s.derive().settings))
	for k := range s.derive().settings {
		out = append(out, k)
	}
	return out
}

// Declarations returns every template parameter named name in the workspace.
func (s *Snapshot) Declarations(name string) []*Declaration { return s.declarations()[name] }

// ParameterNames returns the names of every template parameter in the
// workspace.
func (s *Snapshot) ParameterNames() []string {
	out := make([]string, 0, len(s.declarations()))
	for k := range s.declarations() {
		out = append(out, k)
	}
	return out
}

// IsTemplateRef reports whether a resource type or registry target names a
// template file rather than a type: Heat treats names ending in .yaml or
// .template (and URLs) as templates; .yml is accepted too.
func IsTemplateRef(name string) bool {
	if strings.IndexByte(name, '.') < 0 && strings.IndexByte(name, '/') < 0 {
		return false // no suffix and no URL: a type name, the common case
	}
	n := strings.TrimSpace(name)
	if !isASCII(n) {
		n = strings.ToLower(n)
	}
	if n == "" {
		return false
	}
	if IsURL(n) {
		return true
	}
	return hasSuffixFold(n, ".yaml") || hasSuffixFold(n, ".yml") || hasSuffixFold(n, ".template")
}

// hasSuffixFold is strings.HasSuffix ignoring ASCII case. Every resource
// type of every check run is asked whether it is a template path, so the
// question is answered without lowering (and copying) the name.
func hasSuffixFold(s, suffix string) bool {
	return len(s) >= len(suffix) && strings.EqualFold(s[len(s)-len(suffix):], suffix)
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// globMatch matches name against a pattern in which "*" stands for any run
// of characters (Heat's registry matches with shell-style patterns).
func globMatch(pattern, name string) bool {
	if !strings.Contains(pattern, "*") {
		return pattern == name
	}
	parts := strings.Split(pattern, "*")
	if !strings.HasPrefix(name, parts[0]) {
		return false
	}
	name = name[len(parts[0]):]
	last := parts[len(parts)-1]
	for _, p := range parts[1 : len(parts)-1] {
		i := strings.Index(name, p)
		if i < 0 {
			return false
		}
		name = name[i+len(p):]
	}
	return strings.HasSuffix(name, last)
}
