package plugins

import (
	"math"

	"heat-ls/analysis/check/values"
	"heat-ls/analysis/rules"
	"heat-ls/analysis/syntax"
	"heat-ls/schema"
)

// A scaling group's validate() (AWS::AutoScaling::AutoScalingGroup, and
// OS::Heat::AutoScalingGroup which inherits it) compares its sizes as the
// property layer hands them over, after Python's int(): true is 1, false
// is 0, the text "3" is 3 and an unquoted 2.9 is 2. Reading the written
// text instead would miss a group whose max_size is `true`.

// groupSize: a scaling group's minimum cannot exceed its maximum nor lie
// below zero, and a desired capacity (a key written empty is 0) must lie
// between them.
func groupSize(minName, maxName, desiredName string) pluginCheck {
	return func(pc pluginCtx) {
		kLo, lo, ok1 := pc.intProperty(minName)
		kHi, hi, ok2 := pc.intProperty(maxName)
		if ok1 && ok2 && lo > hi {
			pc.p.Reportf(kHi.Span(), rules.ResourcePropertyConflict,
				"`%s` (%d) is below `%s` (%d); Heat refuses the group at stack create.", maxName, hi, minName, lo)
			return
		}
		if ok1 && lo < 0 {
			// Whatever the maximum, Heat refuses: either it lies below the
			// minimum or the minimum is negative.
			if !boundedAtZero(pc.property(minName)) {
				pc.p.Reportf(kLo.Span(), rules.ResourcePropertyConflict,
					"`%s` (%d) is below zero; Heat refuses the group at stack create.", minName, lo)
			}
			return
		}
		if !ok1 || !ok2 {
			return
		}
		if kD, d, ok := pc.intProperty(desiredName); ok && (d < lo || d > hi) {
			pc.p.Reportf(kD.Span(), rules.ResourcePropertyConflict,
				"`%s` (%d) lies outside `%s`..`%s` (%d..%d); Heat refuses the group at stack create.", desiredName, d, minName, maxName, lo, hi)
		}
	}
}

// boundedAtZero tells a property whose schema already refuses a negative
// value (its range check reports it), so the group check stays quiet.
func boundedAtZero(prop *schema.Property) bool {
	if prop == nil {
		return false
	}
	for _, c := range prop.Constraints {
		if c.Kind == schema.ConstraintRange && c.Min != nil && *c.Min >= 0 {
			return true
		}
	}
	return false
}

// intProperty reads a whole-number property as the group's validate()
// sees it: a literal converted as Heat's integer type converts it, or for
// a key written empty its truthy default or 0. ok is false when it is
// absent, refused by the integer type (reported elsewhere) or not known
// offline.
func (pc pluginCtx) intProperty(name string) (*syntax.Node, int, bool) {
	pr := pc.props.Lookup(name)
	if pr.Key == nil {
		return nil, 0, false
	}
	v := pr.Value.Resolve()
	if v == nil || v.IsNull() {
		if prop := pc.property(name); prop != nil && prop.HasDefault && values.PyTruthyDefault(prop.Default) {
			f, isNum := prop.Default.(float64)
			return pr.Key, int(f), isNum
		}
		return pr.Key, 0, true
	}
	if !v.IsScalar() || values.IsFunctionCall(v) {
		return pr.Key, 0, false
	}
	f, ok := values.HeatInteger(v)
	if !ok || math.Abs(f) >= 1<<53 {
		return pr.Key, 0, false
	}
	return pr.Key, int(f), true
}
