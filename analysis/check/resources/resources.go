package resources

import (
	"sort"
	"strconv"
	"strings"

	"heat-ls/analysis/check/pass"
	"heat-ls/analysis/check/values"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/rules"
	"heat-ls/analysis/syntax"
	"heat-ls/schema"
)

// CheckResources checks each resource definition against its type.
func CheckResources(p *pass.Pass) {
	v := pass.EntryVersion(p)
	if p.T == nil || v == nil {
		return
	}
	rc := NewChecker(p, v, nil)
	p.EachResourceAlone(rc.check)
}

func (rc *ResourceChecker) check(r *hot.Resource) {
	p := rc.p
	// Nothing of the previous resource carries over: its type would
	// otherwise name the release a nested key arrives in when this
	// resource's properties are not judged but its update_policy is.
	rc.rt, rc.deferred = nil, false
	rc.leftOut = pass.IsLeftOut(p.AnyInput(), rc.v, r)
	if k := r.Key; k != nil && k.Kind == syntax.ScalarNode && !values.PyYAMLText(k) {
		// Heat joins the resource names as text while it validates the
		// template (even for a resource its condition leaves out); a
		// name its loader reads as a number, a boolean or nothing fails.
		if k.Value == "" {
			p.Reportf(k.Span(), rules.ResourceNameInvalid, "This resource has no name (Heat reads it as nothing) and Heat refuses the template. Name it.")
		} else {
			d := p.Reportf(k.Span(), rules.ResourceNameInvalid,
				"Heat reads the resource name `%s` as %s, not as text, and refuses the template. Quote it.", k.Value, values.PyYAMLKind(k))
			d.Suggestions = []string{strconv.Quote(k.Value)}
		}
	}
	if strings.Contains(r.Name, "/") {
		d := p.Reportf(r.Key.Span(), rules.ResourceNameInvalid,
			"Resource names may not contain `/`; Heat refuses `%s`. Use `_` or `-` instead.", r.Name)
		d.Suggestions = []string{strings.ReplaceAll(r.Name, "/", "_")}
	}
	body := r.Value.Resolve()
	if !body.IsMapping() {
		msg := "Resource `%s` must be a mapping with at least `type`, not %s."
		if body.IsScalar() && !body.IsNull() {
			msg += " To use that type, write `type: " + body.Value + "` on the next line, indented."
		}
		p.Reportf(values.ValueSpan(r.Value, r.Key), rules.ResourceNotMapping, msg, r.Name, values.DescribeNode(body))
		return
	}
	rc.checkNullKeys(r)
	rc.checkKeyTypes(r)
	rt := rc.checkType(r)
	rc.CheckProperties(r, rt)
	rc.checkDeletionPolicy(r, rt)
	rc.checkUpdatePolicy(r, rt)
	if rt != nil && r.Field("external_id").Key == nil {
		switch rt.Name {
		case "OS::Heat::ResourceGroup":
			rc.checkGroupMember(r, "resource_def")
		case "OS::Heat::AutoScalingGroup":
			rc.checkGroupMember(r, "resource")
		}
	}
	if f := r.Field("metadata"); f.Key != nil {
		if n := f.Value.Resolve(); !n.IsNull() && !n.IsMapping() && !values.IsFunctionCall(n) {
			p.Reportf(values.ValueSpan(f.Value, f.Key), rules.ResourceMetadataNotMapping,
				"The `metadata` of a resource must be a mapping, not %s.", values.DescribeNode(n))
		}
	}
	if f := r.Field("depends_on"); f.Key != nil {
		if n := f.Value.Resolve(); n.IsMapping() && !values.IsFunctionCall(n) {
			p.Reportf(values.ValueSpan(f.Value, f.Key), rules.ResourceDependsOnInvalid,
				"`depends_on` must be a resource name or a list of them, not %s.", values.DescribeNode(n))
		}
	}
}

