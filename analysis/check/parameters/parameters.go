package parameters

import (
	"strings"

	"heat-ls/analysis/check/pass"
	"heat-ls/analysis/check/values"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/rules"
	"heat-ls/analysis/syntax"
	"heat-ls/schema"
)

// paramSchemaType maps a HOT parameter type to the schema type Heat
// validates its constraints and default with.
func paramSchemaType(t string) string {
	switch t {
	case "string":
		return "string"
	case "number":
		return "number"
	case "comma_delimited_list":
		return "list"
	case "json":
		return "map"
	case "boolean":
		return "boolean"
	}
	return ""
}

// CheckParameters checks each parameter definition: its type, flags,
// constraints and default.
func CheckParameters(p *pass.Pass) {
	v := pass.EntryVersion(p)
	if p.T == nil || v == nil {
		return
	}
	res := values.RegexpCache{}
	var customNames map[string]bool // built on first use
	for _, prm := range p.T.Parameters {
		if p.Ctx.Err() != nil {
			return
		}
		body := prm.Value.Resolve()
		if !body.IsMapping() {
			p.Reportf(values.ValueSpan(prm.Value, prm.Key), rules.ParameterNotMapping,
				"Parameter `%s` must be a mapping with at least `type` (for example `type: string`), not %s.", prm.Name, values.DescribeNode(prm.Value))
			continue
		}
		typ := CheckParameterType(p, v, prm)
		checkParameterFlags(p, prm)
		if v.HasParameterKey("tags") {
			checkParameterTags(p, prm)
		}
		cons := ParseParameterConstraints(p, v, prm, typ, func() map[string]bool {
			if customNames == nil {
				customNames = KnownCustomConstraints(p.Schema)
			}
			return customNames
		})
		checkParameterDefault(p, prm, typ, cons, res)
	}
}

// CheckParameterType returns the parameter's schema type ("" if unknown).
func CheckParameterType(p *pass.Pass, v *schema.Version, prm *hot.Parameter) string {
	f := prm.Field("type")
	if f.Key == nil {
		d := p.Reportf(prm.Key.Span(), rules.ParameterTypeMissing,
			"Parameter `%s` has no `type`; Heat refuses it. Add one of: %s.", prm.Name, strings.Join(v.ParameterTypes, ", "))
		d.Data = map[string]string{"types": strings.Join(v.ParameterTypes, ",")}
		return ""
	}
	tn := f.Value.Resolve()
	if !tn.IsScalar() || tn.IsNull() {
		p.Reportf(values.ValueSpan(f.Value, f.Key), rules.ParameterTypeUnknown,
			"The type of parameter `%s` must be one of %s, not %s.", prm.Name, strings.Join(v.ParameterTypes, ", "), values.DescribeNode(tn))
		return ""
	}
	if v.HasParameterType(tn.Value) {
		return paramSchemaType(tn.Value)
	}
	near := pass.NearestNames(tn.Value, v.ParameterTypes, 3)
	if lower := strings.ToLower(tn.Value); v.HasParameterType(lower) && len(near) == 0 {
		near = []string{lower}
	}
	d := p.Reportf(tn.Span(), rules.ParameterTypeUnknown,
		"`%s` is not a parameter type; Heat knows %s.%s", tn.Value, strings.Join(v.ParameterTypes, ", "), pass.SuggestText(near))
	d.Suggestions = near
	return ""
}

// checkParameterFlags checks hidden and immutable (booleans) and label and
// description (text).
func checkParameterFlags(p *pass.Pass, prm *hot.Parameter) {
	for _, key := range []string{"hidden", "immutable"} {
		f := prm.Field(key)
		if f.Key == nil {
			continue
		}
		n := f.Value.Resolve()
		switch {
		case n == nil || n.IsNull() || n.Tag() == "!!bool" || values.IsYAML11Bool(n) || values.IsFunctionCall(n):
		case n.IsScalar() && (strings.EqualFold(n.Value, "true") || strings.EqualFold(n.Value, "false")):
			d := p.Reportf(n.Span(), rules.ParameterFlagNotBoolean,
				"`%s` is written as text; write the boolean without quotes: %s.", key, strings.ToLower(n.Value))
			d.Suggestions = []string{strings.ToLower(n.Value)}
		default:
			// Heat takes anything but the text true as false, and accepts it.
			p.Reportf(values.ValueSpan(f.Value, f.Key), rules.ParameterFlagNotBoolean,
				"`%s` should be true or false, not %s; Heat reads it as false.", key, values.DescribeNode(n))
		}
	}
	for _, key := range []string{"label", "description"} {
		if f := prm.Field(key); f.Key != nil {
			if n := f.Value.Resolve(); n.IsMapping() || n.IsSequence() {
				// Heat passes it on as it is; clients then show it badly.
				p.Reportf(n.Span(), rules.ParameterTextNotString,
					"The %s of parameter `%s` should be text, not %s; use a block scalar (`|`) for several lines.", key, prm.Name, values.DescribeNode(n))
			}
		}
	}
}

// checkParameterTags checks that a parameter's tags are a list: Heat's
// parameter schema takes nothing else, not even null, and does not
// resolve functions there. (Whether the version has tags at all is the
// unknown-key check's.)
func checkParameterTags(p *pass.Pass, prm *hot.Parameter) {
	f := prm.Field("tags")
	if f.Key == nil {
		return
	}
	if n := f.Value.Resolve(); !n.IsSequence() {
		p.Reportf(values.ValueSpan(f.Value, f.Key), rules.ParameterTagsNotList,
			"The tags of parameter `%s` must be a list, for example `tags: [%s]`, not %s.", prm.Name, tagExample(n), values.DescribeNode(n))
	}
}

// tagExample is the text of a scalar tag, to show it inside a list.
func tagExample(n *syntax.Node) string {
	if n.IsScalar() && !n.IsNull() && n.Value != "" {
		return n.Value
	}
	return "web"
}
