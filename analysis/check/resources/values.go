package resources

import (
	"sort"
	"strings"

	"heat-ls/analysis/check/pass"
	"heat-ls/analysis/check/values"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/rules"
	"heat-ls/analysis/source"
	"heat-ls/analysis/syntax"
	"heat-ls/schema"
)

func (rc *ResourceChecker) CheckProperties(r *hot.Resource, rt *schema.ResourceType) {
	p := rc.p
	f := r.Field("properties")
	var props *syntax.Node
	if f.Key != nil {
		props = f.Value.Resolve()
		if values.IsFunctionCall(props) {
			// Heat reads properties as a mapping before it resolves
			// anything; a whole-map function call makes the engine fail
			// (a Python TypeError at template validate). Types that take
			// any properties (OS::Heat::None, retired stubs) never read it.
			if rt != nil && !rt.AcceptsAnyProperties && !rt.NoOp && r.Field("external_id").Key == nil {
				p.Reportf(values.ValueSpan(f.Value, f.Key), rules.ResourcePropertiesNotMapping,
					"`properties` must be written as a mapping; Heat cannot take the whole mapping from `%s` and fails at template validate. Put the call on each property instead.", props.Pair(0).Key.Value)
			}
			return
		}
		if !props.IsNull() && !props.IsMapping() {
			p.Reportf(values.ValueSpan(f.Value, f.Key), rules.ResourcePropertiesNotMapping,
				"`properties` must be a mapping of property names to values, not %s.", values.DescribeNode(props))
			return
		}
	}
	// A hidden type is judged when the release still describes its
	// properties (Heat validates them: the oracle refuses a misspelt
	// property of the hidden OS::Neutron::Pool); a resource adopting an
	// existing one (external_id) is not built from its properties.
	if rt == nil || rt.AcceptsAnyProperties || rt.DecodeError() != nil || r.Field("external_id").Key != nil {
		return
	}
	if rt.Hidden() && len(rt.Properties()) == 0 {
		return
	}
	anchor := r.Key
	if f.Key != nil {
		anchor = f.Key
	}
	rc.rt = rt
	rc.checkFields(fieldOwner{rt: rt, name: rt.Name}, props, anchor, 0)
}

// requiredFields lists the visible required field names of o, sorted; it
// is computed once per schema in a run, since resources of one type share
// it.
func (rc *ResourceChecker) requiredFields(o fieldOwner) []string {
	key := fieldSchemaKey{o.rt, o.prop}
	if names, ok := rc.required[key]; ok {
		return names
	}
	fields := o.fields()
	var names []string
	for _, name := range o.visible() {
		if prop := fields[name]; prop != nil && prop.Required {
			names = append(names, name)
		}
	}
	if rc.required == nil {
		rc.required = map[fieldSchemaKey][]string{}
	}
	rc.required[key] = names
	return names
}

// hasScalarKey reports whether mapping m has a scalar key name.
func hasScalarKey(m *syntax.Node, name string) bool {
	if !m.IsMapping() {
		return false
	}
	for _, pr := range m.Pairs() {
		if pr.Key.Kind == syntax.ScalarNode && pr.Key.Value == name {
			return true
		}
	}
	return false
}

// checkFields checks a mapping value against named field schemas: unknown
// keys, hidden or deprecated ones, missing required ones, and each value.
// anchor is where a missing-field error goes (the key owning the mapping).
func (rc *ResourceChecker) checkFields(o fieldOwner, m *syntax.Node, anchor *syntax.Node, depth int) {
	p := rc.p
	fields := o.fields()
	var filled hiddenFills
	if m.IsMapping() {
		for _, pr := range m.Pairs() {
			k := pr.Key
			if k.Kind != syntax.ScalarNode || k.Value == "<<" {
				continue
			}
			prop, ok := fields[k.Value]
			if !ok {
				if !rc.deferred {
					rc.unknownField(k, o.visible(), o)
				}
				continue
			}
			if prop.Hidden {
				filled.add(o, k.Value, fields)
			}
			if prop.Hidden || prop.Support != nil {
				typeName := ""
				if o.rt != nil {
					typeName = o.rt.Name
				}
				rc.checkStatus(prop, k, o.label(), typeName, fields)
			}
			if depth == 0 && o.rt != nil {
				rc.deferred = rc.readsResource(pr.Value)
			}
			rc.CheckValue(prop, pr.Value, k, depth+1)
			if depth == 0 {
				rc.deferred = false
			}
		}
	}
	var missing []string
	for _, name := range rc.requiredFields(o) {
		if !hasScalarKey(m, name) && !filled.fills(name) {
			missing = append(missing, name)
		}
	}
	if len(missing) > 0 && !MergesOtherKeys(m) {
		sort.Strings(missing)
		list := "`" + strings.Join(missing, "`, `") + "`"
		d := p.Reportf(anchor.Span(), rules.ResourcePropertyMissing,
			"%s requires %s; Heat refuses the stack without it. Add the missing propert%s.", o.label(), list, pass.Plural(len(missing), "y", "ies"))
		d.Data = map[string]string{"missing": strings.Join(missing, ",")}
	}
}

