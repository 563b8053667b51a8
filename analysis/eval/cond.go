package eval

import (
	"heat-ls/analysis/syntax"
)

// maxShownReason bounds the reason of an unknown shown inside another
// one's: a chain of conditions, each naming the next, would otherwise
// nest its reasons into a text quadratic in its length.
const maxShownReason = 240

// unknownAround is the unknown "<prefix why>" that an unknown operand
// (its reason why) makes of a condition or if; past maxShownReason the
// operand's reason is passed on as it is.
func unknownAround(prefix, why string) Value {
	if len(why) > maxShownReason {
		return UnknownValue(why)
	}
	return UnknownValue("<" + prefix + why + ">")
}

// Condition evaluates a condition reference: the condition key of a
// resource or output, or the first argument of if. A name is looked up
// in the conditions section, true and false stand for themselves, a
// condition function is worked out, and nothing (null) counts as true.
// The result is a Bool, an Unknown when it depends on what only a live
// stack knows, or an Invalid Heat refuses.
func (e *Evaluator) Condition(n *syntax.Node) Value { return e.condition(n, 0) }

func (e *Evaluator) condition(n *syntax.Node, depth int) Value {
	if n.Resolve() == nil {
		return BoolValue(true)
	}
	v := e.eval(n, true, depth+1)
	return e.decide(n, v, depth)
}

// decide turns a resolved condition argument into its truth.
func (e *Evaluator) decide(n *syntax.Node, v Value, depth int) Value {
	switch v.Kind {
	case Null:
		return BoolValue(true)
	case Bool, Unknown, Invalid:
		return v
	case String:
		return e.named(n, v.S, depth+1)
	}
	return e.fail(n, "a condition must be a condition name, true or false, not "+v.Kind.String())
}

// MaxConditionChain bounds the chain of condition names worked out one
// inside the other (each naming the next), as Python's recursion limit
// bounds Heat's.
const MaxConditionChain = 1000

// ConditionNamed is the truth of the condition called name.
func (e *Evaluator) ConditionNamed(name string) Value { return e.named(nil, name, 0) }

func (e *Evaluator) named(at *syntax.Node, name string, depth int) Value {
	if v, ok := e.conds[name]; ok {
		return v
	}
	if v, ok := e.known[name]; ok {
		return v
	}
	var c = e.conditionEntry(name)
	if c == nil {
		return e.fail(at, "the template has no condition `"+name+"`")
	}
	if e.busy[name] {
		return e.fail(c.Key, "condition `"+name+"` is defined in terms of itself")
	}
	if len(e.busy) >= MaxConditionChain {
		// A longer chain of conditions, each naming the next, than Heat's
		// Python works out: heat-ls leaves it undecided.
		return UnknownValue("<condition `" + name + "`: chain deeper than heat-ls evaluates>")
	}
	e.busy[name] = true
	defer delete(e.busy, name)
	body := c.Value.Resolve()
	var v Value
	switch {
	case body != nil && body.Kind == syntax.ScalarNode:
		v = Scalar(body)
		if v.Kind != Bool {
			v = e.fail(body, "the definition of condition `"+name+"` must be true, false or a condition function")
		}
	case body.IsMapping() && body.NumPairs() == 1 && e.isFunction(body.Pair(0).Key.Value, true):
		// A name's value is its body's wherever the name is reached
		// from (and it is remembered), so the body gets the whole depth
		// budget; the chain of names is bounded by MaxConditionChain.
		v = e.eval(body, true, 0)
		if v.Kind != Bool && v.Kind != Unknown && v.Kind != Invalid {
			v = e.fail(body, "condition `"+name+"` evaluates to "+v.Kind.String()+", not true or false")
		}
	default:
		v = e.fail(c.Key, "the definition of condition `"+name+"` must be true, false or a condition function")
	}
	e.conds[name] = v.At(Origin{File: e.o.File, Span: c.Value.Span()})
	return e.conds[name]
}

func (e *Evaluator) conditionEntry(name string) *syntaxEntry {
	if e.t == nil {
		return nil
	}
	c := e.t.Condition(name)
	if c == nil {
		return nil
	}
	return &syntaxEntry{Key: c.Key, Value: c.Value}
}

type syntaxEntry struct{ Key, Value *syntax.Node }

// ifCall is if: [condition, value if true, value if false]; from
// 2021-04-16 the third may be left out, and a false condition then
// removes the entry holding the if.
func (e *Evaluator) ifCall(m, args *syntax.Node, inCond bool, depth int) Value {
	a := args.Resolve()
	n := len(a.Items())
	if !a.IsSequence() || n != 3 && !(n == 2 && e.since("2021-04-16")) {
		return e.fail(m, "the arguments of `if` must be [condition, value if true, value if false]")
	}
	c := e.condition(a.Items()[0], depth)
	switch c.Kind {
	case Invalid:
		return c
	case Unknown:
		return unknownAround("if ", c.S)
	}
	if c.B {
		return e.eval(a.Items()[1], inCond, depth)
	}
	if n == 2 {
		return Value{Kind: absent}
	}
	return e.eval(a.Items()[2], inCond, depth)
}

// equals is equals: [a, b], Python's ==.
func (e *Evaluator) equals(m, args *syntax.Node, inCond bool, depth int) Value {
	items, bad, ok := e.listArgs(m, args, 2, "the arguments of `equals` must be [value, value]", inCond, depth)
	if !ok {
		return bad
	}
	for _, it := range items {
		if it.Kind == Invalid {
			return it
		}
		if !it.IsKnown() {
			return UnknownValue("<equals " + PyStr(items[0]) + " " + PyStr(items[1]) + ">")
		}
	}
	return BoolValue(Equal(items[0], items[1]))
}

// boolean is not, and and or over condition names, booleans and
// condition functions; and / or stop at the first operand that decides
// them.
func (e *Evaluator) boolean(name string, m, args *syntax.Node, depth int) Value {
	if name == "not" {
		if args.Resolve().IsNull() {
			return e.fail(m, "`not` needs a condition")
		}
		c := e.condition(args, depth)
		if c.Kind == Bool {
			return BoolValue(!c.B)
		}
		if c.Kind == Unknown {
			return unknownAround("not ", c.S)
		}
		return c
	}
	a := args.Resolve()
	if !a.IsSequence() || len(a.Items()) < 2 {
		return e.fail(m, "`"+name+"` needs a list of at least two conditions")
	}
	all := name == "and"
	unknown, anyUnknown := "", false
	for _, it := range a.Items() {
		c := e.condition(it, depth)
		switch c.Kind {
		case Invalid:
			return c
		case Unknown:
			if !anyUnknown {
				unknown, anyUnknown = c.S, true
			}
			continue
		}
		if c.B != all {
			return BoolValue(c.B)
		}
	}
	if anyUnknown {
		return unknownAround(name+" with ", unknown)
	}
	return BoolValue(all)
}
