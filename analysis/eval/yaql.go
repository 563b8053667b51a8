package eval

import (
	"heat-ls/analysis/syntax"
)

// yaql is yaql: {expression, data}. The expressions evaluable without a
// stack (see yaqlexpr.go) are worked out; the rest are unknown.
func (e *Evaluator) yaql(m, args *syntax.Node, inCond bool, depth int) Value {
	a := args.Resolve()
	if !a.IsMapping() || a.Lookup("expression").Key == nil {
		return e.fail(m, "the arguments of `yaql` must be a mapping with expression and data")
	}
	for _, p := range a.Pairs() {
		if k := p.Key.Value; k != "expression" && k != "data" {
			return e.fail(m, "`yaql` takes only expression and data")
		}
	}
	expr := e.eval(a.Get("expression"), inCond, depth)
	if expr.Kind != String {
		if expr.Kind == Unknown || expr.Kind == Invalid {
			return expr
		}
		return e.fail(m, "the expression of `yaql` must be text")
	}
	data := MapValue(nil, nil)
	if dn := a.Lookup("data"); dn.Key != nil {
		data = e.eval(dn.Value, inCond, depth)
	}
	if v, ok := evalYaql(expr.S, MapValue([]string{"data"}, []Value{data})); ok {
		return v
	}
	return UnknownValue("<yaql: " + expr.S + ">")
}
