package structure

import (
	"strings"

	"heat-ls/analysis/check/pass"
	"heat-ls/analysis/check/values"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/rules"
	"heat-ls/analysis/syntax"
	"heat-ls/schema"
)

// CheckVersion reports a missing, non-scalar or unknown
// heat_template_version. Heat refuses all three before anything else.
func CheckVersion(p *pass.Pass) {
	t := p.T
	if t.Version.Key == nil {
		if misspeltVersionKey(t) != nil {
			return // checkSections reports the key with its correction
		}
		if f := p.Doc.Syntax; f != nil && f.Hidden["heat_template_version"] {
			return // the version line is in a region the YAML error blanked
		}
		if s := markedVersionKey(t); s != nil {
			p.Reportf(s.Key.Span(), rules.MissingVersion,
				"Heat finds no `heat_template_version`: a byte order mark starts this line, which makes Heat's first YAML reader (libyaml) refuse the text, and the reader it falls back on keeps the mark in the key. Remove the byte order marks inside the text.")
			return
		}
		d := p.Reportf(pass.EmptySpanAt(0), rules.MissingVersion,
			"This template has no `heat_template_version`; Heat refuses it. Add `heat_template_version: %s` as the first line.",
			p.Schema.Latest().Name)
		d.Suggestions = []string{"heat_template_version: " + p.Schema.Latest().Name + "\n"}
		return
	}
	val := t.Version.Value
	if r := val.Resolve(); r != nil && !r.IsScalar() {
		p.Reportf(val.Span(), rules.VersionNotScalar,
			"`heat_template_version` must be a single date such as `%s`, not %s.",
			p.Schema.Latest().Name, values.KindName(val))
		return
	}
	if f := p.Doc.Syntax; f != nil && f.PythonRead && val.Style == syntax.Plain && val.Tag() == "!!timestamp" {
		p.Reportf(val.Span(), rules.UnknownVersion,
			"Heat finds no template version here: its YAML reader refuses this text (a byte order mark starts a line and counts as a column of indentation), and the reader it falls back on reads `%s` as a date, not as text. Remove the byte order marks inside the text.",
			t.VersionText)
		return
	}
	if t.VersionText == "" {
		d := p.Reportf(pass.SpanOrKey(val, t.Version.Key), rules.UnknownVersion,
			"`heat_template_version` is empty; write a HOT version such as `%s`.", p.Schema.Latest().Name)
		d.Suggestions = []string{p.Schema.Latest().Name}
		return
	}
	if _, ok := p.Schema.Version(t.VersionText); ok {
		return
	}
	near := p.Schema.NearestVersions(t.VersionText, 3)
	d := p.Reportf(val.Span(), rules.UnknownVersion,
		"`%s` is not a HOT version Heat knows (dates from %s to %s, or release names such as `wallaby`).%s",
		t.VersionText, p.Schema.Versions()[0].Name, p.Schema.Latest().Name, pass.DidYouMean(near))
	d.Suggestions = near
}

// misspeltVersionKey is the top-level entry whose key is a misspelling of
// heat_template_version, or nil.
func misspeltVersionKey(t *hot.Template) *hot.Entry {
	for _, s := range t.Sections {
		if s.Key.Kind == syntax.ScalarNode && hot.NearMiss(s.Name, []string{"heat_template_version"}) {
			return s
		}
	}
	return nil
}

// markedVersionKey is the top-level entry whose key is
// heat_template_version after byte order marks, or nil: the key as Heat's
// fallback YAML reader reads a marked line (hc/yaml-bom-version-key).
func markedVersionKey(t *hot.Template) *hot.Entry {
	for _, s := range t.Sections {
		if s.Key.Kind == syntax.ScalarNode && s.Name != "heat_template_version" && strings.TrimLeft(s.Name, "\ufeff") == "heat_template_version" {
			return s
		}
	}
	return nil
}

// CheckSections reports top-level keys the declared version does not have,
// Heat's meaningless __undefined__ placeholder, and sections of the wrong
// shape.
func CheckSections(p *pass.Pass) {
	v := pass.DeclaredVersion(p)
	known := v
	if known == nil {
		known = p.Schema.Latest()
	}
	for _, s := range p.T.Sections {
		if s.Key.Kind != syntax.ScalarNode {
			p.Reportf(s.Key.Span(), rules.UnknownSection,
				"A top-level key must be a plain name such as `resources`, not %s.", values.KindName(s.Key))
			continue
		}
		name := s.Name
		switch {
		case name == "heat_template_version":
			continue
		case known.HasSection(name):
			checkSectionShape(p, s)
		case name == "__undefined__" && known.UndefinedSectionAccepted:
			p.Reportf(s.Key.Span(), rules.PlaceholderSection,
				"Heat accepts `__undefined__` as a top-level key only as a leftover of its internals; it means nothing. Remove it.")
		default:
			if first := firstVersionWithSection(p.Schema, name); first != nil && v != nil {
				d := p.Reportf(s.Key.Span(), rules.SectionNotInVersion,
					"The `%s` section needs heat_template_version %s or later; this template declares %s. Raise the version or remove the section.",
					name, first.Name, p.T.VersionText)
				d.Data = map[string]string{"minVersion": first.Name}
				d.Suggestions = nil
				continue
			}
			near := pass.ClosestNames(name, known.Sections, 3, pass.SuggestionDistance(name))
			d := p.Reportf(s.Key.Span(), rules.UnknownSection,
				"`%s` is not a section of a HOT template, so Heat refuses the template.%s", name, pass.DidYouMean(near))
			d.Suggestions = near
		}
	}
}

