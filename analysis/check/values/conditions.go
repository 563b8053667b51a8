package values

import (
	"heat-ls/analysis/eval"
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

// ConstCondition decides a condition expression that no input can
// change, as e works it out: e is an evaluator under which every
// parameter is unknown (pass.AnyInput). ok is false for anything that
// depends on parameters, pseudo parameters or what only a live stack
// knows, and for what Heat refuses.
func ConstCondition(e *eval.Evaluator, n *syntax.Node) (val, ok bool) {
	v := e.Condition(n)
	return v.B, v.Kind == eval.Bool
}

// EqualsArgs gives the two arguments of an equals call; ok is false for
// anything else.
func EqualsArgs(n *syntax.Node) (a, b *syntax.Node, ok bool) {
	if !n.IsMapping() || n.NumPairs() != 1 || n.Pair(0).Key.Value != "equals" {
		return nil, nil, false
	}
	args := n.Pair(0).Value.Resolve()
	if !args.IsSequence() || len(args.Items()) != 2 {
		return nil, nil, false
	}
	return args.Items()[0], args.Items()[1], true
}

// SkippedOperands tells, for the operands of an and / or call (its
// resolved argument list), which ones Heat never judges: those after an
// operand that decides the call for every input. nil when none is.
func SkippedOperands(e *eval.Evaluator, fn string, args *syntax.Node) []bool {
	if (fn != "and" && fn != "or") || !args.IsSequence() {
		return nil
	}
	var out []bool
	for i, it := range args.Items()[:max(len(args.Items())-1, 0)] {
		if v, ok := ConstCondition(e, it); ok && v == (fn == "or") {
			out = make([]bool, len(args.Items()))
			for j := i + 1; j < len(out); j++ {
				out[j] = true
			}
			return out
		}
	}
	return nil
}

// OperandSkipped reports whether n is an operand of the and / or call c
// that Heat never judges (SkippedOperands).
func OperandSkipped(e *eval.Evaluator, c *hot.Call, n *syntax.Node) bool {
	args := c.Args.Resolve()
	skipped := SkippedOperands(e, c.Name, args)
	for i, it := range args.Items() {
		if it == n && i < len(skipped) {
			return skipped[i]
		}
	}
	return false
}

// LiveConditions names the conditions Heat ever evaluates: those a
// resource or an output uses (its condition key, or the first argument
// of an if outside the conditions section) and, through and/or/not, the
// ones they refer to. Heat resolves a condition only on demand, so what a
// condition outside this set holds never fails a stack.
func LiveConditions(t *hot.Template) map[string]bool {
	seeds := ConditionsUsedOutside(t)
	live := map[string]bool{}
	queue := make([]string, 0, len(seeds))
	for name := range seeds {
		queue = append(queue, name)
	}
	for len(queue) > 0 {
		name := queue[len(queue)-1]
		queue = queue[:len(queue)-1]
		if live[name] {
			continue
		}
		live[name] = true
		if c := t.Condition(name); c != nil {
			refs := map[string]bool{}
			CollectConditionNames(c.Value, refs, 0)
			for ref := range refs {
				if !live[ref] {
					queue = append(queue, ref)
				}
			}
		}
	}
	return live
}

// CollectConditionNames adds the names a condition expression refers to.
func CollectConditionNames(n *syntax.Node, into map[string]bool, depth int) {
	n = n.Resolve()
	if n == nil || depth > 64 {
		return
	}
	switch {
	case n.IsScalar():
		if !n.IsNull() && !IsYAML11Bool(n) {
			into[n.Value] = true
		}
	case n.IsMapping() && n.NumPairs() == 1:
		switch n.Pair(0).Key.Value {
		case "not", "and", "or":
			args := n.Pair(0).Value.Resolve()
			if args.IsSequence() {
				for _, it := range args.Items() {
					CollectConditionNames(it, into, depth+1)
				}
			} else {
				CollectConditionNames(args, into, depth+1)
			}
		}
	}
}

// ConditionsUsedOutside collects the condition names resources and
// outputs use: their condition keys and the first argument of `if`.
func ConditionsUsedOutside(t *hot.Template) map[string]bool {
	used := map[string]bool{}
	for _, r := range t.Resources {
		CollectConditionNames(r.ConditionRef, used, 0)
	}
	for _, o := range t.Outputs {
		CollectConditionNames(o.ConditionRef, used, 0)
	}
	for _, call := range t.Calls {
		if call.Name != "if" || call.Context == hot.InCondition {
			continue
		}
		if args := call.Args.Resolve(); args.IsSequence() && len(args.Items()) > 0 {
			CollectConditionNames(args.Items()[0], used, 0)
		}
	}
	return used
}
