package hot

import (
	"heat-ls/analysis/syntax"
)

// maxDecideDepth bounds DecideCondition's walk through one condition's
// expression; maxDecideNames bounds the chain of condition names it
// follows (Heat resolves each name with a Python call, and Python stops at
// 1,000 frames; a loop among names is reported by the condition-cycle
// rule and decides nothing).
const (
	maxDecideDepth = 32
	maxDecideNames = 1000
)

// DecideCondition works out the value of a condition expression the way
// Heat does, as far as leaf can tell: a name of the conditions section
// stands for its body, not / and / or combine their operands, and and / or
// stop at the first operand that decides them (Heat's all / any), so a
// later operand is not looked at. leaf decides everything else (booleans,
// equals, an empty operand...) and answers ok false when it cannot; so
// does DecideCondition then. A leaf that decides a scalar takes precedence
// over a condition of the same name, as a boolean does in Heat.
func DecideCondition(t *Template, n *syntax.Node, leaf func(*syntax.Node) (val, ok bool)) (val, ok bool) {
	d := &decider{t: t, leaf: leaf, named: map[string]decision{}}
	return d.decide(n, 0)
}

// decider works out one condition. Each condition name is worked out
// once and remembered, as Heat resolves each condition once: a condition
// using another several times, and that one the next, would otherwise
// cost the product of their uses (exponential in the length of the chain).
type decider struct {
	t     *Template
	leaf  func(*syntax.Node) (bool, bool)
	named map[string]decision
	names int // condition names being worked out, one inside the other
}

// decision is a condition name's value: being worked out (a loop, which
// decides nothing), or done with val and ok.
type decision struct{ done, val, ok bool }

func (d *decider) decide(n *syntax.Node, depth int) (bool, bool) {
	t, leaf := d.t, d.leaf
	n = n.Resolve()
	if n == nil || depth > maxDecideDepth {
		return false, false
	}
	if v, ok := leaf(n); ok {
		return v, true
	}
	if n.IsScalar() && n.Tag() == "!!str" {
		if c := t.Condition(n.Value); c != nil {
			if m, seen := d.named[n.Value]; seen {
				return m.val, m.ok && m.done
			}
			if d.names >= maxDecideNames {
				return false, false
			}
			// A name's value is its body's, whatever the depth it is
			// reached at, so it can be remembered: the body gets the whole
			// depth budget.
			d.named[n.Value] = decision{}
			d.names++
			val, ok := d.decide(c.Value, 0)
			d.names--
			d.named[n.Value] = decision{done: true, val: val, ok: ok}
			return val, ok
		}
		return false, false
	}
	if !n.IsMapping() || n.NumPairs() != 1 {
		return false, false
	}
	args := n.Pair(0).Value.Resolve()
	switch fn := n.Pair(0).Key.Value; fn {
	case "not":
		v, ok := d.decide(args, depth+1)
		return !v && ok, ok
	case "and", "or":
		if !args.IsSequence() || len(args.Items()) < 2 {
			return false, false
		}
		all := fn == "and"
		for _, it := range args.Items() {
			v, ok := d.decide(it, depth+1)
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
