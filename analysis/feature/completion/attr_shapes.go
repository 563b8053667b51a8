package completion

import (
	"sort"
	"strconv"

	"heat-ls/analysis/hot"
)

// attrShape describes what an attribute's value holds, as far as it is
// known, so get_attr can propose the keys of the path below it
// ([server, addresses, NET, 0, addr]). The schema gives only an
// attribute's type (map, list); these shapes are what Heat returns for
// the attributes templates dig into most.
type attrShape struct {
	// keys are the fixed keys of a mapping, each with its own shape (nil:
	// a leaf).
	keys map[string]*attrShape
	// names, for a mapping keyed by the user's own names (networks),
	// lists them from the resource's definition; each holds elem.
	names func(r *hot.Resource) []string
	// elem is the shape of a list's items, or of a named mapping's values.
	elem *attrShape
	list bool
}

// knownAttrShape returns the shape of attribute attr of resource type
// typ, or nil.
func knownAttrShape(typ, attr string) *attrShape {
	switch typ + " " + attr {
	case "OS::Nova::Server addresses":
		// Per network: the list of the server's addresses on it.
		addr := &attrShape{keys: leafKeys("addr", "version", "port", "subnets", "OS-EXT-IPS:type", "OS-EXT-IPS-MAC:mac_addr")}
		return &attrShape{names: serverNetworks, elem: &attrShape{list: true, elem: addr}}
	case "OS::Nova::Server networks":
		// Per network: the list of the server's IP addresses on it.
		return &attrShape{names: serverNetworks, elem: &attrShape{list: true}}
	case "OS::Neutron::Port fixed_ips":
		return &attrShape{list: true, elem: &attrShape{keys: leafKeys("ip_address", "subnet_id")}}
	case "OS::Neutron::Subnet allocation_pools":
		return &attrShape{list: true, elem: &attrShape{keys: leafKeys("start", "end")}}
	case "OS::Neutron::Subnet host_routes":
		return &attrShape{list: true, elem: &attrShape{keys: leafKeys("destination", "nexthop")}}
	}
	return nil
}

func leafKeys(names ...string) map[string]*attrShape {
	m := make(map[string]*attrShape, len(names))
	for _, n := range names {
		m[n] = nil
	}
	return m
}

// serverNetworks are the networks a server's networks property names as
// plain text: the keys its addresses and networks attributes use.
func serverNetworks(r *hot.Resource) []string {
	var out []string
	for _, it := range r.Properties.Resolve().Get("networks").Resolve().Items() {
		if n := it.Resolve().Get("network").Resolve(); n.IsScalar() && !n.IsNull() {
			out = append(out, n.Value)
		}
	}
	return out
}

// attributePath completes the get_attr argument after [res, attr,
// path...] from the attribute's known shape.
func (c *completer) attributePath(r *hot.Resource, attr string, path []string) {
	if r == nil {
		return
	}
	s := knownAttrShape(r.Type, attr)
	for _, step := range path {
		switch {
		case s == nil:
			return
		case s.list:
			if _, err := strconv.Atoi(step); err != nil {
				return
			}
			s = s.elem
		case s.names != nil:
			s = s.elem
		default:
			next, ok := s.keys[step]
			if !ok {
				return
			}
			s = next
		}
	}
	switch {
	case s == nil:
	case s.list:
		c.add(0, Item{Label: "0", Kind: CompleteValue, Detail: "first item"})
	case s.names != nil:
		for _, n := range s.names(r) {
			c.add(0, Item{Label: n, Kind: CompleteProperty, Detail: "network"})
		}
	default:
		for _, k := range sortedKeys(s.keys) {
			c.add(0, Item{Label: k, Kind: CompleteProperty, Detail: "key of " + attr})
		}
	}
}

func sortedKeys(m map[string]*attrShape) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
