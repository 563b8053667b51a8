package completion

import (
	"heat-ls/analysis/syntax"
)

// This file completes inside a parameter definition beyond its own keys:
// the bounds of a range, length or modulo constraint, and the values a
// default (or the hidden and immutable flags) can take.

// constraintBoundKeys are the keys of a constraint whose value is a
// mapping, with a short own-words explanation of each.
func constraintBoundKeys(kind string) [][2]string {
	switch kind {
	case "range":
		return [][2]string{
			{"min", "Smallest value allowed (inclusive). Leave it out for no lower bound."},
			{"max", "Largest value allowed (inclusive). Leave it out for no upper bound."},
		}
	case "length":
		return [][2]string{
			{"min", "Fewest characters (or list items) allowed. Leave it out for no lower bound."},
			{"max", "Most characters (or list items) allowed. Leave it out for no upper bound."},
		}
	case "modulo":
		return [][2]string{
			{"step", "The value must be a multiple of this number (after subtracting offset)."},
			{"offset", "What the value is shifted by before the step test: step 2 with offset 1 accepts odd numbers."},
		}
	}
	return nil
}

// constraintBounds proposes min/max (range, length) or step/offset
// (modulo) inside a constraint's mapping value.
func (c *completer) constraintBounds(kind string) {
	for _, kv := range constraintBoundKeys(kind) {
		if c.has(c.tc.Siblings, kv[0]) {
			continue
		}
		c.add(0, Item{Label: kv[0], Kind: CompleteKey, Detail: kind + " bound", Doc: kv[1], Insert: keyInsert(kv[0])})
	}
}

// parameterDefault proposes values for a parameter's default: true and
// false for a boolean parameter, and the values of its allowed_values
// constraints.
func (c *completer) parameterDefault(name string) {
	typ := c.entryType("parameters", name)
	var param *syntax.Node
	if c.tpl != nil {
		if p := c.tpl.Parameter(name); p != nil {
			param = p.Value
		}
	}
	for _, v := range allowedParameterValues(param) {
		c.add(0, Item{Label: v, Kind: CompleteValue, Detail: "allowed value"})
	}
	if typ == "boolean" {
		c.booleans()
	}
}

// allowedParameterValues lists the scalar allowed_values of a parameter
// definition's constraints, in order, without repeats.
func allowedParameterValues(param *syntax.Node) []string {
	cons := param.Resolve().Get("constraints").Resolve()
	if !cons.IsSequence() {
		return nil
	}
	var out []string
	seen := map[string]bool{}
	for _, it := range cons.Items() {
		vals := it.Resolve().Get("allowed_values").Resolve()
		if !vals.IsSequence() {
			continue
		}
		for _, v := range vals.Items() {
			if v = v.Resolve(); v.IsScalar() && !v.IsNull() && !seen[v.Value] {
				seen[v.Value] = true
				out = append(out, v.Value)
			}
		}
	}
	return out
}
