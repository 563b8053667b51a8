package feature

import (
	"heat-ls/analysis/hot"
	"heat-ls/analysis/syntax"
)

// inCall finds the innermost call on the path and classifies the leaf
// relative to it.
func (l *locator) inCall() (Target, bool) {
	for i := len(l.path) - 1; i >= 1; i-- {
		n := l.path[i]
		if n.Kind != syntax.MappingNode {
			continue
		}
		call := l.callAt(n)
		if call == nil {
			continue
		}
		return l.classifyInCall(call, i), true
	}
	return Target{}, false
}

// callAt returns the call whose mapping is n, using binary search over the
// template's calls (they are sorted by start).
func (l *locator) callAt(n *syntax.Node) *hot.Call {
	calls := l.tpl.Calls
	lo, hi := 0, len(calls)
	for lo < hi {
		mid := (lo + hi) / 2
		if calls[mid].Map.Span().Start < n.Span().Start {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	for j := lo; j < len(calls) && calls[j].Map.Span().Start == n.Span().Start; j++ {
		if calls[j].Map == n {
			return calls[j]
		}
	}
	return nil
}

// classifyInCall: path[i] is call.Map.
func (l *locator) classifyInCall(call *hot.Call, i int) Target {
	t := l.target(TargetNone)
	t.Call = call
	t.Entry = call.Owner
	rest := l.path[i+1:]
	if len(rest) == 1 && rest[0] == call.Key {
		t.Kind = TargetFunction
		return t
	}
	if len(rest) == 0 || rest[0] != call.Args {
		return Target{}
	}
	args := call.Args
	// index of the leaf among the argument list's items, -1 for a scalar arg
	idx := -1
	switch {
	case len(rest) == 1 && args.Kind == syntax.ScalarNode:
	case len(rest) == 2 && args.Kind == syntax.SequenceNode:
		for j, it := range args.Items() {
			if it == rest[1] {
				idx = j
			}
		}
	default:
		return Target{}
	}
	isFirst := idx == -1 || idx == 0
	switch call.Name {
	case "get_param":
		if isFirst {
			t.Kind, t.Namespace = TargetReference, NamespaceParameter
			return t
		}
	case "get_resource":
		if idx == -1 {
			t.Kind, t.Namespace = TargetReference, NamespaceResource
			return t
		}
	case "get_attr":
		if idx == 0 {
			t.Kind, t.Namespace = TargetReference, NamespaceResource
			t.Resource = l.tpl.Resource(t.Name)
			return t
		}
		if idx == 1 {
			t.Kind = TargetAttribute
			if first := args.Items()[0]; first.Kind == syntax.ScalarNode {
				t.Resource = l.tpl.Resource(first.Value)
			}
			return t
		}
	case "Ref":
		if idx == -1 {
			t.Kind = TargetReference
			t.Namespace = NamespaceResource
			if l.tpl.Parameter(t.Name) != nil || l.tpl.Resource(t.Name) == nil && IsPseudo(t.Name) {
				t.Namespace = NamespaceParameter
			}
			return t
		}
	case "if":
		if idx == 0 && IsConditionName(l.leaf) {
			t.Kind, t.Namespace = TargetReference, NamespaceCondition
			return t
		}
	case "not":
		if idx == -1 && InConditionExpression(l.tpl, call) && IsConditionName(l.leaf) {
			t.Kind, t.Namespace = TargetReference, NamespaceCondition
			return t
		}
	case "and", "or":
		if idx >= 0 && InConditionExpression(l.tpl, call) && IsConditionName(l.leaf) {
			t.Kind, t.Namespace = TargetReference, NamespaceCondition
			return t
		}
	}
	return Target{}
}
