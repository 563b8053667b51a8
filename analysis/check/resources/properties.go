package resources

import (
	"heat-ls/analysis/check/pass"
	"heat-ls/analysis/check/values"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/syntax"
	"heat-ls/schema"
)

// BuiltinResource returns r's type and literal properties when r is one
// forEachBuiltinResource visits; rt is nil otherwise.
func BuiltinResource(p *pass.Pass, r *hot.Resource) (rt *schema.ResourceType, props *syntax.Node) {
	tf := r.Field("type")
	if tf.Key == nil || r.Field("external_id").Key != nil {
		return nil, nil
	}
	tn := tf.Value.Resolve()
	if !tn.IsScalar() {
		return nil, nil
	}
	rt, ok := p.Schema.ResourceType(tn.Value)
	if !ok || rt.UserFile != "" || rt.NoOp {
		return nil, nil
	}
	if props = ResourceProperties(r); props == nil {
		return nil, nil
	}
	return rt, props
}

// ResourceProperties is a resource's properties mapping, or nil when it
// is absent or not a literal mapping.
func ResourceProperties(r *hot.Resource) *syntax.Node {
	f := r.Field("properties")
	if f.Key == nil {
		return &syntax.Node{Kind: syntax.MappingNode}
	}
	n := f.Value.Resolve()
	if n.IsNull() {
		return &syntax.Node{Kind: syntax.MappingNode}
	}
	if !n.IsMapping() || MergesOtherKeys(n) {
		return nil
	}
	return n
}

// LiteralProperty returns a property's key and scalar value when it is
// given as a literal (not a function call, not null).
func LiteralProperty(props *syntax.Node, name string) (*syntax.Node, *syntax.Node, bool) {
	pr := props.Lookup(name)
	if pr.Key == nil {
		return nil, nil, false
	}
	v := pr.Value.Resolve()
	if v == nil || v.IsNull() || !v.IsScalar() || values.IsFunctionCall(v) {
		return pr.Key, v, false
	}
	return pr.Key, v, true
}

// GivenProperty reports a property present with a value Heat counts as
// set (a function call counts: its value is unknown but present).
func GivenProperty(props *syntax.Node, name string) (*syntax.Node, bool) {
	pr := props.Lookup(name)
	if pr.Key == nil {
		return nil, false
	}
	v := pr.Value.Resolve()
	if v == nil || v.IsNull() {
		return pr.Key, false
	}
	if v.IsScalar() && (v.Value == "" || v.Value == "0") && v.Tag() != "!!str" {
		return pr.Key, false
	}
	return pr.Key, true
}

// MergesOtherKeys reports a YAML merge key, whose contents we do not chase.
func MergesOtherKeys(m *syntax.Node) bool {
	return m.IsMapping() && m.Lookup("<<").Key != nil
}
