package syntax

import (
	"heat-ls/analysis/rules"
	"heat-ls/analysis/source"
)

// mergeValue reports a merge key ("<<") whose value is not a mapping or a
// list of mappings (aliases followed). yaml.v3 keeps such an entry as it
// is, but Heat's loader (PyYAML) merges while it builds the mapping and
// refuses the whole file when there is nothing to merge. It is asked
// entry by entry as the mapping is converted.
func (c *converter) mergeValue(k, v *Node) {
	if k.Kind != ScalarNode || k.Tag() != "!!merge" || mergeable(v) {
		return
	}
	c.problems = append(c.problems, source.Diagnostic{
		Span:     k.Span(),
		Severity: rules.Severity(rules.YAMLMergeValue),
		Code:     rules.YAMLMergeValue,
		Message:  "a merge key `<<` takes a mapping (or a list of mappings, or an alias of one) to merge into this mapping; Heat's YAML loader refuses the file with anything else",
	})
}

// mergeable: v is a mapping or a list of mappings, through aliases.
func mergeable(v *Node) bool {
	v = v.Resolve()
	switch {
	case v == nil:
		return true // an unknown alias is reported on its own
	case v.Kind == MappingNode:
		return true
	case v.Kind == SequenceNode:
		for _, it := range v.Items() {
			if r := it.Resolve(); r != nil && r.Kind != MappingNode {
				return false
			}
		}
		return true
	}
	return false
}
