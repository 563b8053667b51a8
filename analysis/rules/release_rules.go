package rules

import "heat-ls/analysis/source"

// Rule ids: Checks that depend on the Heat release heat-ls judges for (testdata/release-cases).
const (
	ResourceTypeTooNew               = "resource-type-too-new"
	ResourceTypeNoOp                 = "resource-type-no-op"
	ParameterCustomConstraintRemoved = "parameter-custom-constraint-removed"
	ParameterCustomConstraintTooNew  = "parameter-custom-constraint-too-new"
	ProviderNetSegmentationId        = "provider-net-segmentation-id"
	ProviderNetPhysicalNetwork       = "provider-net-physical-network"
	SubnetGatewayIpInvalid           = "subnet-gateway-ip-invalid"
	OctaviaListenerTargetMissing     = "octavia-listener-target-missing"
	ManilaNovaNetworkRemoved         = "manila-nova-network-removed"
)

func releaseRules() []Rule {
	return []Rule{
		{ID: ResourceTypeTooNew, Severity: source.SeverityError, Phase: Validate, Summary: "a type the target release lacks; a later release adds it", Contexts: []Context{{Where: LeftOutResource, Severity: source.SeverityWarning, Phase: None}}},
		{ID: ResourceTypeNoOp, Severity: source.SeverityWarning, Phase: None, Summary: "a type the target release turned into a stub: accepted, creates nothing"},
		{ID: ParameterCustomConstraintRemoved, Severity: source.SeverityError, Phase: Create, Summary: "a custom constraint the target release no longer registers"},
		{ID: ParameterCustomConstraintTooNew, Severity: source.SeverityError, Phase: Create, Summary: "a custom constraint only a later release registers"},
		{ID: ProviderNetSegmentationId, Severity: source.SeverityError, Phase: Create, Summary: "segmentation_id with a network_type the release's ProviderNet refuses it for", Contexts: []Context{{Where: LeftOutResource, Severity: source.SeverityWarning, Phase: None}}},
		{ID: ProviderNetPhysicalNetwork, Severity: source.SeverityError, Phase: Create, Summary: "physical_network with vxlan, gre, geneve or local (from 2025.1)", Contexts: []Context{{Where: LeftOutResource, Severity: source.SeverityWarning, Phase: None}}},
		{ID: SubnetGatewayIpInvalid, Severity: source.SeverityError, Phase: Create, Summary: "a gateway_ip that is no IP address (\"auto\" only from 2026.1)", Contexts: []Context{{Where: LeftOutResource, Severity: source.SeverityWarning, Phase: None}}},
		{ID: OctaviaListenerTargetMissing, Severity: source.SeverityError, Phase: Create, Summary: "an Octavia listener with neither loadbalancer nor default_pool (before 2024.1)", Contexts: []Context{{Where: LeftOutResource, Severity: source.SeverityWarning, Phase: None}}},
		{ID: ManilaNovaNetworkRemoved, Severity: source.SeverityError, Phase: Create, Summary: "nova_network on a Manila share network (from 2024.2)", Contexts: []Context{{Where: LeftOutResource, Severity: source.SeverityWarning, Phase: None}}},
	}
}
