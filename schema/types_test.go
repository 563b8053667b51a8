package schema

import (
	"slices"
	"sort"
	"testing"
)

// sharedProp is a property as shared/heat/resource_types.json has it.
type sharedProp struct {
	Type     string                 `json:"type"`
	Required bool                   `json:"required"`
	Schema   map[string]*sharedProp `json:"schema"`
	Default  any                    `json:"default"`
}

type sharedType struct {
	Properties    map[string]*sharedProp `json:"properties"`
	Attributes    map[string]any         `json:"attributes"`
	SupportStatus struct {
		Status  string `json:"status"`
		Version string `json:"version"`
	} `json:"support_status"`
	Oracle struct {
		APIVisible       bool                   `json:"api_visible"`
		HiddenProperties map[string]*sharedProp `json:"hidden_properties"`
		HiddenAttributes map[string]any         `json:"hidden_attributes"`
		RegistryKind     string                 `json:"registry_kind"`
	} `json:"x_oracle"`
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// compareProps checks names, types, required flags and defaults recursively.
func compareProps(t *testing.T, where string, got map[string]*Property, want map[string]*sharedProp, item *Property) {
	t.Helper()
	if item != nil {
		if w, ok := want["*"]; !ok || len(want) != 1 {
			t.Errorf("%s: list item schema but Heat has %v", where, sortedKeys(want))
		} else {
			compareProp(t, where+".*", item, w)
		}
		return
	}
	if !slices.Equal(sortedKeys(got), sortedKeys(want)) {
		t.Errorf("%s: properties %v, Heat has %v", where, sortedKeys(got), sortedKeys(want))
		return
	}
	for n, w := range want {
		compareProp(t, where+"."+n, got[n], w)
	}
}

func compareProp(t *testing.T, where string, p *Property, w *sharedProp) {
	t.Helper()
	if p.Type != w.Type || p.Required != w.Required {
		t.Errorf("%s: type %s required %v; Heat has %s %v", where, p.Type, p.Required, w.Type, w.Required)
	}
	if (w.Default != nil) != p.HasDefault {
		t.Errorf("%s: HasDefault %v, Heat default %v", where, p.HasDefault, w.Default)
	}
	if len(w.Schema) > 0 || p.Fields != nil || p.Item != nil {
		compareProps(t, where, p.Fields, w.Schema, p.Item)
	}
}

func TestTypesMatchHeat(t *testing.T) {
	var doc struct {
		Types map[string]*sharedType `json:"types"`
	}
	readSharedJSON(t, "heat/resource_types.json", &doc)
	s := mustLoadZed(t)
	if !slices.Equal(s.ResourceTypes(), sortedKeys(doc.Types)) {
		t.Fatalf("type names differ from Heat's: %d vs %d", len(s.ResourceTypes()), len(doc.Types))
	}
	if len(doc.Types) != 200 {
		t.Errorf("Heat has %d types, want 200", len(doc.Types))
	}
	for name, w := range doc.Types {
		rt, ok := s.ResourceType(name)
		if !ok || rt.Name != name {
			t.Errorf("%s: lookup failed", name)
			continue
		}
		if err := rt.DecodeError(); err != nil {
			t.Errorf("%s: %v", name, err)
		}
		visible := map[string]*Property{}
		for _, n := range rt.PropertyNames() {
			visible[n], _ = rt.Property(n)
		}
		compareProps(t, name, visible, w.Properties, nil)
		for n, hp := range w.Oracle.HiddenProperties {
			p, ok := rt.Property(n)
			if !ok || !p.Hidden || p.Type != hp.Type {
				t.Errorf("%s: hidden property %s not accepted as hidden", name, n)
			}
		}
		if !slices.Equal(rt.AttributeNames(), sortedKeys(w.Attributes)) {
			t.Errorf("%s: attributes %v, Heat has %v", name, rt.AttributeNames(), sortedKeys(w.Attributes))
		}
		for n := range w.Oracle.HiddenAttributes {
			if a, ok := rt.Attribute(n); !ok || !a.Hidden {
				t.Errorf("%s: hidden attribute %s not accepted as hidden", name, n)
			}
		}
		if rt.Hidden() != !w.Oracle.APIVisible {
			t.Errorf("%s: Hidden() = %v", name, rt.Hidden())
		}
		if string(rt.Support.Status) != w.SupportStatus.Status || rt.Support.Version != w.SupportStatus.Version {
			t.Errorf("%s: support %v, Heat has %v", name, rt.Support, w.SupportStatus)
		}
		if rt.RegistryKind != w.Oracle.RegistryKind {
			t.Errorf("%s: registry kind %s", name, rt.RegistryKind)
		}
	}
}

func TestTypeLookup(t *testing.T) {
	s := mustLoadZed(t)
	tests := []struct{ name, want string }{
		{"OS::Nova::Server", "OS::Nova::Server"},
		{"OS::Ceilometer::Alarm", "OS::Aodh::Alarm"},
		{"OS::Metering::Alarm", "OS::Aodh::Alarm"},
		{"OS::Ceilometer::GnocchiResourcesAlarm", "OS::Aodh::GnocchiResourcesAlarm"},
		{"OS::Quantum::Net", "OS::Neutron::Net"},
		{"OS::Quantum::LBaaS::Pool", "OS::Neutron::LBaaS::Pool"},
		{"OS::Quantum::Nope", ""},
		{"OS::Nova::Servr", ""},
		{"os::nova::server", ""},
		{"", ""},
	}
	for _, tt := range tests {
		rt, ok := s.ResourceType(tt.name)
		got := ""
		if ok {
			got = rt.Name
		}
		if got != tt.want {
			t.Errorf("ResourceType(%q) = %q, want %q", tt.name, got, tt.want)
		}
	}
	if target, ok := s.AliasTarget("OS::Quantum::Port"); !ok || target != "OS::Neutron::Port" {
		t.Errorf("AliasTarget = %q %v", target, ok)
	}
	for _, ns := range []string{"OS::Nova", "AWS::EC2", "OS::Neutron::LBaaS", "OS::Quantum", "OS::Ceilometer"} {
		if !s.HasNamespace(ns) {
			t.Errorf("namespace %s unknown", ns)
		}
	}
	if s.HasNamespace("My::Company") || s.HasNamespace("OS") {
		t.Error("made-up namespace reported as known")
	}
	if !sort.StringsAreSorted(s.Namespaces()) || !sort.StringsAreSorted(s.ResourceTypes()) {
		t.Error("lists must be sorted")
	}
	if got := s.NearestResourceTypes("OS::Nova::Servr", 1, 3); !slices.Equal(got, []string{"OS::Nova::Server"}) {
		t.Errorf("NearestResourceTypes = %v", got)
	}
}

func TestTypeDetails(t *testing.T) {
	s := mustLoadZed(t)
	server, _ := s.ResourceType("OS::Nova::Server")
	if !server.SnapshotDeletion || server.DynamicAttributes || server.Deprecated() {
		t.Error("OS::Nova::Server flags wrong")
	}
	if p, ok := server.PropertyAt("block_device_mapping_v2.*.disk_bus"); !ok || len(p.Constraints) != 1 || p.Constraints[0].Kind != ConstraintAllowedValues || !slices.Contains(p.Constraints[0].AllowedValues, any("virtio")) {
		t.Errorf("disk_bus constraint wrong: %+v", p)
	}
	if p, ok := server.PropertyAt("networks.0.uuid"); !ok || !p.Hidden {
		t.Error("networks.*.uuid should be a hidden nested property")
	}
	if p, _ := server.Property("flavor"); !p.Required || !p.UpdateAllowed || p.Constraints[0].Custom != "nova.flavor" {
		t.Errorf("flavor wrong: %+v", p)
	}
	if a, ok := server.Attribute("first_address"); !ok || !a.Hidden {
		t.Error("first_address should be a hidden attribute")
	}
	if slices.Contains(server.AttributeNames(), "first_address") {
		t.Error("hidden attribute listed as visible")
	}
	if st, ok := server.PropertySupport("tags"); !ok || st.Version != "8.0.0" {
		t.Errorf("tags support = %+v", st)
	}
	port, _ := s.ResourceType("OS::Neutron::Port")
	if st, _ := port.PropertySupport("fixed_ips.*.subnet_id"); st == nil || st.Status != StatusHidden {
		t.Error("fixed_ips.*.subnet_id should be hidden")
	}
	if p, ok := port.Property("network_id"); !ok || !p.Hidden {
		t.Error("network_id should be accepted as hidden")
	}
	if slices.Contains(port.PropertyNames(), "network_id") {
		t.Error("hidden property listed as visible")
	}
	rg, _ := s.ResourceType("OS::Heat::ResourceGroup")
	if !rg.DynamicAttributes || len(rg.UpdatePolicy()) == 0 {
		t.Error("ResourceGroup: dynamic attributes and update policy expected")
	}
	if p := rg.UpdatePolicy()["batch_create"]; p == nil || p.Fields["max_batch_size"] == nil || p.Fields["max_batch_size"].Default != float64(1) {
		t.Error("ResourceGroup update policy batch_create.max_batch_size default 1 expected")
	}
	if p, _ := rg.Property("count"); !p.HasDefault || p.Default != float64(1) || p.Constraints[0].Kind != ConstraintRange || *p.Constraints[0].Min != 0 {
		t.Errorf("ResourceGroup count wrong: %+v", p)
	}
	// A chain answers get_attr for any name with its members' values
	// (TripleO reads [ServiceChain, role_data]).
	if chain, _ := s.ResourceType("OS::Heat::ResourceChain"); !chain.DynamicAttributes {
		t.Error("ResourceChain: dynamic attributes expected")
	}
	none, _ := s.ResourceType("OS::Heat::None")
	if !none.AcceptsAnyProperties || !none.DynamicAttributes {
		t.Error("OS::Heat::None accepts anything")
	}
	alarm, _ := s.ResourceType("AWS::CloudWatch::Alarm")
	if alarm.RegistryKind != "template" || alarm.TemplateURL == "" || !alarm.DynamicAttributes {
		t.Error("AWS::CloudWatch::Alarm is template-backed")
	}
	aodh, _ := s.ResourceType("OS::Aodh::Alarm")
	if !aodh.Deprecated() || aodh.Since() != "2014.1" {
		t.Errorf("OS::Aodh::Alarm: deprecated %v since %s", aodh.Deprecated(), aodh.Since())
	}
	pc, _ := s.ResourceType("OS::Neutron::PortChain")
	if !pc.Unsupported() || pc.RequiredServiceExtension != "sfc" {
		t.Errorf("PortChain: unsupported %v ext %q", pc.Unsupported(), pc.RequiredServiceExtension)
	}
	hidden := 0
	for _, n := range s.ResourceTypes() {
		if rt, _ := s.ResourceType(n); rt.Hidden() {
			hidden++
		}
	}
	if hidden != 15 {
		t.Errorf("%d hidden types, want 15", hidden)
	}
}
