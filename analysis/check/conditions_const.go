package check

import (
	"heat-ls/analysis/hot"
	"heat-ls/analysis/syntax"
)

// Heat evaluates the operands of and / or from the left and stops at the
// first one that decides the result (Python's all / any): an operand
// after a true one of or, or a false one of and, is never judged as a
// condition, so a list, a plain mapping or an undefined name there is
// accepted (asked the oracle: `or: [true, [x]]` and `and: [false, nosuch]`
// pass template validate and stack create). Functions inside such an
// operand are still resolved, so their own checks stand. heat-ls skips an
// operand only when an earlier one decides the call for every input;
// where that depends on parameter values, some input reaches the operand
// and Heat refuses it (the oracle does, given such values), so it stays an
// error there.

// maxConstDepth bounds constCondition's walk through condition names
// (a loop among them is reported by condition-cycle).
const maxConstDepth = 32

// constCondition decides a condition expression that no input can change:
// a YAML boolean, an empty operand (Heat reads it as true), a condition
// name whose body is constant, not / and / or of such, or equals of two
// literal texts or of two identical literal scalars. ok is false for
// anything else (parameters, pseudo parameters, other functions).
func constCondition(t *hot.Template, n *syntax.Node, depth int) (val, ok bool) {
	n = n.Resolve()
	if n == nil || depth > maxConstDepth {
		return false, false
	}
	if n.IsNull() {
		return true, true
	}
	if n.IsScalar() {
		if b, isBool := yamlBool(n); isBool {
			return b, true
		}
		if c := t.Condition(n.Value); c != nil && n.Tag == "!!str" {
			return constCondition(t, c.Value, depth+1)
		}
		return false, false
	}
	if !n.IsMapping() || len(n.Pairs) != 1 {
		return false, false
	}
	args := n.Pairs[0].Value.Resolve()
	switch n.Pairs[0].Key.Value {
	case "not":
		v, ok := constCondition(t, args, depth+1)
		return !v, ok
	case "and", "or":
		if !args.IsSequence() || len(args.Items) < 2 {
			return false, false
		}
		all := n.Pairs[0].Key.Value == "and"
		for _, it := range args.Items {
			v, ok := constCondition(t, it, depth+1)
			if !ok {
				return false, false
			}
			if v != all {
				return v, true
			}
		}
		return all, true
	case "equals":
		if !args.IsSequence() || len(args.Items) != 2 {
			return false, false
		}
		a, b := literal(args.Items[0]), literal(args.Items[1])
		if !isScalarLiteral(a) || !isScalarLiteral(b) {
			return false, false
		}
		switch {
		case a.Tag == b.Tag && a.Value == b.Value:
			return true, true
		case a.Tag == "!!str" && b.Tag == "!!str":
			return false, true
		}
	}
	return false, false
}

// skippedOperands tells, for the operands of an and / or call (its
// resolved argument list), which ones Heat never judges: those after an
// operand that decides the call for every input. nil when none is.
func skippedOperands(t *hot.Template, fn string, args *syntax.Node) []bool {
	if (fn != "and" && fn != "or") || !args.IsSequence() {
		return nil
	}
	var out []bool
	for i, it := range args.Items[:max(len(args.Items)-1, 0)] {
		if v, ok := constCondition(t, it, 0); ok && v == (fn == "or") {
			out = make([]bool, len(args.Items))
			for j := i + 1; j < len(out); j++ {
				out[j] = true
			}
			return out
		}
	}
	return nil
}

// operandSkipped reports whether n is an operand of the and / or call c
// that Heat never judges (skippedOperands).
func operandSkipped(t *hot.Template, c *hot.Call, n *syntax.Node) bool {
	args := c.Args.Resolve()
	skipped := skippedOperands(t, c.Name, args)
	for i, it := range args.Items {
		if it == n && i < len(skipped) {
			return skipped[i]
		}
	}
	return false
}