// checkStatus warns about hidden and deprecated properties.
// typeName is the resource type for top-level properties, "" below.
func (rc *ResourceChecker) checkStatus(prop *schema.Property, k *syntax.Node, owner, typeName string, fields map[string]*schema.Property) {
	switch {
	case prop.Unimplemented:
		rc.p.Reportf(k.Span(), rules.ResourcePropertyUnimplemented,
			"Property `%s` of %s is declared but not implemented; Heat refuses a template that sets it. Remove it.", k.Value, owner)
	case prop.Hidden && refusedHiddenProperty(rc.p.Schema, typeName, k.Value):
		// its own error says Heat refuses it (release_plugins.go)
	case prop.Hidden:
		repl, advice := hiddenSuccessor(typeName, k.Value, fields)
		if advice == "" {
			advice = statusAdvice(prop.Support)
		}
		d := rc.p.Reportf(k.Span(), rules.ResourcePropertyHidden,
			"Property `%s` of %s is hidden: Heat still accepts it but no longer documents it.%s", k.Value, owner, advice)
		if repl != "" {
			d.Suggestions = []string{repl}
		}
		d.Tags = []source.Tag{source.TagDeprecated}
	case prop.Support != nil && prop.Support.Status == schema.StatusDeprecated:
		d := rc.p.Reportf(k.Span(), rules.ResourcePropertyDeprecated,
			"Property `%s` of %s is deprecated%s.%s", k.Value, owner, sinceText(prop.Support), statusAdvice(prop.Support))
		d.Tags = []source.Tag{source.TagDeprecated}
	}
}

// CheckValue checks one literal value against its schema. Function calls
// (anywhere) are left alone: their value is only known at run time.
func (rc *ResourceChecker) CheckValue(prop *schema.Property, n *syntax.Node, key *syntax.Node, depth int) {
	rc.checkValueAt(prop, n, key, key, depth)
}

// checkValueAt is CheckValue with the node that missing nested keys are
// reported on (a list item's own first key rather than the list's key).
func (rc *ResourceChecker) checkValueAt(prop *schema.Property, n *syntax.Node, key, anchor *syntax.Node, depth int) {
	n = n.Resolve()
	if prop == nil || n == nil || depth > values.MaxValueDepth {
		return
	}
	if n.IsNull() {
		// Heat reads a null mapping as an empty one (a top-level
		// property's default, when it has one, stands in) and still asks
		// it for its required keys; a null scalar is left alone.
		if prop.Type == "map" && prop.Fields != nil && (depth > 1 || !prop.HasDefault) {
			rc.checkFields(fieldOwner{prop: prop, name: key.Value}, n, anchor, depth+1)
		}
		rc.checkEmptyValue(prop, n, key, anchor, depth)
		return
	}
	if values.IsFunctionCall(n) {
		rc.CheckEmptyFromParamPath(prop, n, key, anchor, depth)
		rc.checkDefaultTextFromParam(prop, n, key, anchor, depth)
		rc.checkUnbuiltAttribute(prop, n, key, anchor, depth)
		return
	}
	if !rc.checkValueType(prop, n, key, anchor, depth) || rc.deferred {
		return
	}
	rc.checkValueConstraints(prop, n, key)
}

// checkValueType reports a literal n that is not of the property's type
// (and judges a list's items and a mapping's fields); false when it
// reported one, so the constraints are not judged as well.
func (rc *ResourceChecker) checkValueType(prop *schema.Property, n *syntax.Node, key, anchor *syntax.Node, depth int) bool {
	p := rc.p
	wrong := func(want string) {
		p.Reportf(n.Span(), rules.ResourcePropertyType,
			"`%s` must be %s, not %s.", key.Value, want, values.DescribeNode(n))
	}
	switch prop.Type {
	case "string":
		if !n.IsScalar() {
			wrong("text")
			return false
		}
	case "integer":
		if !n.IsScalar() {
			wrong("a whole number")
			return false
		}
		if _, ok := values.HeatInteger(n); !ok {
			p.Reportf(n.Span(), rules.ResourcePropertyType, "`%s` must be a whole number; `%s` is not one.", key.Value, n.Value)
			return false
		}
	case "number":
		if !n.IsScalar() {
			wrong("a number")
			return false
		}
		if _, _, ok := values.PyNumber(n); !ok {
			p.Reportf(n.Span(), rules.ResourcePropertyType, "`%s` must be a number; `%s` is not one.", key.Value, n.Value)
			return false
		}
	case "boolean":
		if !n.IsScalar() {
			wrong("true or false")
			return false
		}
		if !values.IsYAML11Bool(n) {
			if n.Tag() != "!!str" || !(strings.EqualFold(n.Value, "true") || strings.EqualFold(n.Value, "false")) {
				d := p.Reportf(n.Span(), rules.ResourcePropertyType, "`%s` must be true or false; `%s` is not a boolean to Heat.", key.Value, n.Value)
				d.Suggestions = []string{"true", "false"}
				return false
			}
		}
	case "list":
		if n.IsMapping() {
			rc.collectionSwap(key, n, "a list")
			return false
		}
		if !n.IsSequence() {
			wrong("a list")
			return false
		}
		if prop.Item != nil {
			for _, it := range n.Items() {
				rc.checkValueAt(prop.Item, it, key, itemAnchor(it, key), depth+1)
			}
		}
	case "map":
		if n.IsSequence() {
			rc.collectionSwap(key, n, "a mapping")
			return false
		}
		if !n.IsMapping() {
			wrong("a mapping")
			return false
		}
		if prop.Fields != nil {
			rc.checkFields(fieldOwner{prop: prop, name: key.Value}, n, anchor, depth+1)
		}
	}
	return true
}

