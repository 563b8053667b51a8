package workspace

import (
	"strings"

	"heat-ls/analysis/feature"
	"heat-ls/analysis/hot"
)

// envSummary is what the workspace reads of an environment file, as
// plain values: its registry entries and the values it gives parameters.
// The index keeps only this (with the text) for an environment that is
// not open, no syntax tree; for a parsed one it is read from the tree
// when asked (environments are small).
type envSummary struct {
	mappings []*Mapping
	settings []*Setting
}

// summarizeEnv reads the registry entries and parameter values of doc,
// the parse (Env set) of the environment e. Every string is copied out of
// the parse, so the summary keeps none of its allocations.
func summarizeEnv(e *File, doc *hot.Document) *envSummary {
	env := doc.Env
	out := &envSummary{}
	add := func(re *hot.RegistryEntry, resource string) {
		m := &Mapping{Env: e, Name: strings.Clone(re.Name), Resource: strings.Clone(resource)}
		if re.Key != nil {
			m.Key, m.KeyInner = re.Key.Span(), feature.InnerSpan(re.Key)
		}
		if t := re.Target.Resolve(); t.IsScalar() {
			m.Target = strings.Clone(strings.TrimSpace(t.Value))
			m.TargetSpan, m.TargetInner = t.Span(), feature.InnerSpan(t)
			m.TargetText = t.Tag() == "!!str" && t.Value != ""
			if IsTemplateRef(m.Target) {
				m.Path = ResolvePath(e.Path, m.Target)
			}
		}
		out.mappings = append(out.mappings, m)
	}
	for _, re := range env.Registry {
		add(re, "")
	}
	for _, o := range env.ResourceOverrides {
		for _, re := range o.Entries {
			if re.Name == "hooks" || re.Name == "restricted_actions" {
				continue
			}
			add(re, o.Resource)
		}
	}
	for _, sec := range []struct {
		name    string
		entries []*hot.Entry
	}{{"parameters", env.Parameters}, {"parameter_defaults", env.ParameterDefaults}} {
		for _, en := range sec.entries {
			st := &Setting{Env: e, Section: sec.name, Name: strings.Clone(en.Name), Short: strings.Clone(feature.ShortValue(doc, en.Value))}
			if en.Key != nil {
				st.Key, st.KeyInner = en.Key.Span(), feature.InnerSpan(en.Key)
			}
			if en.Value != nil {
				st.Value = en.Value.Span()
			}
			out.settings = append(out.settings, st)
		}
	}
	return out
}

// envOf returns what the workspace reads of the environment e: the
// summary the index keeps, or one read from e's parse.
func envOf(e *File) *envSummary {
	if e.env != nil {
		return e.env
	}
	if e.Doc == nil || e.Doc.Env == nil {
		return &envSummary{}
	}
	return summarizeEnv(e, e.Doc)
}
