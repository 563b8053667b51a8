package schema

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"heat-ls/schema/internal/wire"
)

// dumpFile names the shared dump of each release.
var dumpFile = map[string]string{
	"2022.2": "19.0.0", "2023.1": "2023.1", "2023.2": "2023.2", "2024.1": "2024.1", "2024.2": "2024.2",
	"2025.1": "2025.1", "2025.2": "2025.2", "2026.1": "2026.1", "2026.2": "master",
}

// releaseDumpType is one type of a release dump, in the generator's input shape.
type releaseDumpType struct {
	Properties    map[string]*wire.Property  `json:"properties"`
	Attributes    map[string]*wire.Attribute `json:"attributes"`
	SupportStatus *wire.Support              `json:"support_status"`
	Oracle        struct {
		APIVisible       bool                       `json:"api_visible"`
		NoneResource     bool                       `json:"none_resource"`
		RegistryKind     string                     `json:"registry_kind"`
		HiddenProperties map[string]*wire.Property  `json:"hidden_properties"`
		HiddenAttributes map[string]*wire.Attribute `json:"hidden_attributes"`
		PropertySupport  map[string]*wire.Support   `json:"property_support_status"`
		AttributeSupport map[string]*wire.Support   `json:"attribute_support_status"`
		UpdatePolicy     map[string]*wire.Property  `json:"update_policy_schema"`
	} `json:"x_oracle"`
}

// Every release's embedded facts must equal that release's dump in
// ../shared/heat/releases: the same types, each with the same status,
// stub flag, properties, attributes and update policy.
func TestReleaseFactsEqualSharedDumps(t *testing.T) {
	dir := filepath.Join(sharedDir(t), "heat", "releases")
	rels := Releases()
	if len(rels) != len(dumpFile) {
		t.Fatalf("%d releases embedded, %d dumps known", len(rels), len(dumpFile))
	}
	for _, rel := range rels {
		raw, err := os.ReadFile(filepath.Join(dir, dumpFile[rel.Name]+".json"))
		if err != nil {
			t.Fatal(err)
		}
		var dump struct {
			HeatVersion string                      `json:"heat_version"`
			Types       map[string]*releaseDumpType `json:"types"`
		}
		if err := json.Unmarshal(raw, &dump); err != nil {
			t.Fatal(err)
		}
		s, err := LoadRelease(rel.Name)
		if err != nil {
			t.Fatal(err)
		}
		if s.Release().HeatVersion != dump.HeatVersion {
			t.Errorf("%s: Heat version %s, dump says %s", rel.Name, s.Release().HeatVersion, dump.HeatVersion)
		}
		if len(s.ResourceTypes()) != len(dump.Types) {
			t.Errorf("%s: %d types embedded, the dump has %d", rel.Name, len(s.ResourceTypes()), len(dump.Types))
		}
		for name, want := range dump.Types {
			rt, ok := s.ResourceType(name)
			if !ok || rt.Name != name {
				t.Errorf("%s: %s missing", rel.Name, name)
				continue
			}
			if rt.NoOp != want.Oracle.NoneResource || rt.APIVisible != want.Oracle.APIVisible || rt.RegistryKind != want.Oracle.RegistryKind {
				t.Errorf("%s: %s: no-op %v visible %v kind %q; the dump says %v %v %q", rel.Name, name,
					rt.NoOp, rt.APIVisible, rt.RegistryKind, want.Oracle.NoneResource, want.Oracle.APIVisible, want.Oracle.RegistryKind)
			}
			if !reflect.DeepEqual(rt.Support, convertSupport(want.SupportStatus)) {
				t.Errorf("%s: %s: support status differs from the dump", rel.Name, name)
			}
			wb := buildBody(&wire.Body{
				Properties: want.Properties, Attributes: want.Attributes,
				HiddenProperties: want.Oracle.HiddenProperties, HiddenAttributes: want.Oracle.HiddenAttributes,
				PropertySupport: want.Oracle.PropertySupport, AttributeSupport: want.Oracle.AttributeSupport,
				UpdatePolicy: want.Oracle.UpdatePolicy,
			}, &typeBody{})
			if !reflect.DeepEqual(rt.Properties(), wb.props) {
				t.Errorf("%s: %s: properties differ from the dump", rel.Name, name)
			}
			if !reflect.DeepEqual(rt.Attributes(), wb.attrs) {
				t.Errorf("%s: %s: attributes differ from the dump", rel.Name, name)
			}
			if !reflect.DeepEqual(rt.UpdatePolicy(), wb.updatePolicy) {
				t.Errorf("%s: %s: update policy differs from the dump", rel.Name, name)
			}
			// Every custom constraint a property uses is registered in
			// that release (constraints.txt agrees with the dumps).
			for _, p := range rt.Properties() {
				for _, c := range customNamesOf(p, 0) {
					if !s.HasCustomConstraint(c) {
						t.Errorf("%s: %s uses custom constraint %s, not registered in that release", rel.Name, name, c)
					}
				}
			}
		}
	}
}

