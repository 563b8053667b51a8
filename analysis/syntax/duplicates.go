package syntax

import (
	"heat-ls/analysis/rules"
	"heat-ls/analysis/source"
)

// keyIdentity is what makes two scalar keys the same key for the loader:
// the resolved tag and the text ("1" and 1 are different keys).
type keyIdentity struct{ tag, value string }

// duplicateKeys warns about every scalar key that repeats an earlier key of
// the same mapping. Heat's loader silently keeps the last value, so such a
// template deploys, but the earlier entries are dead text.
func (c *converter) duplicateKeys(m *Node) {
	kids := m.kids()
	if len(kids) < 4 {
		return
	}
	if len(kids) <= 32 {
		for i := 2; i+1 < len(kids); i += 2 {
			k := kids[i]
			if k.Kind != ScalarNode {
				continue
			}
			for j := 0; j < i; j += 2 {
				if f := kids[j]; f.Kind == ScalarNode && f.Value == k.Value && f.Tag() == k.Tag() {
					c.reportDuplicate(f, k)
					break
				}
			}
		}
		return
	}
	first := make(map[keyIdentity]*Node, len(kids)/2)
	for i := 0; i+1 < len(kids); i += 2 {
		k := kids[i]
		if k.Kind != ScalarNode {
			continue
		}
		id := keyIdentity{k.Tag(), k.Value}
		if f, seen := first[id]; seen {
			c.reportDuplicate(f, k)
		} else {
			first[id] = k
		}
	}
}

func (c *converter) reportDuplicate(first, later *Node) {
	c.problems = append(c.problems, source.Diagnostic{
		Span:     later.Span(),
		Severity: rules.Severity(rules.DuplicateKey),
		Code:     rules.DuplicateKey,
		Message: "key `" + later.Value + "` appears more than once in this mapping; " +
			"the YAML loader keeps only the last entry and drops the earlier ones",
		Related: []source.Related{{Span: first.Span(), Message: "first `" + later.Value + "` is here"}},
	})
}