// checkValueConstraints reports the first of the property's constraints
// that literal n does not meet.
func (rc *ResourceChecker) checkValueConstraints(prop *schema.Property, n *syntax.Node, key *syntax.Node) {
	p := rc.p
	for _, c := range prop.Constraints {
		if problem := values.ConstraintProblem(c, prop.Type, n, rc.res); problem != "" {
			near := nearAllowedValues(c, prop.Type, n)
			d := p.Reportf(n.Span(), rules.ResourcePropertyConstraint, "`%s`: %s.%s", key.Value, problem, pass.DidYouMean(near))
			d.Suggestions = near
			return
		}
	}
}

// itemAnchor is where a list item's missing keys are reported: its first
// key, or the list's key when the item is not a non-empty mapping.
func itemAnchor(item, key *syntax.Node) *syntax.Node {
	if it := item.Resolve(); it.IsMapping() && it.NumPairs() > 0 {
		return it.Pair(0).Key
	}
	return key
}

// collectionSwap reports a list where a mapping is expected or the other
// way round. A built-in type's property refuses it at stack create (Heat's
// list and map properties take nothing else), and so does a nested
// template's comma_delimited_list parameter given a mapping (the oracle
// refuses it at create); the nested check runs without a type (rt nil)
// and judges only such parameters (nestedPropertySchema). A type from
// another source may convert the value, so there it is a warning.
func (rc *ResourceChecker) collectionSwap(key, n *syntax.Node, want string) {
	if rc.rt == nil || rc.rt.RegistryKind == "class" {
		rc.p.Errorf(n.Span(), rules.ResourcePropertyType,
			"`%s` expects %s, not %s; Heat refuses it at stack create.", key.Value, want, values.DescribeNode(n))
		return
	}
	rc.p.Warnf(n.Span(), rules.ResourcePropertyType,
		"`%s` expects %s, not %s; Heat refuses this unless the property converts it.", key.Value, want, values.DescribeNode(n))
}

// unknownField reports a key the schema lacks: Heat refuses it. With a
// close known name it is surely a typo; a top-level property that a later
// Heat release adds is named with that release, so a template written for
// a newer cloud is told apart from a typo.
func (rc *ResourceChecker) unknownField(k *syntax.Node, visible []string, o fieldOwner) {
	near := pass.NearestNames(k.Value, visible, 3)
	arrives := rc.fieldArrives(o, k.Value)
	var d *source.Diagnostic
	switch {
	case arrives != "":
		d = rc.p.Reportf(k.Span(), rules.ResourcePropertyUnknown,
			"%s gains the property `%s` in %s; %s, which heat-ls judges for, refuses it.",
			o.label(), k.Value, arrives, rc.p.Schema.HeatVersion())
	case len(near) > 0:
		d = rc.p.Reportf(k.Span(), rules.ResourcePropertyUnknown,
			"%s has no property `%s`; Heat refuses it.%s", o.label(), k.Value, pass.SuggestText(near))
	default:
		d = rc.p.Reportf(k.Span(), rules.ResourcePropertyUnknown,
			"%s has no property `%s` in %s, nor in any later release heat-ls knows; Heat refuses it. Known properties: %s.",
			o.label(), k.Value, rc.p.Schema.HeatVersion(), shortList(visible, 12))
	}
	d.Suggestions = near
}

func shortList(names []string, n int) string {
	if len(names) > n {
		return strings.Join(names[:n], ", ") + ", …"
	}
	return strings.Join(names, ", ")
}

// nearAllowedValues names the allowed values closest to a misspelt scalar
// (a whole value, not a comma-separated list), for the message and the
// quick fix.
func nearAllowedValues(c schema.Constraint, typ string, n *syntax.Node) []string {
	n = n.Resolve()
	if c.Kind != schema.ConstraintAllowedValues || typ == "list" || !n.IsScalar() {
		return nil
	}
	var cands []string
	for _, a := range c.AllowedValues {
		if s, ok := a.(string); ok {
			cands = append(cands, s)
		}
	}
	return pass.ClosestNames(n.Value, cands, 3, pass.SuggestionDistance(n.Value))
}

// checkStandIn judges value, which stands for what Heat will make of the
// written one (text a call hands over, the empty value of a key written
// empty), and returns the diagnostics that made, for the caller to word.
func (rc *ResourceChecker) checkStandIn(prop *schema.Property, value, key, anchor *syntax.Node, depth int) []source.Diagnostic {
	before := len(rc.p.Diags)
	rc.checkValueAt(prop, value, key, anchor, depth)
	return rc.p.Diags[before:]
}