func (rc *ResourceChecker) checkDeletionPolicy(r *hot.Resource, rt *schema.ResourceType) {
	f := r.Field("deletion_policy")
	if f.Key == nil {
		return
	}
	n := f.Value.Resolve()
	if n.IsNull() {
		return
	}
	if values.IsFunctionCall(n) {
		rc.deletionPolicyDefault(n)
		return
	}
	if !n.IsScalar() {
		rc.p.Reportf(values.ValueSpan(f.Value, f.Key), rules.ResourceDeletionPolicyInvalid,
			"`deletion_policy` must be one of %s, not %s.", strings.Join(rc.v.DeletionPolicies, ", "), values.DescribeNode(n))
		return
	}
	if !rc.v.HasDeletionPolicy(n.Value) {
		near := pass.NearestNames(n.Value, rc.v.DeletionPolicies, 2)
		d := rc.p.Reportf(n.Span(), rules.ResourceDeletionPolicyInvalid,
			"`%s` is not a deletion policy in heat_template_version %s; use one of %s.%s", n.Value, rc.v.Name, strings.Join(rc.v.DeletionPolicies, ", "), pass.SuggestText(near))
		d.Suggestions = near
		return
	}
	if strings.EqualFold(n.Value, "snapshot") && rt != nil && !rt.SnapshotDeletion {
		rc.policyf(n.Span(), rules.ResourceDeletionPolicyInvalid,
			"`%s` cannot take a snapshot when deleted, so Heat refuses the Snapshot policy for it; use Delete or Retain.", rt.Name)
	}
}

// deletionPolicyDefault reports a deletion_policy taken by get_param from
// a parameter whose default is no policy of the version: Heat works the
// policy out while it reads the resource definitions, with the defaults
// at validate, and refuses it then, even in a resource it leaves out
// (hc/deletion-policy-param-default-bad). A parameter an environment may
// set is not judged.
func (rc *ResourceChecker) deletionPolicyDefault(n *syntax.Node) {
	arg := GetParamArgs(n)
	if arg == nil || rc.v == nil {
		return
	}
	def, ok := ParamLiteralDefault(rc.p, arg)
	if !ok || def.IsNull() || rc.v.HasDeletionPolicy(def.Value) {
		return
	}
	rc.p.Reportf(n.Span(), rules.ResourceDeletionPolicyInvalid,
		"`deletion_policy` takes the default of `%s`, `%s`, which is no deletion policy in heat_template_version %s (%s); Heat works the policy out while it reads the template and refuses it. Change the default.",
		GetParamName(arg), def.Value, rc.v.Name, strings.Join(rc.v.DeletionPolicies, ", "))
}

func (rc *ResourceChecker) checkUpdatePolicy(r *hot.Resource, rt *schema.ResourceType) {
	f := r.Field("update_policy")
	if f.Key == nil {
		return
	}
	n := f.Value.Resolve()
	if n.IsNull() {
		return
	}
	if values.IsFunctionCall(n) {
		// Heat reads the policy's keys straight from what is written
		// ("'If' object is not iterable"): hc/update-policy-function.
		if fn := n.Pair(0).Key; rc.v == nil || rc.v.HasFunction(fn.Value) {
			rc.policyf(fn.Span(), rules.ResourceUpdatePolicyInvalid,
				"Heat reads `update_policy`'s keys as written and cannot read them from %s, so it refuses the template. Write the mapping out and put functions in its values.", fn.Value)
		}
		return
	}
	if !n.IsMapping() {
		rc.p.Reportf(values.ValueSpan(f.Value, f.Key), rules.ResourceUpdatePolicyInvalid,
			"`update_policy` must be a mapping, not %s.", values.DescribeNode(n))
		return
	}
	if rt == nil || rt.AcceptsAnyProperties {
		return
	}
	schemaMap := rt.UpdatePolicy()
	names := make([]string, 0, len(schemaMap))
	for k := range schemaMap {
		names = append(names, k)
	}
	for _, pr := range n.Pairs() {
		k := pr.Key
		if k.Kind != syntax.ScalarNode || k.Value == "<<" {
			continue
		}
		prop, ok := schemaMap[k.Value]
		if !ok {
			near := pass.NearestNames(k.Value, names, 3)
			what := "has no update policy keys"
			if len(names) > 0 {
				what = "takes only " + strings.Join(sortedCopy(names), ", ")
			}
			d := rc.policyf(k.Span(), rules.ResourceUpdatePolicyInvalid,
				"`%s` is not an update policy of `%s` (it %s); Heat refuses it.%s", k.Value, rt.Name, what, pass.SuggestText(near))
			d.Suggestions = near
			continue
		}
		rc.CheckValue(prop, pr.Value, k, 0)
	}
}

