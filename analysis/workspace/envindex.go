package workspace

import (
	"sort"

	"heat-ls/analysis/feature/envfile"
	"heat-ls/analysis/hot"
)

// EnvIndex adapts the snapshot to what the environment-file features ask.
func (s *Snapshot) EnvIndex() envfile.Index { return envIndex{s} }

type envIndex struct{ s *Snapshot }

func (e envIndex) MappedTypes() []string {
	seen := map[string]bool{}
	var out []string
	for _, f := range e.s.derive().envs {
		for _, m := range envMappings(f) {
			if m.Name != "" && !m.IsGlob() && !seen[m.Name] {
				seen[m.Name] = true
				out = append(out, m.Name)
			}
		}
	}
	sort.Strings(out)
	return out
}

func (e envIndex) TemplateFiles() []string {
	var out []string
	for _, f := range e.s.Templates() {
		out = append(out, f.Path)
	}
	return out
}

func (e envIndex) ParameterDecls(name string) []envfile.Param {
	var out []envfile.Param
	add := func(d *Declaration) {
		p := d.Param
		ep := envfile.Param{Name: p.Name, Type: p.Type, Description: p.Description,
			Path: d.File.Path, Key: p.Key, Doc: d.File.Doc}
		if p.HasDefault {
			ep.HasDefault, ep.Default = true, clip(d.File.Text(p.Default))
		}
		out = append(out, ep)
	}
	if name != "" {
		for _, d := range e.s.Declarations(name) {
			add(d)
		}
		return out
	}
	for _, f := range e.s.Templates() {
		o := f.Outline()
		for i := range o.Parameters {
			add(&Declaration{File: f, Param: &o.Parameters[i]})
		}
	}
	return out
}

func (e envIndex) Template(path, fromPath string) *hot.Document {
	if f := e.s.Load(path, fromPath); f.IsTemplate() {
		return e.s.Full(f).Doc
	}
	return nil
}

func (e envIndex) Resolve(fromPath, ref string) string {
	if !IsTemplateRef(ref) {
		return ""
	}
	return ResolvePath(fromPath, ref)
}
