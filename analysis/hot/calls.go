package hot

import (
	"slices"

	"heat-ls/analysis/syntax"
)

// collectCalls finds every intrinsic function call in the parts of a
// template Heat resolves functions in, recording where each sits. Aliases
// are not followed: a call inside an anchored node is found once, at the
// anchor, which also keeps alias cycles and bombs harmless. The calls
// under entries and sections taken over from f's previous model are its
// calls (follow.go): those parts all come before the parts walked again,
// so its calls up to the end of the last one taken are the new model's.
func collectCalls(t *Template, f *follower) []*Call {
	c := &callCollector{}
	took, tookEnd, walkedFrom := false, 0, -1
	root := func(n *syntax.Node, ctx Context, owner *Entry, kept bool) {
		if kept {
			took, tookEnd = true, max(tookEnd, n.Span().End)
			return
		}
		if walkedFrom < 0 || n.Span().Start < walkedFrom {
			walkedFrom = n.Span().Start
		}
		c.walk(n, ctx, owner, nil, 0)
	}
	// Only the last of repeated sections counts, as in Heat; the model's
	// entries come from it, so calls point at the same Entry values.
	for i, r := range t.Resources {
		root(r.Value, InResource, &r.Entry, keptAt(f.prev.Resources, i, r))
	}
	for i, o := range t.Outputs {
		root(o.Value, InOutput, &o.Entry, keptAt(f.prev.Outputs, i, o))
	}
	for i, cd := range t.Conditions {
		root(cd.Value, InCondition, &cd.Entry, keptAt(f.prev.Conditions, i, cd))
	}
	for i, p := range t.Parameters {
		root(p.Value, InParameter, &p.Entry, keptAt(f.prev.Parameters, i, p))
	}
	for i, s := range t.Sections {
		switch s.Name {
		case "resources", "outputs", "conditions", "parameters",
			"heat_template_version", "description", "parameter_groups":
		default:
			root(s.Value, InOther, nil, f.keptSection(i, s))
		}
	}
	sortCalls(c.calls)
	if !took {
		return c.calls
	}
	if walkedFrom >= 0 && walkedFrom < tookEnd {
		// A part walked again lies among those taken over (never after a
		// splice, which shares only what precedes the change): walk all.
		return collectCalls(t, newFollower(nil))
	}
	prev := f.prev.Calls
	n, _ := slices.BinarySearchFunc(prev, tookEnd, func(c *Call, at int) int { return c.Map.Span().Start - at })
	if n == 0 {
		return c.calls
	}
	out := make([]*Call, 0, n+len(c.calls))
	return append(append(out, prev[:n]...), c.calls...)
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
		if n.NumPairs() == 1 {
			k := n.Pair(0).Key
			if k.Kind == syntax.ScalarNode && IsFunctionName(k.Value) {
				call := &Call{Name: k.Value, Map: n, Key: k, Args: n.Pair(0).Value,
					Context: ctx, Owner: owner, Parent: parent}
				c.calls = append(c.calls, call)
				c.walk(call.Args, ctx, owner, call, depth+1)
				return
			}
		}
		for _, p := range n.Pairs() {
			c.walk(p.Key, ctx, owner, parent, depth+1)
			c.walk(p.Value, ctx, owner, parent, depth+1)
		}
	case syntax.SequenceNode:
		for _, item := range n.Items() {
			c.walk(item, ctx, owner, parent, depth+1)
		}
	}
}

// sortCalls puts calls in source order (by the start of their mapping).
func sortCalls(calls []*Call) {
	slices.SortStableFunc(calls, func(a, b *Call) int { return a.Map.Span().Start - b.Map.Span().Start })
}