func sortedCopy(names []string) []string {
	out := append([]string(nil), names...)
	sort.Strings(out)
	return out
}

// checkKeyTypes reports a resource's condition that is neither a name, a
// boolean nor a function call, and an external_id that is not text: Heat
// checks those types before anything else and refuses the template.
func (rc *ResourceChecker) checkKeyTypes(r *hot.Resource) {
	if f := r.Field("condition"); f.Key != nil {
		n := f.Value.Resolve()
		// written empty it is None to Heat, which is neither (an output's
		// empty condition, though, is read as no condition)
		if (n.IsSequence() || n.IsMapping()) && !values.IsFunctionCall(n) || n.IsNull() || n.IsScalar() && (n.Tag() == "!!int" || n.Tag() == "!!float") {
			rc.p.Errorf(values.ValueSpan(f.Value, f.Key), rules.UndefinedCondition,
				"The `condition` of resource `%s` must be a condition name, true/false or a condition function, not %s; Heat refuses it.", r.Name, values.DescribeNode(n))
		}
	}
	if f := r.Field("external_id"); f.Key != nil {
		n := f.Value.Resolve()
		if !values.IsFunctionCall(n) && !n.IsNull() && (!n.IsScalar() || n.Style == syntax.Plain && (n.Tag() == "!!int" || n.Tag() == "!!float" || values.IsYAML11Bool(n))) {
			rc.p.Errorf(values.ValueSpan(f.Value, f.Key), rules.UnknownResourceKey,
				"The `external_id` of resource `%s` must be the id (text) of an existing resource, not %s; Heat refuses it. Quote it if the id is made of digits.", r.Name, values.HeatScalarName(n))
		} else if n.IsScalar() && n.Value != "" && len(r.DependsOn) > 0 && (rc.v == nil || rc.v.Supports(schema.FeatureExternalID)) {
			// Heat adopts such a resource instead of building it and
			// refuses to order it after anything (hc/external-id-depends-on).
			d := r.Field("depends_on")
			rc.policyf(d.Key.Span(), rules.ResourceDependsOnInvalid,
				"`%s` has an `external_id`, so Heat adopts an existing resource instead of building it and refuses to make it wait for others. Remove `depends_on`.", r.Name)
		}
	}
}

// checkNullKeys reports resource keys written with no value ("properties:"
// and nothing under it). Heat checks each key's type before anything
// else, and null is none of them: it refuses the template at validate.
// (type has its own message in checkType.)
func (rc *ResourceChecker) checkNullKeys(r *hot.Resource) {
	for _, pr := range r.Value.Resolve().Pairs() {
		code := nullKeyRule(pr.Key.Value)
		if code == "" || pr.Key.Kind != syntax.ScalarNode || !pr.Value.Resolve().IsNull() {
			continue
		}
		rc.p.Errorf(pr.Key.Span(), code,
			"`%s` of resource `%s` is empty; Heat refuses a resource key with no value. Give it a value or remove the key.", pr.Key.Value, r.Name)
	}
}

// nullKeyRule is the rule that refuses resource key key written with no
// value ("" for keys whose empty value Heat accepts).
func nullKeyRule(key string) string {
	switch key {
	case "properties":
		return rules.ResourcePropertiesNotMapping
	case "metadata":
		return rules.ResourceMetadataNotMapping
	case "update_policy":
		return rules.ResourceUpdatePolicyInvalid
	case "deletion_policy":
		return rules.ResourceDeletionPolicyInvalid
	case "depends_on", "description":
		return rules.UnknownResourceKey
	}
	return ""
}
