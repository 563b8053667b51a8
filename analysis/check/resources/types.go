package resources

import (
	"strings"

	"heat-ls/analysis/check/pass"
	"heat-ls/analysis/check/values"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/rules"
	"heat-ls/analysis/source"
	"heat-ls/analysis/syntax"
	"heat-ls/schema"
)

// customTypeKnown is the hook through which environment files (the
// workspace) tell that a type outside Heat's namespaces is mapped. Alone,
// a template knows no such mapping (WorkspaceTypeKnown is false without a
// workspace view).
func customTypeKnown(p *pass.Pass, name string) bool { return p.WorkspaceTypeKnown(name) }

// IsTemplatePath reports whether a resource type names a nested template
// (a file or URL) rather than a type.
func IsTemplatePath(name string) bool {
	if strings.Contains(name, "://") || strings.Contains(name, "/") {
		return true
	}
	for _, ext := range []string{".yaml", ".yml", ".template", ".json"} {
		if strings.HasSuffix(strings.ToLower(name), ext) {
			return true
		}
	}
	return false
}

// checkType reports type problems and returns the schema type, or nil.
func (rc *ResourceChecker) checkType(r *hot.Resource) *schema.ResourceType {
	p := rc.p
	f := r.Field("type")
	if f.Key == nil {
		p.Reportf(r.Key.Span(), rules.ResourceTypeMissing,
			"Resource `%s` has no `type`; Heat refuses it. Add `type:` with a type name such as OS::Heat::None, or a template file.", r.Name)
		return nil
	}
	tn := f.Value.Resolve()
	if !typeIsName(p, r, f, tn) {
		return nil
	}
	name := tn.Value
	if p.Schema == nil {
		return nil
	}
	rt, ok := p.Schema.ResourceType(name)
	if !ok {
		switch {
		case IsTemplatePath(name), customTypeKnown(p, name):
		case reportTooNew(p, tn, name):
		case p.Schema.HasNamespace(schema.NamespaceOf(name)):
			near := p.Schema.NearestResourceTypes(name, 3, 3)
			d := p.Reportf(tn.Span(), rules.ResourceTypeUnknown,
				"Heat has no resource type `%s`.%s", name, pass.SuggestText(near))
			d.Suggestions = near
		default:
			// An environment could map even a name in OS:: or AWS::, but
			// one a letter or two from a type Heat has is a typo; no
			// environment the run knows maps it.
			if near := misspeltBuiltinType(p.Schema, name); len(near) > 0 {
				d := p.Reportf(tn.Span(), rules.ResourceTypeUnknown,
					"Heat has no resource type `%s`, and no environment maps it.%s", name, pass.SuggestText(near))
				d.Suggestions = near
				break
			}
			p.Reportf(tn.Span(), rules.ResourceTypeCustom,
				"`%s` is not a built-in type; map it to a template or type in an environment file's resource_registry.", name)
		}
		return nil
	}
	switch {
	case isNoOpStub(rt):
		reportNoOp(p, tn, rt)
	case rt.Hidden():
		// Heat hides the type from its type list but still creates it
		// (the oracle accepts it at validate and at create), so this is a
		// warning that names the successor, not an error.
		msg := "Heat hides `%s`: it is kept for stacks made long ago and may go away; Heat still accepts it here, but new templates should not use it."
		repl := hiddenTypeReplacement(rt.Name)
		if repl != "" {
			msg += " Use " + repl + " instead."
		}
		d := p.Reportf(tn.Span(), rules.ResourceTypeHidden, msg, name)
		d.Tags = []source.Tag{source.TagDeprecated}
	case rt.Deprecated():
		d := p.Reportf(tn.Span(), rules.ResourceTypeDeprecated, "`%s` is deprecated%s.%s", name, sinceText(rt.Support), statusAdvice(rt.Support))
		d.Tags = []source.Tag{source.TagDeprecated}
	case rt.Unsupported():
		p.Reportf(tn.Span(), rules.ResourceTypeUnsupported,
			"Heat marks `%s` as unsupported (experimental): it may change or go away; prefer a supported type if there is one.", name)
	}
	if rt.Name != name && !rt.Hidden() && !rt.Deprecated() {
		// an alias such as OS::Quantum::Net: fine, but name the real type
		d := p.Hintf(tn.Span(), rules.ResourceTypeDeprecated, "`%s` is an old name of `%s`; use the current name.", name, rt.Name)
		d.Tags = []source.Tag{source.TagDeprecated}
		d.Suggestions = []string{rt.Name}
	}
	return rt
}

// typeIsName reports whether the type value tn of resource r is a name
// Heat looks up, reporting it when it is not: a mapping, list or null, a
// function call (Heat parses the field but never computes it, so the
// call itself is what it finds there, at validate and whatever the
// resource's condition; a group member's type is a property Heat does
// compute), a plain number or boolean, or the empty text.
func typeIsName(p *pass.Pass, r *hot.Resource, f syntax.Pair, tn *syntax.Node) bool {
	if !tn.IsScalar() || tn.IsNull() {
		if values.IsFunctionCall(tn) {
			if p.T == nil || p.T.Resource(r.Name) != r {
				return false // a group's member type is a property, computed
			}
			p.Reportf(values.ValueSpan(f.Value, f.Key), rules.ResourceTypeNotString,
				"The `type` of resource `%s` must be written as a type name or a template path: Heat does not compute `%s` there and refuses the template. Map a type name to the template in an environment's resource_registry instead.", r.Name, tn.Pair(0).Key.Value)
			return false
		}
		p.Reportf(values.ValueSpan(f.Value, f.Key), rules.ResourceTypeNotString,
			"The `type` of resource `%s` must be a type name or a template path, not %s.", r.Name, values.DescribeNode(tn))
		return false
	}
	if tn.Style == syntax.Plain && (tn.Tag() == "!!int" || tn.Tag() == "!!float" || values.IsYAML11Bool(tn)) {
		p.Errorf(tn.Span(), rules.ResourceTypeNotString,
			"Heat reads the `type` `%s` of resource `%s` as %s, not as a type name, and refuses it. Quote it if a template or type is really named so.",
			tn.Value, r.Name, values.HeatScalarName(tn))
		return false
	}
	if tn.Value == "" {
		// Heat asks for a type that is not empty text: for a resource when
		// it validates the template, for a group's member when it builds
		// the member's definition at stack create.
		p.Reportf(tn.Span(), rules.ResourceTypeEmpty,
			"The `type` of resource `%s` is empty text; Heat refuses a resource without a type. Give a type name such as OS::Heat::None, or a template file.", r.Name)
		return false
	}
	return true
}

// misspeltBuiltinType returns the built-in types within two edits of
// name when name is in Heat's OS:: or AWS:: prefix; none otherwise.
func misspeltBuiltinType(sc *schema.Schema, name string) []string {
	if !strings.HasPrefix(name, "OS::") && !strings.HasPrefix(name, "AWS::") {
		return nil
	}
	return sc.NearestResourceTypes(name, 3, 2)
}
