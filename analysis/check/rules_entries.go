package check

import (
	"strings"

	"heat-ls/analysis/hot"
	"heat-ls/analysis/syntax"
	"heat-ls/schema"
)

// entryRules: parameters, parameter groups, resources against the schema,
// outputs, conditions, and quiet hints. Each family is its own rule, so a
// bug in one never hides the others' findings.
func entryRules() []Rule {
	return []Rule{
		checkParameters,
		checkParameterGroups,
		checkResources,
		checkNestedStackNames,
		checkReleasePlugins,
		checkPlugins,
		checkOutputs,
		checkConditionBodies,
		checkUnusedEntries,
	}
}

// entryVersion is the version the entry rules check against: the declared
// one, or the newest when the declaration is missing or unknown (the
// structure rules report that), so the other checks still run.
func entryVersion(p *Pass) *schema.Version {
	if p.Schema == nil {
		return nil
	}
	if p.T != nil {
		if v, ok := p.Schema.Version(p.T.VersionText); ok {
			return v
		}
	}
	return p.Schema.Latest()
}

// isFunctionCall reports whether n is a one-key mapping whose key is an
// intrinsic function name of some version: its value is only known when
// Heat resolves it, so value checks skip it (the structure rules judge the
// call itself).
func isFunctionCall(n *syntax.Node) bool {
	n = n.Resolve()
	if !n.IsMapping() || n.NumPairs() != 1 {
		return false
	}
	k := n.Pair(0).Key
	return k.Kind == syntax.ScalarNode && hot.IsFunctionName(k.Value)
}

// containsFunctionCall reports whether a call sits anywhere inside n.
func containsFunctionCall(n *syntax.Node, depth int) bool {
	n = n.Resolve()
	if n == nil || depth > 64 {
		return n != nil
	}
	if isFunctionCall(n) {
		return true
	}
	for _, it := range n.Items() {
		if containsFunctionCall(it, depth+1) {
			return true
		}
	}
	for _, pr := range n.Pairs() {
		if containsFunctionCall(pr.Value, depth+1) {
			return true
		}
	}
	return false
}

// describeNode names what a node is, for messages.
func describeNode(n *syntax.Node) string {
	n = n.Resolve()
	switch {
	case n == nil || n.IsNull():
		return "nothing (null)"
	case n.IsMapping():
		return "a mapping"
	case n.IsSequence():
		return "a list"
	}
	switch n.Tag {
	case "!!int", "!!float":
		return "a number"
	case "!!bool":
		return "a boolean"
	}
	return "text"
}

// heatScalarName names what Heat's YAML 1.1 loader makes of a plain
// scalar: a number, a boolean or text.
func heatScalarName(n *syntax.Node) string {
	if isYAML11Bool(n) {
		return "a boolean"
	}
	return describeNode(n)
}

// isYAML11Bool reports whether a plain scalar is a boolean to Heat's YAML
// 1.1 loader (yaml.v3 reads "yes", "on"... as text).
func isYAML11Bool(n *syntax.Node) bool {
	if n == nil || n.Kind != syntax.ScalarNode || n.Style != syntax.Plain {
		return false
	}
	if n.Tag == "!!bool" {
		return true
	}
	switch n.Value {
	case "yes", "Yes", "YES", "no", "No", "NO", "on", "On", "ON", "off", "Off", "OFF",
		"true", "True", "TRUE", "false", "False", "FALSE":
		return true
	}
	return false
}

// suggestText turns candidates into " Did you mean `a` or `b`?" or "".
func suggestText(names []string) string {
	if len(names) == 0 {
		return ""
	}
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = "`" + n + "`"
	}
	if len(q) == 1 {
		return " Did you mean " + q[0] + "?"
	}
	return " Did you mean " + strings.Join(q[:len(q)-1], ", ") + " or " + q[len(q)-1] + "?"
}
