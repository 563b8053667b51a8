package references

import (
	"heat-ls/analysis/check/pass"
	"heat-ls/analysis/check/values"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/rules"
	"heat-ls/analysis/source"
	"heat-ls/analysis/syntax"
)

// When Heat validates a resource it keeps, the resources it refers to are
// stand-ins that carry only the attributes something reads where Heat
// looks for them: the properties and metadata of the resources it keeps
// and the outputs it keeps (all but show, where a get_attr names no
// attribute). A get_attr in a resource's update_policy, or one that is
// its whole external_id (which Heat resolves to nothing before the
// resource exists, and so validates the resource), is checked against
// that set, so an attribute read nowhere else is refused: "The
// Referenced Attribute ... is incorrect" (hc/update-policy-get-attr-unread,
// hc/external-id-get-attr-unread, hc/update-policy-get-attr-read-ok).
//
// heat-ls gathers the attributes read anywhere in properties, metadata
// and outputs, whatever the conditions (Heat gathers fewer when some are
// left out, so a miss at most), and gives up when one of those get_attr
// names its resource or attribute by a function.

// policyAttribute reports the get_attr c of attribute attr of resource
// target (both literal, attr one its type has) when it lies where Heat
// checks it against the read attributes and nothing else reads attr.
func (r *refChecker) policyAttribute(c *hot.Call, target, attr *syntax.Node) {
	if c.Context != hot.InResource || attr.Value == "show" {
		return
	}
	owner := pass.ResourceOf(r.p.T, c.Owner)
	if owner == nil {
		return
	}
	ext := owner.Field("external_id")
	switch {
	case ext.Key != nil && ext.Value == c.Map:
	case ext.Key == nil && withinField(owner, c, "update_policy"):
	default:
		return
	}
	r.p.ReadsEveryResource() // what every properties, metadata and output reads
	reads, ok := r.readAttributes()
	if !ok || reads[target.Value][attr.Value] || reads[target.Value][""] {
		return
	}
	reach, ok := r.readWhen(c)
	if !ok {
		return
	}
	if res := r.p.OtherResource(target.Value); res != nil && res.ConditionRef != nil {
		reach = append(reach, condTerm{res.ConditionRef, true})
	}
	witness := r.inputFor(reach)
	if witness == "" {
		return
	}
	where := "`update_policy`"
	if ext.Key != nil {
		where = "`external_id`"
	}
	d := r.p.Reportf(attr.Span(), rules.UnknownAttribute,
		"Heat checks a get_attr in %s against the attributes of `%s` that properties, metadata or outputs read, and none reads `%s` (%s, for one), so Heat refuses the template. Read it in this resource's properties too, or take the value from a parameter.",
		where, target.Value, attr.Value, witness)
	d.Related = []source.Related{{Span: c.Map.Span(), Message: "the get_attr"}}
}

// readAttributes maps each resource to the attributes get_attr reads in
// the template's properties, metadata and outputs ("" for all of them);
// ok is false when one of those names its resource or attribute by a
// function. It is worked out once a run.
func (r *refChecker) readAttributes() (map[string]map[string]bool, bool) {
	if r.reads != nil || r.readsUnknown {
		return r.reads, !r.readsUnknown
	}
	reads := map[string]map[string]bool{}
	add := func(res, attr string) {
		if reads[res] == nil {
			reads[res] = map[string]bool{}
		}
		reads[res][attr] = true
	}
	for _, c := range r.p.T.Calls {
		if c.Name != "get_attr" {
			continue
		}
		switch c.Context {
		case hot.InOutput:
		case hot.InResource:
			res := pass.ResourceOf(r.p.T, c.Owner)
			if res == nil || !withinField(res, c, "properties") && !withinField(res, c, "metadata") {
				continue
			}
		default:
			continue
		}
		a := c.Args.Resolve()
		if !a.IsSequence() || len(a.Items()) == 0 {
			continue // refused for its arguments
		}
		name := values.Literal(a.Items()[0])
		if !values.IsScalarLiteral(name) {
			r.readsUnknown = true
			return nil, false
		}
		if len(a.Items()) == 1 {
			add(name.Value, "")
			continue
		}
		attr := values.Literal(a.Items()[1])
		if !values.IsScalarLiteral(attr) {
			r.readsUnknown = true
			return nil, false
		}
		add(name.Value, attr.Value)
	}
	r.reads = reads
	return reads, true
}
