package feature

import (
	"strings"

	"heat-ls/analysis/hot"
	"heat-ls/analysis/syntax"
)

// IsConditionName reports whether n, where a condition is expected, names
// one: a string scalar that neither YAML nor Heat (which reads YAML 1.1
// booleans such as "yes" and "on") takes for a boolean.
func IsConditionName(n *syntax.Node) bool {
	if n == nil || n.Kind != syntax.ScalarNode || n.Tag() != "!!str" || n.Value == "" {
		return false
	}
	if n.Style == syntax.Plain {
		switch strings.ToLower(n.Value) {
		case "yes", "no", "on", "off", "true", "false":
			return false
		}
	}
	return true
}

// InConditionExpression reports whether a not/and/or call is evaluated as
// a condition: inside the conditions section, or nested (through other
// not/and/or calls) in a resource's or output's condition value or in the
// first argument of if. Elsewhere Heat keeps such a mapping as data.
func InConditionExpression(t *hot.Template, c *hot.Call) bool {
	if c.Context == hot.InCondition {
		return true
	}
	top := c
	for depth := 0; top.Parent != nil && depth < 64; depth++ {
		switch top.Parent.Name {
		case "not", "and", "or":
			top = top.Parent
			continue
		case "if":
			args := top.Parent.Args
			return args.IsSequence() && len(args.Items()) > 0 && args.Items()[0] == top.Map
		}
		return false
	}
	if top.Parent != nil {
		return false
	}
	for _, r := range t.Resources {
		if r.ConditionRef == top.Map {
			return true
		}
	}
	for _, o := range t.Outputs {
		if o.ConditionRef == top.Map {
			return true
		}
	}
	return false
}
