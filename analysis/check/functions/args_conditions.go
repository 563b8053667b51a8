package functions

import (
	"heat-ls/analysis/check/pass"
	"heat-ls/analysis/check/values"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/rules"
	"heat-ls/analysis/syntax"
	"heat-ls/schema"
)

func checkIfArgs(a *argCtx) {
	if !a.args.IsSequence() {
		a.bad(a.args, "the argument must be a list, not %s", values.KindName(a.args))
		return
	}
	n := len(a.args.Items())
	switch {
	case n == 2 && !a.v.Supports(schema.FeatureIfTwoArguments):
		first := a.p.Schema.FeatureSince(schema.FeatureIfTwoArguments).Name
		d := a.bad(a.args, "leaving out the false value needs heat_template_version %s or later", first)
		d.Data = map[string]string{"minVersion": first}
		return
	case n < 2 || n > 3:
		a.bad(a.args, "it takes a condition and two values, not %d items", n)
		return
	}
	checkConditionArg(a, a.args.Items()[0])
}

// checkConditionArg: a condition is a name, a boolean or an expression.
// Heat parses the operands but judges them only when it evaluates the
// condition, so a list, a null or a mapping that is no function is
// refused where the condition is evaluated (see conditionEvaluated); only
// `not` of nothing is refused as soon as the template is read.
func checkConditionArg(a *argCtx, n *syntax.Node) {
	r := values.Literal(n)
	if r == nil || !(r.IsSequence() || r.IsNull() || r.IsMapping()) {
		return
	}
	if r.IsNull() && a.c.Name == "not" && n == a.args {
		a.bad(n, "a condition must be a condition name, a boolean or a condition expression, not %s", values.KindName(r))
		return
	}
	if !conditionEvaluated(a.p, a.c) {
		return
	}
	if !r.IsNull() && values.OperandSkipped(a.p.AnyInput(), a.c, n) {
		a.p.ReportInf(a.spanOf(n), rules.BadFunctionArgs, rules.SkippedOperand,
			"`%s`: a condition must be a condition name, a boolean or a condition expression, not %s. Heat accepts it only because an earlier operand always decides the result, so it never looks at this one. Remove it or write a condition.", a.c.Name, values.KindName(r))
		return
	}
	if r.IsNull() && a.c.Name != "not" {
		// Heat's condition lookup takes nothing as true and goes on.
		a.p.ReportInf(a.spanOf(n), rules.BadFunctionArgs, rules.NullConditionOperand,
			"`%s`: an empty condition counts as true to Heat, which is rarely what was meant. Write a condition name, a boolean or a condition expression.", a.c.Name)
		return
	}
	a.bad(n, "a condition must be a condition name, a boolean or a condition expression, not %s", values.KindName(r))
}

// conditionEvaluated reports whether Heat evaluates the condition call c
// sits in: a condition of the conditions section that a resource or
// output uses (directly or through another condition), a resource's
// inline condition, an if in a resource, or the condition of an if in an
// output (if picks its branch while the output is read, so its condition
// is resolved at template validate although the output's value is not
// computed before the stack exists).
func conditionEvaluated(p *pass.Pass, c *hot.Call) bool {
	switch c.Context {
	case hot.InCondition:
		return c.Owner != nil && values.LiveConditions(p.T)[c.Owner.Name]
	case hot.InResource:
		return true
	case hot.InOutput:
		return c.Name == "if" || pass.WithinIfCondition(c)
	}
	return false
}

func checkEqualsArgs(a *argCtx) {
	if !a.args.IsSequence() || len(a.args.Items()) != 2 {
		a.bad(a.args, "it compares exactly two values")
	}
}

func checkNotArgs(a *argCtx) { checkConditionArg(a, a.args) }

func checkAndOrArgs(a *argCtx) {
	if !a.args.IsSequence() {
		a.bad(a.args, "the argument must be a list of conditions, not %s", values.KindName(a.args))
		return
	}
	if len(a.args.Items()) < 2 {
		a.bad(a.args, "it needs at least two conditions")
	}
	for _, it := range a.args.Items() {
		checkConditionArg(a, it)
	}
}
