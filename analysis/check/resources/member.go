package resources

import (
	"strings"

	"heat-ls/analysis/check/values"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/rules"
	"heat-ls/analysis/syntax"
)

// checkGroupMember checks the member definition of a group (the
// resource_def of an OS::Heat::ResourceGroup, the resource of an
// OS::Heat::AutoScalingGroup), under key, as a resource of its own: at
// stack create Heat builds the group's nested template from it and
// refuses an unknown member type or properties that type refuses.
//
// Heat puts the member's index in place of the index variable (%index%
// unless index_var names another) before it validates, so when the
// definition holds the variable the property values are not judged
// (their text is not what Heat checks); the type still is. A group with
// no member has its member findings made warnings (QuietEmptyGroup).
func (rc *ResourceChecker) checkGroupMember(r *hot.Resource, key string) {
	props := ResourceProperties(r)
	if props == nil {
		return
	}
	pr := props.Lookup(key)
	if pr.Key == nil {
		return
	}
	def := pr.Value.Resolve()
	if def.IsNull() && key == "resource" {
		// Heat reads the empty definition as an empty mapping: a member
		// without a type (a resource group's resource_def is a schema
		// mapping, whose missing type the property check reports).
		rc.p.Reportf(pr.Key.Span(), rules.ResourcePropertyMissing,
			"`resource` of `%s` is empty, so its members have no `type`; Heat refuses the group at stack create. Give the member's `type` and `properties`.", r.Name)
		return
	}
	if !def.IsMapping() || values.IsFunctionCall(def) || MergesOtherKeys(def) {
		return
	}
	// from here on the findings judge the member, which a group without
	// members never builds (an empty definition above is refused anyway)
	defer QuietEmptyGroup(rc.p, len(rc.p.Diags), r)
	if tf := def.Lookup("type"); tf.Key != nil {
		if name, typ, ok := rc.EmptyFromParamPath(tf.Value.Resolve()); ok {
			// the member's type is the empty text: Heat finds no type
			// when it builds the group's nested stack
			rc.p.Reportf(tf.Value.Span(), rules.ResourcePropertyMissing,
				"`get_param` gives empty text here, because the path after the %s parameter `%s` finds nothing, so the members of `%s` have no `type`; Heat refuses the group at stack create.", typ, name, r.Name)
			return
		}
	}
	member := &hot.Resource{Entry: hot.Entry{Name: r.Name, Key: pr.Key, Value: def}}
	if t := def.Get("type").Resolve(); t.IsScalar() && !t.IsNull() {
		member.Type, member.TypeNode = t.Value, t
	}
	if f := def.Lookup("properties"); f.Key != nil {
		member.Properties = f.Value
	}
	rt := rc.checkType(member)
	if key != "resource_def" {
		rc.CheckProperties(member, rt) // no index variable outside resource groups
		return
	}
	indexVar, ok := GroupIndexVar(props)
	if ok && !Mentions(def, indexVar, 0) {
		rc.CheckProperties(member, rt)
	}
}

// GroupIndexVar is the text a resource group (properties props) puts
// each member's name in place of: index_var, or %index%; ok is false when
// a function gives index_var and the variable is unknown.
func GroupIndexVar(props *syntax.Node) (string, bool) {
	if _, v, ok := LiteralProperty(props, "index_var"); ok {
		return v.Value, true
	} else if props.Lookup("index_var").Key != nil {
		return "", false
	}
	return "%index%", true
}

// Mentions reports whether any scalar under n contains text.
func Mentions(n *syntax.Node, text string, depth int) bool {
	n = n.Resolve()
	if n == nil || depth > values.MaxValueDepth || text == "" {
		return false
	}
	switch {
	case n.IsScalar():
		return strings.Contains(n.Value, text)
	case n.IsMapping():
		for _, p := range n.Pairs() {
			if Mentions(p.Key, text, depth+1) || Mentions(p.Value, text, depth+1) {
				return true
			}
		}
	case n.IsSequence():
		for _, it := range n.Items() {
			if Mentions(it, text, depth+1) {
				return true
			}
		}
	}
	return false
}
