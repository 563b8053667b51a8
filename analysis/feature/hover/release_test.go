package hover

import (
	"strings"
	"testing"

	"heat-ls/analysis/hot"
	"heat-ls/schema"
)

const releaseTemplate = `heat_template_version: 2021-04-16
resources:
  lb:
    type: OS::Neutron::LBaaS::LoadBalancer
    properties:
      vip_subnet: private
  server:
    type: OS::Nova::Server
    properties:
      flavor: m1.small
      block_device_mapping_v2:
        - volume_type: ssd
  zone:
    type: OS::Octavia::AvailabilityZone
  net:
    type: `

// Hover speaks for the release heat-ls judges for: a type's and a
// property's history across releases and the judged release.
func TestReleaseHover(t *testing.T) {
	load := func(name string) *schema.Schema {
		s, err := schema.LoadRelease(name)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	doc := hot.Parse([]byte(releaseTemplate))
	hover := func(s *schema.Schema, marker string) string {
		at := strings.Index(releaseTemplate, marker)
		h, ok := Hover(doc, s, at+2, true)
		if !ok {
			t.Fatalf("no hover at %q", marker)
		}
		return h.Text
	}
	newest, zed := load("2026.1"), load("2022.2")
	for _, tc := range []struct {
		s      *schema.Schema
		marker string
		want   []string
	}{
		{newest, "OS::Neutron::LBaaS", []string{"Does nothing from 2024.1 on", "every attribute reads null", "2023.2: hidden", "2024.1: does nothing", "Judged for", "Heat 26 (OpenStack 2026.1 Gazpacho)"}},
		{zed, "OS::Neutron::LBaaS", []string{"2022.2: available", "Judged for", "Heat 19 (OpenStack 2022.2 Zed)"}},
		{newest, "volume_type", []string{"since 2026.1"}},
		{newest, "vip_subnet", []string{"Ignored: from 2024.1 on", "accepts any property"}},
		{zed, "OS::Octavia::Avail", []string{"Arrives in Heat 24 (OpenStack 2025.1 Epoxy)", "Heat 19 (OpenStack 2022.2 Zed)"}},
		{newest, "OS::Octavia::Avail", []string{"2022.2: not there yet", "2025.1: available"}},
	} {
		got := hover(tc.s, tc.marker)
		for _, w := range tc.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s hover on %s lacks %q:\n%s", tc.s.Release().Name, tc.marker, w, got)
			}
		}
	}
	if got := hover(zed, "OS::Neutron::LBaaS"); strings.Contains(got, "Does nothing") {
		t.Errorf("on 2022.2 LBaaS types work; hover says otherwise:\n%s", got)
	}
}
