package references

import (
	"heat-ls/analysis/check/pass"
	"heat-ls/analysis/rules"
	"heat-ls/analysis/source"
)

// CheckUnusedEntries gives quiet hints for parameters and conditions that
// nothing uses. A parameter named only in parameter_groups is still
// unused. When some get_param names its parameter through another
// function, any parameter may be read, so no parameter hint is given.
func CheckUnusedEntries(p *pass.Pass) {
	if p.T == nil {
		return
	}
	usedParams, dynamic := paramsRead(p)
	if !dynamic {
		for _, prm := range p.T.Parameters {
			if !usedParams[prm.Name] {
				d := p.Reportf(prm.Key.Span(), rules.ParameterUnused,
					"Parameter `%s` is never read with get_param; remove it unless callers must still be able to pass it.", prm.Name)
				d.Tags = []source.Tag{source.TagUnnecessary}
			}
		}
	}
	if len(p.T.Conditions) == 0 {
		return
	}
	used := conditionUses(p.T)
	for _, c := range p.T.Conditions {
		if !used[c.Name] {
			d := p.Reportf(c.Key.Span(), rules.ConditionUnused,
				"Condition `%s` is not used by any resource, output, `if` or other condition; remove it if it is not needed.", c.Name)
			d.Tags = []source.Tag{source.TagUnnecessary}
		}
	}
}

// paramsRead marks which declared parameters some get_param reads; dynamic
// is set when one names its parameter through another function. The walk
// over the calls, thousands in a large template, stops as soon as the
// answer is known: every parameter read, or one read dynamically.
func paramsRead(p *pass.Pass) (read map[string]bool, dynamic bool) {
	read = make(map[string]bool, len(p.T.Parameters))
	for _, prm := range p.T.Parameters {
		read[prm.Name] = false
	}
	left := len(read)
	for _, call := range p.T.Calls {
		if left == 0 {
			break
		}
		if call.Name != "get_param" {
			continue
		}
		arg := call.Args.Resolve()
		if arg.IsSequence() && len(arg.Items()) > 0 {
			arg = arg.Items()[0].Resolve()
		}
		if !arg.IsScalar() {
			return read, true
		}
		if was, declared := read[arg.Value]; declared && !was {
			read[arg.Value] = true
			left--
		}
	}
	return read, false
}
