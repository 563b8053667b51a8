package resources

import (
	"heat-ls/analysis/check/pass"
	"heat-ls/analysis/check/values"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/syntax"
)

// A resource group validates its member definition (by building a nested
// stack of its first member) only when its size is above zero, so what
// heat-ls judges of a member, and the name of the group's nested stack,
// hang on the size Heat reads when it validates the template at create.
// That size is the count as written, a parameter's default, an if the
// defaults decide (sizeByDefault), or 1, the property's default, when
// count is absent or null, or is a get_attr: no resource exists while
// Heat validates, so get_attr gives nothing and the default stands (the
// oracle refuses a member of a group counted by get_attr of a value 0).

// GroupSize is the size of resource group r when Heat validates the
// template at create; known is false when heat-ls cannot tell (a
// parameter without default or one an environment may set, a function of
// other values, no properties).
func GroupSize(p *pass.Pass, r *hot.Resource) (n int, known bool) {
	props := ResourceProperties(r)
	if props == nil {
		return 0, false
	}
	pr := props.Lookup("count")
	if pr.Key == nil {
		return 1, true
	}
	v := pr.Value.Resolve()
	if v == nil || v.IsNull() || isGetAttr(v) {
		return 1, true
	}
	return sizeByDefault(p, v)
}

// GroupBuildsMember reports whether Heat certainly builds a member of
// resource group r when it validates the template at create.
func GroupBuildsMember(p *pass.Pass, r *hot.Resource) bool {
	n, known := GroupSize(p, r)
	return known && n != 0
}

// BuildsMembers reports whether Heat certainly builds members of group r
// when it validates the template at create: a resource group's first
// member, or an autoscaling group's members at a size above zero.
func BuildsMembers(p *pass.Pass, r *hot.Resource) bool {
	switch r.Type {
	case "OS::Heat::ResourceGroup":
		return GroupBuildsMember(p, r)
	case "OS::Heat::AutoScalingGroup":
		n, known := AutoscalingSize(p, r)
		return known && n > 0
	}
	return false
}

// isGetAttr: n is a get_attr call.
func isGetAttr(n *syntax.Node) bool {
	return values.IsFunctionCall(n) && n.Pair(0).Key.Value == "get_attr"
}

// AutoscalingSize is the number of members an autoscaling group starts
// with when Heat validates it: desired_capacity, or min_size when that is
// absent or 0.
func AutoscalingSize(p *pass.Pass, r *hot.Resource) (int, bool) {
	props := ResourceProperties(r)
	if props == nil {
		return 0, false
	}
	if pr := props.Lookup("desired_capacity"); pr.Key != nil && !pr.Value.Resolve().IsNull() {
		n, ok := sizeByDefault(p, pr.Value)
		if !ok || n != 0 {
			return n, ok
		}
	}
	pr := props.Lookup("min_size")
	if pr.Key == nil {
		return 0, false
	}
	return sizeByDefault(p, pr.Value)
}
