package resources

import (
	"heat-ls/analysis/check/pass"
	"heat-ls/analysis/check/values"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/rules"
	"heat-ls/analysis/source"
	"heat-ls/analysis/syntax"
	"heat-ls/schema"
)

// NewChecker returns a checker of the resources of p's template, judging
// against version v (nil: only what every version shares); parent is what
// a parent template hands the template being checked (nil at the top).
func NewChecker(p *pass.Pass, v *schema.Version, parent ParentValues) *ResourceChecker {
	return &ResourceChecker{p: p, v: v, res: values.RegexpCache{}, parent: parent}
}

// ResourceChecker judges resources and the values of their properties.
// Rules elsewhere that judge a value the way a property's is judged (a
// nested template's parameters, a condition's get_param) make one with
// NewChecker.
type ResourceChecker struct {
	p   *pass.Pass
	v   *schema.Version
	res values.RegexpCache
	// required caches requiredFields per field schema.
	required map[fieldSchemaKey][]string
	// rt is the type whose properties are being checked, so a nested
	// unknown key can be looked up in other releases.
	rt *schema.ResourceType
	// deferred is set while a top-level property that reads a resource
	// is checked: Heat leaves its constraints and nested unknown keys
	// alone (deferred.go).
	deferred bool
	// parent, when set, is what a parent template hands the template
	// being checked (analysis/check/workspace, nested_empty.go).
	parent ParentValues
	// leftOut is set while a resource whose condition is false for every
	// input is checked (see policyf).
	leftOut bool
}

// policyf reports a policy finding only a built resource is judged on: in
// a resource Heat leaves out it builds nothing and accepts it, so the
// finding takes the rule's rules.LeftOutResourcePolicy severity and says
// why (hc/resource-condition-false-snapshot-unsupported-ok).
func (rc *ResourceChecker) policyf(span source.Span, id, format string, args ...any) *source.Diagnostic {
	if !rc.leftOut {
		return rc.p.Reportf(span, id, format, args...)
	}
	d := rc.p.ReportInf(span, id, rules.LeftOutResourcePolicy, format, args...)
	d.Message += " Here, though, " + pass.LeftOutNote + " and accepts the template."
	return d
}

// fieldSchemaKey identifies a field schema within a run.
type fieldSchemaKey struct {
	rt   *schema.ResourceType
	prop *schema.Property
}

// ParentValues is what a parent template hands the nested template whose
// resources are being judged: the rules that follow a nested template
// (analysis/check/workspace, nested_empty.go) set it, so a property the parent's values
// make Heat refuse is reported on the parent.
type ParentValues interface {
	// Gives reports what n, in the nested template t, gives of the
	// parent's values, and whether it gives any.
	Gives(t *hot.Template, n *syntax.Node) (string, bool)
	// Keep records a problem the parent's values meet.
	Keep(d *source.Diagnostic)
}
