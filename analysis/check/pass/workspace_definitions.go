package pass

import (
	"iter"
	"slices"

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
	return slices.Collect(Definitions(r))
}

// Definitions yields what ResourceDefinitions returns without building
// the list: the rules that visit every resource on every keystroke (the
// nested-template ones) would otherwise allocate one for each.
func Definitions(r *hot.Resource) iter.Seq[Definition] {
	return func(yield func(Definition) bool) {
		if !yield(Definition{Resource: r, Type: r.TypeNode, TypeName: r.Type, Properties: r.Properties, PropertiesKey: keyOf(r.Value.Resolve(), "properties")}) {
			return
		}
		more := true
		r.EachMember(func(t, holder *syntax.Node, propsKey string) {
			if more {
				more = yield(Definition{Resource: r, Type: t, TypeName: t.Value, Properties: holder.Get(propsKey), PropertiesKey: keyOf(holder, propsKey), Inner: true})
			}
		})
	}
}

// keyOf returns the key node of m's entry key, nil when absent.
func keyOf(m *syntax.Node, key string) *syntax.Node {
	if p := m.Lookup(key); p.Key != nil {
		return p.Key
	}
	return nil
}
