package structure

import (
	"heat-ls/analysis/check/pass"
	"heat-ls/analysis/check/values"
	"heat-ls/analysis/rules"
	"heat-ls/schema"
)

// CheckOutputs checks that each output is a mapping with a value. Unknown
// output keys are the structure rules' to report.
func CheckOutputs(p *pass.Pass) {
	if p.T == nil {
		return
	}
	// Before newton Heat ignores an output's condition key.
	v := pass.DeclaredVersion(p)
	conditionsRead := v != nil && v.Supports(schema.FeatureOutputCondition)
	for _, o := range p.T.Outputs {
		body := o.Value.Resolve()
		if !body.IsMapping() {
			p.Reportf(values.ValueSpan(o.Value, o.Key), rules.OutputNotMapping,
				"Output `%s` must be a mapping with a `value` (and optionally `description`), not %s; Heat refuses it. Write `value: ...` under the name.",
				o.Name, values.DescribeNode(body))
			continue
		}
		if n := o.ConditionRef.Resolve(); conditionsRead && (n.IsSequence() || n.IsMapping()) && !values.IsFunctionCall(n) {
			p.Errorf(n.Span(), rules.UndefinedCondition,
				"The `condition` of output `%s` must be a condition name, true/false or a condition function, not %s; Heat refuses it.", o.Name, values.DescribeNode(n))
		}
		if body.Lookup("value").Key == nil {
			p.Reportf(o.Key.Span(), rules.OutputValueMissing,
				"Output `%s` has no `value`; Heat refuses an output without one. Add `value:` (it may be empty) or remove the output.", o.Name)
		}
	}
}
