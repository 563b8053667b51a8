package syntax

import (
	"strings"

	"heat-ls/analysis/rules"
	"heat-ls/analysis/source"
)

// flowColon reports a plain scalar inside a flow collection that ends in
// a colon followed at once by ",", "}" or "]" ({size:}, [name:],
// {a:, b: 1}). yaml.v3 reads the colon as part of the text, but the C
// reader Heat and the openstack client load templates with (libyaml)
// fails while scanning such a scalar, so Heat refuses the whole template
// whatever the key means. Only a flow collection can end a scalar that
// way.
func (c *converter) flowColon(n *Node) {
	if n.Style != Plain || !strings.HasSuffix(n.Value, ":") || n.Span().End >= len(c.src) || c.src[n.Span().End-1] != ':' {
		return
	}
	next := c.src[n.Span().End]
	switch next {
	case ',', '}', ']':
	default:
		return
	}
	c.problems = append(c.problems, source.Diagnostic{
		Span:     source.Span{Start: n.Span().End - 1, End: n.Span().End},
		Severity: rules.Severity(rules.YAMLFlowKeyColon),
		Code:     rules.YAMLFlowKeyColon,
		Message:  "Heat's YAML reader cannot read a colon followed at once by `" + string(next) + "` here, so it refuses the template (other YAML readers take `" + n.Value + "` as text). Put a space after the colon to give `" + strings.TrimSuffix(n.Value, ":") + "` an empty value.",
	})
}
