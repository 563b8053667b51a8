package functions

import (
	"fmt"

	"heat-ls/analysis/check/values"
	"heat-ls/analysis/rules"
	"heat-ls/analysis/source"
	"heat-ls/analysis/syntax"
	"heat-ls/analysis/yaql"
)

// checkYaqlExpression parses a yaql call's literal expression as Heat does
// when it validates the template (rules.YaqlSyntax): a value that is no
// text, or a text its yaql parser refuses, refuses the template. Heat
// makes this check in the call's validation, not when it reads the call,
// so a resource whose condition is false for every input escapes it
// (hc/yaql-condition-false-resource-bad-ok). An expression that is a call
// is computed later and not judged (Heat does not parse it at validate
// either). An expression that parses but nests its brackets past
// yaql.MaxDepth cannot be evaluated (rules.YaqlTooDeep): Heat fails when it
// computes the value, at stack create in resource properties.
func checkYaqlExpression(a *argCtx) {
	n := values.Literal(a.args.Get("expression"))
	switch {
	case n == nil:
		return
	case !values.IsScalarLiteral(n):
		a.p.Reportf(a.spanOf(n), rules.YaqlSyntax, "`%s`: the expression must be text, not %s.", a.c.Name, values.KindName(n))
		return
	case !isHeatText(n):
		a.p.Reportf(n.Span(), rules.YaqlSyntax, "`%s`: the expression must be text, and Heat reads %s as %s; quote it.", a.c.Name, n.Value, values.HeatScalarName(n))
		return
	}
	r := yaql.Parse(n.Value)
	if e := r.Err; e != nil {
		a.p.Reportf(yaqlErrorSpan(a.p.Doc.Src, n, e), rules.YaqlSyntax,
			"`%s`: Heat's yaql parser refuses the expression %s.", a.c.Name, yaqlProblem(n.Value, e))
		return
	}
	if e := r.TooDeep; e != nil {
		where := ""
		if !inProperties(a.p, a.c) {
			where = rules.YaqlNotComputedAtCreate
		}
		a.p.ReportInf(yaqlErrorSpan(a.p.Doc.Src, n, e), rules.YaqlTooDeep, where,
			"`%s`: the expression's brackets nest %d levels deep (level %d opens at character %d). Heat's yaql parser reads it, but Heat evaluates the expression by recursion, a Python frame or more per level, and Python stops at %d frames, so computing this value fails with \"maximum recursion depth exceeded\".",
			a.c.Name, r.Depth, yaql.MaxDepth+1, charIndex(n.Value, e.Offset)+1, yaql.MaxDepth)
	}
}

// yaqlProblem says what the parser stopped at, and where in the text.
func yaqlProblem(expr string, e *yaql.Error) string {
	if e.Kind == yaql.EndOfInput {
		return "at its end: " + e.Message
	}
	return fmt.Sprintf("at character %d: %s", charIndex(expr, e.Offset)+1, e.Message)
}

// charIndex counts the characters of s before byte offset off.
func charIndex(s string, off int) int {
	n := 0
	for range s[:off] {
		n++
	}
	return n
}

// yaqlErrorSpan is the span of the refused token (or escape) inside the
// scalar n when the scalar's text in the document is its value written
// out character for character (a plain scalar on one line, or a quoted one
// without escapes or folded lines); otherwise the whole scalar.
func yaqlErrorSpan(src []byte, n *syntax.Node, e *yaql.Error) source.Span {
	whole := n.Span()
	inner := whole
	if n.Style == syntax.SingleQuoted || n.Style == syntax.DoubleQuoted {
		inner = source.Span{Start: whole.Start + 1, End: whole.End - 1}
	}
	if inner.Start < 0 || inner.End > len(src) || inner.Len() != len(n.Value) || string(src[inner.Start:inner.End]) != n.Value {
		return whole
	}
	if e.Kind == yaql.EndOfInput {
		return source.Span{Start: inner.End, End: inner.End}
	}
	return source.Span{Start: inner.Start + e.Offset, End: inner.Start + e.End}
}

func checkYaqlArgs(a *argCtx) {
	if !a.args.IsMapping() {
		a.bad(a.args, "the argument must be a mapping with `expression` (and optionally `data`), not %s", values.KindName(a.args))
		return
	}
	if a.args.Lookup("expression").Key == nil {
		a.bad(a.args, "`expression` is missing")
	}
	for _, pr := range a.args.Pairs() {
		if k := pr.Key.Value; k != "expression" && k != "data" {
			a.bad(pr.Key, "`%s` is not accepted; only `expression` and `data` are", k)
		}
	}
	checkYaqlExpression(a)
}
