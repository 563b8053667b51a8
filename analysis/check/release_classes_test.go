package check

import (
	"os"
	"path/filepath"
	"testing"

	"heat-ls/schema/refdata"
)

// TestReleaseDifferenceClassesHaveCases names, for every kind of change
// between Heat releases that heat-ls follows, the recorded case in
// testdata/release-cases that holds Heat's verdict from each release for
// it (TestReleaseCases replays them), so none can go missing unnoticed.
func TestReleaseDifferenceClassesHaveCases(t *testing.T) {
	root, ok := refdata.ModuleRoot()
	if !ok {
		t.Fatal("no module root")
	}
	classes := []struct{ class, kase string }{
		{"type a release lacks: OS::Aodh::PrometheusAlarm (2024.1)", "type-prometheus-alarm"},
		{"type a release lacks: OS::Octavia::AvailabilityZone and ...Profile (2025.1)", "type-octavia-availability-zone"},
		{"no-op stub: LBaaS v1", "stub-lbaas-v1"},
		{"no-op stub: LBaaS v2", "stub-lbaas-v2"},
		{"no-op stub: OS::Glance::Image", "stub-glance-image"},
		{"no-op stub: Sahara", "stub-sahara-cluster"},
		{"no-op stub: Senlin, whose properties are then not checked", "stub-senlin-cluster-bad-property"},
		{"no-op stub: Monasca", "stub-monasca-notification"},
		{"no-op stub: Vitrage", "stub-vitrage-template"},
		{"new property: Router tenant_id", "prop-router-tenant-id"},
		{"new property: ProviderNet tenant_id", "prop-providernet-tenant-id"},
		{"new allowed value: server block device disk_bus sata", "prop-server-disk-bus-sata"},
		{"new nested property: block_device_mapping_v2 volume_type", "prop-server-volume-type"},
		{"new property: SecurityGroup stateful", "prop-security-group-stateful"},
		{"newly required: Octavia Listener loadbalancer", "prop-octavia-listener-no-loadbalancer"},
		{"newly required: Octavia Listener with only default_pool", "listener-default-pool-only"},
		{"custom constraint added: json_string (non-JSON flavor_data)", "flavor-data-not-json"},
		{"custom constraint added: json_string on a parameter", "constraint-json-string"},
		{"custom constraint removed: sahara.*", "constraint-sahara-image"},
		{"custom constraint removed: senlin.*", "constraint-senlin-profile"},
		{"custom constraint removed: monasca.*", "constraint-monasca-notification"},
		{"custom constraint removed: neutron.lb.provider (LBaaS v1)", "constraint-neutron-lb-provider"},
		{"plugin validate(): physical_network on a vxlan ProviderNet", "providernet-vxlan-physical-network"},
		{"plugin validate(): segmentation_id on a vxlan ProviderNet", "providernet-vxlan-segmentation-id"},
		{"plugin validate(): Subnet gateway_ip auto", "subnet-gateway-auto"},
		{"plugin validate(): Manila nova_network", "prop-manila-nova-network"},
		{"allowed values fixed: SecurityGroup rule protocol any", "security-group-rule-protocol-any"},
	}
	for _, c := range classes {
		dir := filepath.Join(root, "testdata", "release-cases", c.kase)
		for _, f := range []string{"template.yaml", "heat-releases.json", "expect.txt"} {
			if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
				t.Errorf("%s: case %s lacks %s", c.class, c.kase, f)
			}
		}
	}
}
