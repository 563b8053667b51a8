package plugins

import (
	"strings"

	"heat-ls/analysis/check/pass"
	"heat-ls/analysis/check/resources"
	"heat-ls/analysis/check/values"
	"heat-ls/analysis/rules"
	"heat-ls/analysis/syntax"
)

// launchConfigSource: an AWS launch configuration copies an existing
// instance (InstanceId) or names both ImageId and InstanceType; Heat's
// plugin refuses it at stack create otherwise. A value Heat reads as
// empty (empty text, or a get_param whose path finds nothing) counts as
// missing, as the plugin tests the values for truth.
func launchConfigSource(pc pluginCtx) {
	if resources.MergesOtherKeys(pc.props) || truthyProperty(pc, "InstanceId") {
		return
	}
	var missing []string
	for _, n := range []string{"ImageId", "InstanceType"} {
		if !truthyProperty(pc, n) {
			missing = append(missing, n)
		}
	}
	if len(missing) == 0 {
		return
	}
	at := pc.anchor()
	if pr := pc.props.Lookup(missing[0]); pr.Key != nil {
		at = pr.Key
	}
	pc.p.Reportf(at.Span(), rules.ResourcePropertyConflict,
		"A launch configuration without `InstanceId` needs `ImageId` and `InstanceType`; `%s` %s, so Heat refuses it at stack create.",
		strings.Join(missing, "` and `"), pass.Plural(len(missing), "is missing or empty", "are missing or empty"))
}

// truthyProperty reports whether a property may hold a value Python takes
// for true: given, and neither null, false, empty text nor a get_param
// that certainly gives empty text. Other calls may give anything.
func truthyProperty(pc pluginCtx, name string) bool { return truthyIn(pc.p, pc.props, name) }

// truthyIn is truthyProperty for the key name of any mapping m.
func truthyIn(p *pass.Pass, m *syntax.Node, name string) bool {
	pr := m.Lookup(name)
	if pr.Key == nil {
		return false
	}
	v := pr.Value.Resolve()
	switch {
	case v == nil || v.IsNull():
		return false
	case values.IsFunctionCall(v):
		rc := resources.NewChecker(p, nil, nil)
		_, _, empty := rc.EmptyFromParamPath(v)
		return !empty
	case v.IsScalar():
		if b, isBool := values.YamlBool(v); isBool {
			return b
		}
		return v.Value != ""
	}
	return true
}

// launchConfigBlockDevices: Heat's launch configuration (and its
// AWS::EC2::Instance) builds each block device from a volume snapshot, so
// its plugin refuses at stack create an
// entry of BlockDeviceMappings without `Ebs`, and one whose `Ebs` has no
// `SnapshotId` Python takes for true. An `Ebs` written empty counts as
// given (the property layer fills in its defaults), so only its snapshot
// is missing then (hc/launch-config-bdm-without-ebs,
// hc/launch-config-bdm-ebs-empty, hc/launch-config-bdm-snapshot-ok). An
// entry or an `Ebs` made by a function, or merging other keys, is not
// judged.
func launchConfigBlockDevices(pc pluginCtx) {
	pr := pc.props.Lookup("BlockDeviceMappings")
	if pr.Key == nil {
		return
	}
	list := pr.Value.Resolve()
	if !list.IsSequence() {
		return
	}
	kind := "a launch configuration"
	if pc.typ == "AWS::EC2::Instance" {
		kind = "an AWS instance"
	}
	for _, it := range list.Items() {
		m := it.Resolve()
		if !m.IsMapping() || values.IsFunctionCall(m) || resources.MergesOtherKeys(m) {
			continue
		}
		ebs := m.Lookup("Ebs")
		if ebs.Key == nil {
			pc.p.Reportf(m.Span(), rules.ResourcePropertyConflict,
				"This BlockDeviceMappings entry has no `Ebs`; %s builds each device from a volume snapshot (`Ebs: {SnapshotId: ...}`), so Heat refuses it at stack create.", kind)
			continue
		}
		v := ebs.Value.Resolve()
		if values.IsFunctionCall(v) || resources.MergesOtherKeys(v) || !(v.IsMapping() || v.IsNull()) || v.IsMapping() && truthyIn(pc.p, v, "SnapshotId") {
			continue
		}
		at := ebs.Key
		if sn := v.Lookup("SnapshotId"); sn.Key != nil {
			at = sn.Key
		}
		pc.p.Reportf(at.Span(), rules.ResourcePropertyConflict,
			"This `Ebs` has no `SnapshotId` (or an empty one); %s builds each device from a volume snapshot, so Heat refuses it at stack create.", kind)
	}
}