func firstVersionWithSection(s *schema.Schema, name string) *schema.Version {
	for _, v := range s.Versions() {
		if v.HasSection(name) {
			return v
		}
	}
	return nil
}

// checkSectionShape reports a section whose value has the wrong kind.
// Empty values are fine: Heat reads them as an empty section.
func checkSectionShape(p *pass.Pass, s *hot.Entry) {
	val := s.Value.Resolve()
	if val == nil || val.IsNull() {
		// Heat takes an empty section as an empty one, except conditions:
		// it requires a mapping there and refuses null at validate.
		if s.Name == "conditions" {
			p.Errorf(s.Key.Span(), rules.SectionWrongShape,
				"`conditions` is empty; Heat refuses it unless it is a mapping. Add conditions or remove the section.")
		}
		return
	}
	switch s.Name {
	case "parameters", "resources", "outputs", "conditions":
		if !val.IsMapping() {
			p.Reportf(s.Value.Span(), rules.SectionWrongShape,
				"`%s` must be a mapping of names to definitions, not %s.", s.Name, values.KindName(val))
		}
	case "parameter_groups":
		if !val.IsSequence() {
			p.Reportf(s.Value.Span(), rules.SectionWrongShape,
				"`parameter_groups` must be a list of groups (each with `label` and `parameters`), not %s.", values.KindName(val))
		}
	case "description":
		if !val.IsScalar() {
			p.Warnf(s.Value.Span(), rules.SectionWrongShape,
				"`description` should be text, not %s; use a block scalar (`|`) for several lines.", values.KindName(val))
		}
	}
}

// CheckEntryKeys reports keys that parameter, resource and output bodies
// may not hold in the declared version. Heat refuses unknown parameter and
// resource keys; it ignores unknown output keys, so those are warnings.
func CheckEntryKeys(p *pass.Pass) {
	v := pass.DeclaredVersion(p)
	if v == nil {
		return
	}
	params := make([]*syntax.Node, len(p.T.Parameters))
	for i, prm := range p.T.Parameters {
		params[i] = prm.Value
	}
	checkRefusedKeys(p, v, params, "parameter", rules.UnknownParameterKey, v.ParameterKeys, (*schema.Version).HasParameterKey)
	p.EachResourceAlone(func(r *hot.Resource) {
		checkRefusedKeys(p, v, []*syntax.Node{r.Value}, "resource", rules.UnknownResourceKey, v.ResourceKeys, (*schema.Version).HasResourceKey)
	})
	for _, o := range p.T.Outputs {
		eachKey(o.Value, func(k *syntax.Node) {
			if v.HasOutputKey(k.Value) {
				return
			}
			if first := pass.FirstVersion(p.Schema, func(x *schema.Version) bool { return x.HasOutputKey(k.Value) }); first != nil {
				d := p.Reportf(k.Span(), rules.OutputConditionIgnored,
					"The output key `%s` has no effect before heat_template_version %s: Heat ignores it in %s, so the output is always shown. Raise the version or remove the key.",
					k.Value, first.Name, p.T.VersionText)
				d.Data = map[string]string{"minVersion": first.Name}
				return
			}
			near := pass.ClosestNames(k.Value, v.OutputKeys, 3, pass.SuggestionDistance(k.Value))
			d := p.Reportf(k.Span(), rules.UnknownOutputKey,
				"`%s` is not a key of an output; Heat ignores it.%s", k.Value, pass.DidYouMean(near))
			d.Suggestions = near
		})
	}
}

// checkRefusedKeys reports the keys of entry bodies (parameters or
// resources: Heat refuses unknown keys in both) that the declared version
// does not accept: a key of a later version names the version that added
// it, any other key gets the closest accepted ones.
func checkRefusedKeys(p *pass.Pass, v *schema.Version, bodies []*syntax.Node, kind, code string, allowed []string, has func(*schema.Version, string) bool) {
	for _, body := range bodies {
		eachKey(body, func(k *syntax.Node) {
			if has(v, k.Value) {
				return
			}
			if first := pass.FirstVersion(p.Schema, func(x *schema.Version) bool { return has(x, k.Value) }); first != nil {
				d := p.Errorf(k.Span(), code,
					"The %s key `%s` needs heat_template_version %s or later; Heat refuses it in %s. Raise the version or remove the key.",
					kind, k.Value, first.Name, p.T.VersionText)
				d.Data = map[string]string{"minVersion": first.Name}
				return
			}
			near := pass.ClosestNames(k.Value, allowed, 3, pass.SuggestionDistance(k.Value))
			d := p.Errorf(k.Span(), code,
				"`%s` is not a key of a %s definition, so Heat refuses the template.%s", k.Value, kind, pass.DidYouMean(near))
			d.Suggestions = near
		})
	}
}

// eachKey calls fn for every scalar key of body when body is a mapping.
func eachKey(body *syntax.Node, fn func(k *syntax.Node)) {
	body = body.Resolve()
	if !body.IsMapping() {
		return
	}
	for _, pr := range body.Pairs() {
		if pr.Key.Kind == syntax.ScalarNode && !syntax.IsMergeKey(pr.Key) {
			fn(pr.Key)
		}
	}
}
