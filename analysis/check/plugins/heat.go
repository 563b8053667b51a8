package plugins

import (
	"regexp"
	"strconv"

	"heat-ls/analysis/check/values"
	"heat-ls/analysis/rules"
	"heat-ls/analysis/syntax"
)

// heatChecks are the checks of Heat's own resource plugins' validate()
// beyond their property schemas (group sizes and launch configurations
// are in their own files).
func heatChecks() map[string][]pluginCheck {
	return map[string][]pluginCheck{
		"OS::Heat::SoftwareComponent":        {softwareComponentActions},
		"OS::Heat::AccessPolicy":             {accessPolicyResources},
		"OS::Heat::ScalingPolicy":            {onlyWith(isSet("min_adjustment_step"), "adjustment_type", "percent_change_in_capacity")},
		"AWS::AutoScaling::ScalingPolicy":    {onlyWith(isSet("MinAdjustmentStep"), "AdjustmentType", "PercentChangeInCapacity")},
		"OS::Heat::InstanceGroup":            {pauseTime("RollingUpdate")},
		"AWS::AutoScaling::AutoScalingGroup": {pauseTime("AutoScalingRollingUpdate")},
	}
}

// softwareComponentActions: each action (CREATE, UPDATE...) has one
// config at most; a config without actions runs on CREATE and UPDATE.
func softwareComponentActions(pc pluginCtx) {
	seen := map[string]bool{}
	for _, c := range literalMappings(pc.props, "configs") {
		actions := []string{"CREATE", "UPDATE"}
		at := c
		if pr := c.Lookup("actions"); pr.Key != nil {
			list := pr.Value.Resolve()
			if !list.IsSequence() {
				return // a function or a null: not judged
			}
			actions, at = nil, pr.Key
			for _, it := range list.Items() {
				v := it.Resolve()
				if !v.IsScalar() || v.IsNull() {
					return
				}
				actions = append(actions, v.Value)
			}
		} else if mergesKeys(c) {
			return
		}
		for _, a := range actions {
			if seen[a] {
				pc.p.Reportf(at.Span(), rules.ResourcePropertyValue,
					"Two configs of this component run on %s; Heat refuses more than one config per action at stack create.", a)
				return
			}
		}
		for _, a := range actions {
			seen[a] = true
		}
	}
}

// accessPolicyResources: each name in AllowedResources is a resource of
// the stack (judged on names no resource of the template has).
func accessPolicyResources(pc pluginCtx) {
	if pc.member != nil {
		return
	}
	items, ok := literalList(pc.props, "AllowedResources")
	if !ok {
		return
	}
	for _, it := range items {
		v := it.Resolve()
		if v == nil || !v.IsScalar() || v.IsNull() || values.IsFunctionCall(v) || pc.p.OtherResource(v.Value) != nil {
			continue
		}
		pc.p.Reportf(v.Span(), rules.ResourcePropertyValue,
			"The stack has no resource %s; Heat refuses the access policy at stack create.", strconv.Quote(v.Value))
	}
}

// isoDuration is the one duration form Heat reads: PT#H#M#S.
var isoDuration = regexp.MustCompile(`^PT(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?$`)

// pauseTime: an instance group's rolling update pauses for a duration
// written PT#H#M#S, at most one hour (policy is the update_policy key:
// RollingUpdate, or AutoScalingRollingUpdate for the AWS group).
func pauseTime(policy string) pluginCheck {
	return func(pc pluginCtx) {
		if pc.member != nil {
			return
		}
		v := literalPath(pc.r.Field("update_policy").Value, policy, "PauseTime")
		if v == nil {
			return
		}
		m := isoDuration.FindStringSubmatch(v.Value)
		if m == nil {
			pc.p.Reportf(v.Span(), rules.ResourcePropertyValue,
				"Heat reads a PauseTime written PT#H#M#S only (hours, minutes, seconds); it refuses %s at stack create.", strconv.Quote(v.Value))
			return
		}
		secs := 0
		for i, unit := range []int{3600, 60, 1} {
			if m[i+1] != "" {
				n, err := strconv.Atoi(m[i+1])
				if err != nil || n > 1<<20 {
					secs = 1 << 30
					break
				}
				secs += n * unit
			}
		}
		if secs > 3600 {
			pc.p.Reportf(v.Span(), rules.ResourcePropertyValue,
				"A rolling update pauses one hour at most; Heat refuses %s at stack create.", v.Value)
		}
	}
}

// literalPath follows literal mapping keys from n to a literal scalar
// that is no function call; nil when anything on the way is unknown.
func literalPath(n *syntax.Node, keys ...string) *syntax.Node {
	for _, k := range keys {
		m := n.Resolve()
		if m == nil || !m.IsMapping() {
			return nil
		}
		pr := m.Lookup(k)
		if pr.Key == nil {
			return nil
		}
		n = pr.Value
	}
	v := n.Resolve()
	if v == nil || !v.IsScalar() || v.IsNull() {
		return nil
	}
	return v
}
