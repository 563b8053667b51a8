package hot

import "heat-ls/analysis/syntax"

// maxDecideDepth bounds DecideCondition's walk through condition names (a
// loop among them is reported by the condition-cycle rule).
const maxDecideDepth = 32

// DecideCondition works out the value of a condition expression the way
// Heat does, as far as leaf can tell: a name of the conditions section
// stands for its body, not / and / or combine their operands, and and / or
// stop at the first operand that decides them (Heat's all / any), so a
// later operand is not looked at. leaf decides everything else (booleans,
// equals, an empty operand...) and answers ok false when it cannot; so
// does DecideCondition then. A leaf that decides a scalar takes precedence
// over a condition of the same name, as a boolean does in Heat.
func DecideCondition(t *Template, n *syntax.Node, leaf func(*syntax.Node) (val, ok bool)) (val, ok bool) {
	return decide(t, n, leaf, 0)
}

func decide(t *Template, n *syntax.Node, leaf func(*syntax.Node) (bool, bool), depth int) (bool, bool) {
	n = n.Resolve()
	if n == nil || depth > maxDecideDepth {
		return false, false
	}
	if v, ok := leaf(n); ok {
		return v, true
	}
	if n.IsScalar() && n.Tag == "!!str" {
		if c := t.Condition(n.Value); c != nil {
			return decide(t, c.Value, leaf, depth+1)
		}
		return false, false
	}
	if !n.IsMapping() || n.NumPairs() != 1 {
		return false, false
	}
	args := n.Pair(0).Value.Resolve()
	switch fn := n.Pair(0).Key.Value; fn {
	case "not":
		v, ok := decide(t, args, leaf, depth+1)
		return !v, ok
	case "and", "or":
		if !args.IsSequence() || len(args.Items()) < 2 {
			return false, false
		}
		all := fn == "and"
		for _, it := range args.Items() {
			v, ok := decide(t, it, leaf, depth+1)
			if !ok {
				return false, false
			}
			if v != all {
				return v, true
			}
		}
		return all, true
	}
	return false, false
}
