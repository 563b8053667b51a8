package check

import (
	"strings"

	"heat-ls/analysis/rules"
	"heat-ls/analysis/syntax"
)

// launchConfigSource: an AWS launch configuration copies an existing
// instance (InstanceId) or names both ImageId and InstanceType; Heat's
// plugin refuses it at stack create otherwise. A value Heat reads as
// empty (empty text, or a get_param whose path finds nothing) counts as
// missing, as the plugin tests the values for truth.
func launchConfigSource(pc pluginCtx) {
	if mergesOtherKeys(pc.props) || truthyProperty(pc, "InstanceId") {
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
		strings.Join(missing, "` and `"), plural(len(missing), "is missing or empty", "are missing or empty"))
}

// truthyProperty reports whether a property may hold a value Python takes
// for true: given, and neither null, false, empty text nor a get_param
// that certainly gives empty text. Other calls may give anything.
func truthyProperty(pc pluginCtx, name string) bool { return truthyIn(pc.p, pc.props, name) }

// truthyIn is truthyProperty for the key name of any mapping m.
func truthyIn(p *Pass, m *syntax.Node, name string) bool {
	pr := m.Lookup(name)
	if pr.Key == nil {
		return false
	}
	v := pr.Value.Resolve()
	switch {
	case v == nil || v.IsNull():
		return false
	case isFunctionCall(v):
		rc := resourceChecker{p: p}
		_, _, empty := rc.emptyFromParamPath(v)
		return !empty
	case v.IsScalar():
		if b, isBool := yamlBool(v); isBool {
			return b
		}
		return v.Value != ""
	}
	return true
}
