package references

import (
	"heat-ls/analysis/check/pass"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/rules"
)

// Heat works a resource's deletion_policy out while it parses the
// resource definitions, before the condition leaves any out and before
// the stack has any resource to look up. A get_resource or get_attr read
// there asks the stack for its resources, which makes Heat parse the
// definitions again, and so on until Python's recursion limit stops it:
// the template is refused whatever the function names, in a resource Heat
// keeps or leaves out (hc/deletion-policy-get-resource,
// hc/deletion-policy-get-attr-left-out-resource). Only the branch of an if
// the condition takes is worked out (hc/deletion-policy-if-untaken-ok), so
// the call is reported when some input makes Heat read it.

// deletionPolicyRef reports the get_resource or get_attr c when it lies
// in a resource's deletion_policy and some input makes Heat work it out.
func (r *refChecker) deletionPolicyRef(c *hot.Call) {
	if c.Context != hot.InResource {
		return
	}
	// The owner's own field first: every get_resource and get_attr of
	// every resource comes here, and almost none lies in a policy.
	if f := c.Owner.Field("deletion_policy"); f.Key == nil || f.Value == nil || !pass.SpanWithin(c.Map.Span(), f.Value.Span()) {
		return
	}
	if pass.ResourceOf(r.p.T, c.Owner) == nil {
		return
	}
	terms, ok := r.branchTerms(c, nil)
	if !ok {
		return
	}
	witness := r.inputFor(terms)
	if witness == "" {
		return
	}
	when := ""
	if len(terms) > 0 {
		when = " (" + witness + ", for one)"
	}
	r.p.Reportf(c.Key.Span(), rules.ResourceDeletionPolicyInvalid,
		"Heat works `deletion_policy` out while it is still reading the resource definitions, so this %s asks for resources that do not exist yet%s: the lookup starts the reading again until Python's recursion limit stops it, and Heat refuses the template. Write the policy as text, or take it from a parameter.",
		c.Name, when)
}