func customNamesOf(p *Property, depth int) []string {
	if p == nil || depth > 8 {
		return nil
	}
	var out []string
	for _, c := range p.Constraints {
		if c.Kind == ConstraintCustom {
			out = append(out, c.Custom)
		}
	}
	out = append(out, customNamesOf(p.Item, depth+1)...)
	for _, f := range p.Fields {
		out = append(out, customNamesOf(f, depth+1)...)
	}
	return out
}

func TestParseRelease(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"2025.1", "2025.1"}, {"epoxy", "2025.1"}, {"Epoxy", "2025.1"}, {"24", "2025.1"},
		{" 2026.1 ", "2026.1"}, {"GAZPACHO", "2026.1"}, {"19", "2022.2"}, {"zed", "2022.2"},
		{"master", "2026.2"}, {"27", "2026.2"}, {"2026.2", "2026.2"},
	} {
		r, err := ParseRelease(tc.in)
		if err != nil || r.Name != tc.want {
			t.Errorf("ParseRelease(%q) = %v, %v; want %s", tc.in, r, err, tc.want)
		}
	}
	for _, bad := range []string{"", "2025.3", "18", "wallaby", "latest"} {
		_, err := ParseRelease(bad)
		if err == nil || !strings.Contains(err.Error(), "2025.1 (epoxy, 24)") {
			t.Errorf("ParseRelease(%q): want an error naming the accepted values, got %v", bad, err)
		}
	}
	if DefaultRelease() != "2026.1" {
		t.Errorf("default release %s, want the newest stable one, 2026.1", DefaultRelease())
	}
	if s := mustLoad(t); s.Release().Name != DefaultRelease() {
		t.Errorf("Load gives %s, want the default release", s.Release().Name)
	}
}

func TestReleaseHistory(t *testing.T) {
	s := mustLoad(t)
	zed, err := LoadRelease("2022.2")
	if err != nil {
		t.Fatal(err)
	}
	if r, ok := zed.TypeArrival("OS::Octavia::AvailabilityZone"); !ok || r.Name != "2025.1" {
		t.Errorf("arrival of OS::Octavia::AvailabilityZone = %v %v, want 2025.1", r, ok)
	}
	if _, ok := s.TypeArrival("OS::Nova::Server"); ok {
		t.Error("a type the release has has no arrival")
	}
	if r, ok := s.NoOpSince("OS::Neutron::LBaaS::LoadBalancer"); !ok || r.Name != "2024.1" {
		t.Errorf("LBaaS LoadBalancer stub since %v %v, want 2024.1", r, ok)
	}
	if _, ok := zed.NoOpSince("OS::Neutron::LBaaS::LoadBalancer"); ok {
		t.Error("LBaaS types work on 2022.2")
	}
	if r, ok := s.NoOpSince("OS::Heat::None"); !ok || r.Name != "2022.2" {
		t.Errorf("OS::Heat::None is a no-op in every release; got %v %v", r, ok)
	}
	got := s.PropertyHistory("OS::Nova::Server", "block_device_mapping_v2.*.volume_type")
	if len(got) != 1 || got[0].Release.Name != "2026.1" || got[0].What != "added" {
		t.Errorf("volume_type history = %+v, want added in 2026.1", got)
	}
	got = s.PropertyHistory("OS::Octavia::Listener", "loadbalancer")
	if len(got) != 1 || got[0].Release.Name != "2024.1" || got[0].What != "now required" {
		t.Errorf("Listener loadbalancer history = %+v, want now required in 2024.1", got)
	}
	if !s.AtLeast("2025.1") || s.AtLeast("2026.2") || zed.AtLeast("2023.1") || s.AtLeast("no-such") {
		t.Error("AtLeast compares releases wrongly")
	}
	if zed.HasCustomConstraint("json_string") || !s.HasCustomConstraint("json_string") || s.HasCustomConstraint("sahara.image") {
		t.Error("custom constraints do not follow the release")
	}
}

func TestReleaseOf(t *testing.T) {
	tests := []struct {
		heat, want string
	}{
		{"19.0.0", "Heat 19 (OpenStack 2022.2 Zed)"},
		{"22.1.0", "Heat 22 (OpenStack 2024.1 Caracal)"},
		{"27.0.0.dev3", "Heat 27 (OpenStack 2026.2, in development)"},
		{"9.0.0", "Heat 9.0.0"},   // older than any release heat-ls has facts for
		{"99.0.0", "Heat 99.0.0"}, // newer
		{"master", "Heat master"}, // not a number
	}
	for _, tc := range tests {
		if got := ReleaseOf(tc.heat).String(); got != tc.want {
			t.Errorf("ReleaseOf(%q) = %q, want %q", tc.heat, got, tc.want)
		}
	}
}

// TestDataReleaseMatchesLoad: the release heat-ls version names is the one
// Load judges for.
func TestDataReleaseMatchesLoad(t *testing.T) {
	r := DataRelease()
	if s := mustLoad(t); r != *s.Release() || r.Name != DefaultRelease() {
		t.Fatalf("DataRelease says %v, Load judges for %v (default %s)", r, s.Release(), DefaultRelease())
	}
	if r.Codename == "" {
		t.Fatalf("the default release %s has no name", r.Name)
	}
}
