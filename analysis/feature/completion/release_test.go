package completion

import (
	"slices"
	"testing"

	"heat-ls/analysis/hot"
	"heat-ls/schema"
)

const releaseTemplate = `heat_template_version: 2021-04-16
resources:
  lb:
    type: OS::Neutron::LBaaS::LoadBalancer
  net:
    type: `

// Completion offers the types of the release heat-ls judges for.
func TestReleaseCompletion(t *testing.T) {
	load := func(name string) *schema.Schema {
		s, err := schema.LoadRelease(name)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	doc := hot.Parse([]byte(releaseTemplate))
	newest, zed := load("2026.1"), load("2022.2")
	complete := func(s *schema.Schema) []string {
		return completionLabels(Complete(Request{Doc: doc, LastGood: doc, Offset: len(releaseTemplate), Schema: s}))
	}
	onZed, onNewest := complete(zed), complete(newest)
	for _, c := range []struct {
		labels []string
		name   string
		want   bool
	}{
		{onZed, "OS::Neutron::LBaaS::LoadBalancer", true},
		{onZed, "OS::Aodh::PrometheusAlarm", false},
		{onNewest, "OS::Neutron::LBaaS::LoadBalancer", false},
		{onNewest, "OS::Aodh::PrometheusAlarm", true},
		{onNewest, "OS::Octavia::AvailabilityZone", true},
	} {
		if slices.Contains(c.labels, c.name) != c.want {
			t.Errorf("completion offers %s: %v, want %v", c.name, !c.want, c.want)
		}
	}
}

// Custom constraint names offered are those of the judged release.
func TestCustomConstraintCompletion(t *testing.T) {
	text := "heat_template_version: 2021-04-16\nparameters:\n  p:\n    type: string\n    constraints:\n      - custom_constraint: "
	doc := hot.Parse([]byte(text))
	for _, tc := range []struct {
		release     string
		has, hasNot string
	}{
		{"2022.2", "sahara.image", "json_string"},
		{"2026.1", "json_string", "sahara.image"},
	} {
		s, err := schema.LoadRelease(tc.release)
		if err != nil {
			t.Fatal(err)
		}
		got := completionLabels(Complete(Request{Doc: doc, LastGood: doc, Offset: len(text), Schema: s}))
		if !slices.Contains(got, tc.has) || slices.Contains(got, tc.hasNot) || !slices.Contains(got, "nova.flavor") {
			t.Errorf("%s: custom constraints offered %v; want %s and nova.flavor, not %s", tc.release, got, tc.has, tc.hasNot)
		}
	}
}
