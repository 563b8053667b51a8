package hot

import (
	"slices"

	"heat-ls/analysis/syntax"
)

// collectCalls finds every intrinsic function call in the parts of a
// template Heat resolves functions in, recording where each sits. Aliases
// are not followed: a call inside an anchored node is found once, at the
// anchor, which also keeps alias cycles and bombs harmless.
func collectCalls(t *Template) []*Call {
	c := &callCollector{}
	// Only the last of repeated sections counts, as in Heat; the model's
	// entries come from it, so calls point at the same Entry values.
	for _, r := range t.Resources {
		c.walk(r.Value, InResource, &r.Entry, nil, 0)
	}
	for _, o := range t.Outputs {
		c.walk(o.Value, InOutput, &o.Entry, nil, 0)
	}
	for _, cd := range t.Conditions {
		c.walk(cd.Value, InCondition, &cd.Entry, nil, 0)
	}
	for _, p := range t.Parameters {
		c.walk(p.Value, InParameter, &p.Entry, nil, 0)
	}
	for _, s := range t.Sections {
		switch s.Name {
		case "resources", "outputs", "conditions", "parameters",
			"heat_template_version", "description", "parameter_groups":
		default:
			c.walk(s.Value, InOther, nil, nil, 0)
		}
	}
	sortCalls(c.calls)
	return c.calls
}

type callCollector struct {
	calls []*Call
}

func (c *callCollector) walk(n *syntax.Node, ctx Context, owner *Entry, parent *Call, depth int) {
	if n == nil || depth > maxWalkDepth {
		return
	}
	switch n.Kind {
	case syntax.MappingNode:
		if len(n.Pairs) == 1 {
			k := n.Pairs[0].Key
			if k.Kind == syntax.ScalarNode && IsFunctionName(k.Value) {
				call := &Call{Name: k.Value, Map: n, Key: k, Args: n.Pairs[0].Value,
					Context: ctx, Owner: owner, Parent: parent}
				c.calls = append(c.calls, call)
				c.walk(call.Args, ctx, owner, call, depth+1)
				return
			}
		}
		for _, p := range n.Pairs {
			c.walk(p.Key, ctx, owner, parent, depth+1)
			c.walk(p.Value, ctx, owner, parent, depth+1)
		}
	case syntax.SequenceNode:
		for _, item := range n.Items {
			c.walk(item, ctx, owner, parent, depth+1)
		}
	}
}

// sortCalls puts calls in source order (by the start of their mapping).
func sortCalls(calls []*Call) {
	slices.SortStableFunc(calls, func(a, b *Call) int { return a.Map.Span.Start - b.Map.Span.Start })
}
