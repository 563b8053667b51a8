package pass

import (
	"heat-ls/analysis/check/values"
	"heat-ls/analysis/eval"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/rules"
	"heat-ls/analysis/source"
	"heat-ls/analysis/syntax"
	"heat-ls/schema"
)

// Quiet gives the error d the severity its rule has in the context where
// and appends why Heat accepts it there ("Here, though, " why); it
// reports false, leaving d alone, for a finding that is no error or whose
// rule stays an error there.
func Quiet(d *source.Diagnostic, where, why string) bool {
	if d.Severity != source.SeverityError {
		return false
	}
	sev := rules.In(d.Code, where)
	if sev == source.SeverityError {
		return false
	}
	d.Severity = sev
	d.Message += " Here, though, " + why
	return true
}

// IsLeftOut reports whether the version v has conditions and r's is false
// for every input (a resource holding an anchor is never counted, as an
// alias may hand what it holds to a resource Heat keeps).
func IsLeftOut(anyInput *eval.Evaluator, v *schema.Version, r *hot.Resource) bool {
	return v != nil && v.HasConditions && r.ConditionRef != nil && r.Key != nil &&
		FalseForEveryInput(anyInput, r.ConditionRef) && !HoldsAnchor(r.Value, 0)
}

// LeftOutResources lists the spans of the resources whose condition is
// false for every input. Heat still parses them (unknown keys, the shapes
// of their values and their functions' arguments stay errors), so only
// the rules that declare rules.LeftOutResource are quieted there
// (hc/resource-condition-false-*).
func LeftOutResources(p *Pass, v *schema.Version) []source.Span {
	if !v.HasConditions {
		return nil
	}
	var out []source.Span
	for _, r := range p.T.Resources {
		if IsLeftOut(p.AnyInput(), v, r) {
			out = append(out, source.Span{Start: r.Key.Span().Start, End: r.Value.Span().End})
		}
	}
	return out
}

// LeftOutNote says why a finding about what a left-out resource is, is no
// reason for Heat to refuse the template.
const LeftOutNote = "this resource's condition is false for every input: Heat parses its definition but leaves it out of the stack before it looks up its type or judges its properties"

// FalseForEveryInput reports whether the condition of a resource or an
// output (a name, a boolean or an expression) is false whatever the
// parameters: Heat then leaves the entry out of the stack (an output
// unread; a resource is parsed but never built, so it makes no nested
// stack).
func FalseForEveryInput(anyInput *eval.Evaluator, cond *syntax.Node) bool {
	v, ok := values.ConstCondition(anyInput, cond)
	return ok && !v
}

func HoldsAnchor(n *syntax.Node, depth int) bool {
	if n == nil || depth > MaxReplacedDepth {
		return n != nil
	}
	if n.Anchored {
		return true
	}
	for _, p := range n.Pairs() {
		if p.Key.Anchored || HoldsAnchor(p.Value, depth+1) {
			return true
		}
	}
	for _, it := range n.Items() {
		if HoldsAnchor(it, depth+1) {
			return true
		}
	}
	return false
}

// MaxReplacedDepth bounds the walk for replaced entries; the YAML reader
// refuses deeper nesting long before (yaml-too-large).
const MaxReplacedDepth = 256
