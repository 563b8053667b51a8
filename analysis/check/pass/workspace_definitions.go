package pass

import (
	"heat-ls/analysis/hot"
	"heat-ls/analysis/syntax"
)

// Definition is one resource definition to check against its type: the
// resource itself, or the member definition a group embeds
// (OS::Heat::ResourceGroup resource_def, OS::Heat::AutoScalingGroup
// resource, each type of an OS::Heat::ResourceChain with its
// resource_properties).
type Definition struct {
	// Resource is the template resource the definition belongs to.
	Resource *hot.Resource
	// Type is the type's scalar node; TypeName its text.
	Type     *syntax.Node
	TypeName string
	// Properties is the properties value (nil when absent) and
	// PropertiesKey its key ("properties", "resource_properties").
	Properties    *syntax.Node
	PropertiesKey *syntax.Node
	// Inner is true for a group's member definition.
	Inner bool
}

// ResourceDefinitions returns r's own definition followed by the member
// definitions it embeds.
func ResourceDefinitions(r *hot.Resource) []Definition {
	out := []Definition{{Resource: r, Type: r.TypeNode, TypeName: r.Type, Properties: r.Properties, PropertiesKey: keyOf(r.Value.Resolve(), "properties")}}
	r.EachMember(func(t, holder *syntax.Node, propsKey string) {
		out = append(out, Definition{Resource: r, Type: t, TypeName: t.Value, Properties: holder.Get(propsKey), PropertiesKey: keyOf(holder, propsKey), Inner: true})
	})
	return out
}

// keyOf returns the key node of m's entry key, nil when absent.
func keyOf(m *syntax.Node, key string) *syntax.Node {
	if p := m.Lookup(key); p.Key != nil {
		return p.Key
	}
	return nil
}
