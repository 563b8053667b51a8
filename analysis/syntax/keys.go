package syntax

import (
	"heat-ls/analysis/rules"
	"heat-ls/analysis/source"
)

// unhashableKeys reports every key of m that is a list or a mapping
// (written inline or reached through an alias). YAML allows such keys, but
// Heat's loader builds mappings as Python dicts, whose keys must be
// hashable, so it refuses the whole template.
func (c *converter) unhashableKeys(m *Node) {
	for _, p := range m.Pairs() {
		k := p.Key.Resolve()
		if k == nil || k.Kind != MappingNode && k.Kind != SequenceNode {
			continue
		}
		what := "a mapping"
		if k.Kind == SequenceNode {
			what = "a list"
		}
		c.problems = append(c.problems, source.Diagnostic{
			Span:     p.Key.Span(),
			Severity: rules.Severity(rules.YAMLUnhashableKey),
			Code:     rules.YAMLUnhashableKey,
			Message:  "this key is " + what + "; Heat's YAML loader only takes text, numbers and booleans as keys, so it refuses the template",
		})
	}
}
