package check

import "heat-ls/analysis/rules"

// checkOutputs checks that each output is a mapping with a value. Unknown
// output keys are the structure rules' to report.
func checkOutputs(p *Pass) {
	if p.T == nil {
		return
	}
	for _, o := range p.T.Outputs {
		body := o.Value.Resolve()
		if !body.IsMapping() {
			p.Reportf(valueSpan(o.Value, o.Key), rules.OutputNotMapping,
				"Output `%s` must be a mapping with a `value` (and optionally `description`), not %s; Heat refuses it. Write `value: ...` under the name.",
				o.Name, describeNode(body))
			continue
		}
		if body.Pair("value") == nil {
			p.Reportf(o.Key.Span, rules.OutputValueMissing,
				"Output `%s` has no `value`, which Heat refuses. Add `value:` or remove the output.", o.Name)
		}
	}
}
