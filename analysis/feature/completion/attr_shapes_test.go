package completion

import (
	"testing"

	"heat-ls/schema/schematest"
)

// TestKnownAttrShapesExist: every shape belongs to an attribute the schema
// knows, so a renamed attribute cannot leave a shape behind unnoticed.
func TestKnownAttrShapesExist(t *testing.T) {
	s := schematest.Load(t)
	for _, ta := range [][2]string{
		{"OS::Nova::Server", "addresses"}, {"OS::Nova::Server", "networks"}, {"OS::Neutron::Port", "fixed_ips"},
		{"OS::Neutron::Subnet", "allocation_pools"}, {"OS::Neutron::Subnet", "host_routes"},
	} {
		if knownAttrShape(ta[0], ta[1]) == nil {
			t.Errorf("%s %s: no shape", ta[0], ta[1])
		}
		rt, ok := s.ResourceType(ta[0])
		if !ok {
			t.Fatalf("%s unknown", ta[0])
		}
		if a, _ := rt.Attribute(ta[1]); a == nil {
			t.Errorf("%s has no attribute %s", ta[0], ta[1])
		}
	}
}
