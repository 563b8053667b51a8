package check

import (
	"heat-ls/analysis/check/pass"
	"heat-ls/analysis/check/values"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/rules"
	"heat-ls/analysis/source"
	"heat-ls/analysis/syntax"
	"heat-ls/schema"
)

// followUnread gives the findings inside a part of the template that a
// condition no input can change leaves out Heat's verdict on them. Heat
// parses only the branch of an if its condition takes (the other one is
// never turned into functions, let alone judged), and it drops an output
// whose condition is false before it reads what it holds; the oracle
// accepts a broken list_join in an untaken branch and a get_resource of a
// list in an output whose condition is false. A resource whose condition
// is false is not such a part: Heat still parses its functions and
// refuses broken arguments there (hc/resource-condition-false-args-bad).
// Such an error becomes a warning (rules.UnreadPart) that says why. Where
// the condition depends on some input, that input makes Heat read the
// part, and the error stands. The YAML reader's problems are not in found
// and stand; a part holding an anchor is left alone, as an alias may hand
// its value to a part Heat reads.
func followUnread(p *pass.Pass, found []source.Diagnostic) []source.Diagnostic {
	if p.T == nil || p.Schema == nil || !hasError(found) {
		return found
	}
	v, ok := p.Schema.Version(p.T.VersionText)
	if !ok {
		return found // Heat refuses the version before anything else
	}
	if unread := unreadParts(p, v); len(unread) > 0 {
		found = quietWithin(found, unread, rules.UnreadPart, unreadNote)
	}
	if out := pass.LeftOutResources(p, v); len(out) > 0 {
		found = quietWithin(found, out, rules.LeftOutResource, pass.LeftOutNote)
	}
	return found
}

// unreadNote says why a finding inside an unread part is no reason for
// Heat to refuse the template.
const unreadNote = "a condition no input can change leaves this part out, so Heat never reads it"

func hasError(found []source.Diagnostic) bool {
	for _, d := range found {
		if d.Severity == source.SeverityError {
			return true
		}
	}
	return false
}

// unreadParts lists the spans Heat never reads whatever the input: the
// outputs whose condition is false for every input (FalseForEveryInput),
// and the branch of each if outside the conditions
// section whose condition decides itself for every input. Only where the
// version v has them: an older version refuses the condition key or the
// if itself.
func unreadParts(p *pass.Pass, v *schema.Version) []source.Span {
	t := p.T
	var out []source.Span
	for _, o := range t.Outputs {
		if v.HasConditions && o.ConditionRef != nil && o.Key != nil && pass.FalseForEveryInput(p.AnyInput(), o.ConditionRef) && !pass.HoldsAnchor(o.Value, 0) {
			out = append(out, source.Span{Start: o.Key.Span().Start, End: o.Value.Span().End})
		}
	}
	for _, c := range t.Calls {
		if c.Name != "if" || !v.HasFunction("if") || c.Context == hot.InCondition || c.Context == hot.InParameter {
			continue
		}
		if b := untakenBranch(p, c); b != nil && !pass.HoldsAnchor(b, 0) {
			out = append(out, b.Span())
		}
	}
	return out
}

// untakenBranch is the branch of the if call c that its condition never
// takes, when that condition decides itself for every input; nil when it
// depends on some input or the arguments are not a condition and two
// branches written inside the call.
func untakenBranch(p *pass.Pass, c *hot.Call) *syntax.Node {
	args := c.Args
	if !args.IsSequence() || len(args.Items()) != 3 {
		return nil // an alias or a broken call: nothing to place
	}
	v, ok := values.ConstCondition(p.AnyInput(), args.Items()[0])
	if !ok {
		return nil
	}
	if v {
		return args.Items()[2]
	}
	return args.Items()[1]
}
