package resources

import (
	"strings"

	"heat-ls/analysis/check/values"
	"heat-ls/analysis/syntax"
	"heat-ls/schema"
)

// Heat judges a property's value in full only when nothing in it waits on
// another resource: a value that reads a resource of the stack (get_resource,
// get_attr, or a Ref of a resource, however deep) is still converted to
// its type, and its nested required
// keys are still looked up, but its constraints (allowed values, ranges,
// lengths, patterns, custom constraints) and its nested unknown keys are
// not looked at, because every resource is still unbuilt when Heat
// validates the stack. heat-ls follows: such a property's constraints and
// nested keys are left alone (checked with the oracle; cases
// property-with-resource-ref-* in testdata/difftest).

// maxRefDepth bounds the walk through a property value.
const maxRefDepth = 64

// readsResource reports whether n (a top-level property value) reads a
// resource anywhere inside. It looks at the value alone, not at which
// names the template defines, so the answer stays the entry's own: a
// get_resource or get_attr of a name no resource has is refused anyway
// (undefined-resource), and a Ref counts unless it names a pseudo
// parameter (a Ref to a template parameter then goes unjudged,
// never wrongly judged).
func (rc *ResourceChecker) readsResource(n *syntax.Node) bool {
	return readsResource(n, 0)
}

func readsResource(n *syntax.Node, depth int) bool {
	n = n.Resolve()
	if n == nil || depth > maxRefDepth {
		return false
	}
	switch {
	case n.IsSequence():
		for _, it := range n.Items() {
			if readsResource(it, depth+1) {
				return true
			}
		}
	case n.IsMapping():
		if values.IsFunctionCall(n) {
			name, args := n.Pair(0).Key.Value, n.Pair(0).Value.Resolve()
			switch name {
			case "get_resource", "get_attr":
				return true
			case "Ref":
				if !args.IsScalar() || !strings.HasPrefix(args.Value, "AWS::") {
					return true
				}
			}
			return readsResource(args, depth+1)
		}
		for _, pr := range n.Pairs() {
			if readsResource(pr.Value, depth+1) {
				return true
			}
		}
	}
	return false
}

// checkUnbuiltAttribute judges a mapping property whose whole value is a
// get_attr: while Heat validates the stack no resource is built, so the
// attribute reads as nothing, an empty mapping, and the mapping's
// required keys are missing (the oracle refuses a CronTrigger's workflow
// given so; case property-map-from-unbuilt-attribute). A get_attr of a
// name no resource has is refused anyway (undefined-resource).
func (rc *ResourceChecker) checkUnbuiltAttribute(prop *schema.Property, n, key, anchor *syntax.Node, depth int) {
	if prop.Type != "map" || prop.Fields == nil {
		return
	}
	name, args := n.Pair(0).Key.Value, n.Pair(0).Value.Resolve()
	if name != "get_attr" || !args.IsSequence() || len(args.Items()) < 2 {
		return
	}
	res := args.Items()[0].Resolve()
	if !res.IsScalar() {
		return
	}
	before := len(rc.p.Diags)
	rc.checkFields(fieldOwner{prop: prop, name: key.Value}, syntax.NewScalar("!!null", syntax.Plain, "", n.Span()), anchor, depth+1)
	for i := before; i < len(rc.p.Diags); i++ {
		d := &rc.p.Diags[i]
		d.Message = "`" + res.Value + "` is not built yet when Heat validates the stack, so this `" + name + "` gives nothing. " + d.Message
	}
}
