package plugins

import (
	"heat-ls/analysis/rules"
)

// awsChecks are the checks of the AWS-compatible plugins' validate()
// beyond their property schemas (launch configurations and group sizes
// are in their own files).
func awsChecks() map[string][]pluginCheck {
	return map[string][]pluginCheck{
		"AWS::AutoScaling::AutoScalingGroup": {
			conflict(truthy("InstanceId"), truthy("LaunchConfigurationName")),
			oneOf(truthy("InstanceId"), truthy("LaunchConfigurationName")),
			oneZone,
		},
		"AWS::EC2::EIPAssociation": {
			conflict(truthy("EIP"), truthy("AllocationId")),
			oneOf(truthy("EIP"), truthy("AllocationId")),
			requires(truthy("EIP"), truthy("InstanceId")),
			oneOf(truthy("InstanceId"), truthy("NetworkInterfaceId")),
		},
		"AWS::EC2::Instance": {
			conflict(truthy("SecurityGroups"), truthy("NetworkInterfaces")),
			conflict(truthy("SecurityGroupIds"), truthy("NetworkInterfaces")),
			launchConfigBlockDevices,
		},
		"AWS::ElasticLoadBalancing::LoadBalancer": {healthCheckInterval},
	}
}

// healthCheckInterval: a load balancer's health check interval is not
// below its timeout. The plugin returns its finding instead of raising
// it, and stack validation raises what it returns.
func healthCheckInterval(pc pluginCtx) {
	hc := pc.props.Get("HealthCheck").Resolve()
	if hc == nil || !hc.IsMapping() {
		return
	}
	interval, timeout := scalarOf(hc, "Interval", nil), scalarOf(hc, "Timeout", nil)
	i, okI := interval.number()
	t, okT := timeout.number()
	if okI && okT && i < t {
		pc.p.Reportf(pc.at(interval).Span(), rules.ResourcePropertyValue,
			"The health check Interval %s is below its Timeout %s; Heat refuses the load balancer at stack create.", interval.text, timeout.text)
	}
}

// oneZone: an AWS scaling group's VPCZoneIdentifier, when given, lists
// exactly one subnet.
func oneZone(pc pluginCtx) {
	items, ok := literalList(pc.props, "VPCZoneIdentifier")
	if !ok || len(items) <= 1 {
		return
	}
	pc.p.Reportf(pc.props.Lookup("VPCZoneIdentifier").Key.Span(), rules.ResourcePropertyValue,
		"Heat takes one subnet in VPCZoneIdentifier, not %d; it refuses the group at stack create.", len(items))
}
