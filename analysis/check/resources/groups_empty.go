package resources

import (
	"math"

	"heat-ls/analysis/check/pass"
	"heat-ls/analysis/check/values"
	"heat-ls/analysis/eval"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/rules"
	"heat-ls/analysis/syntax"
)

// Groups without members. Heat validates a group's member definition by
// building the group's nested stack and validating it; a resource group
// skips that altogether when its count is 0 (ResourceGroup's
// validate_nested_stack returns first thing), and an autoscaling group
// builds a nested template of desired_capacity members, or min_size when
// desired_capacity is unset or 0, so none when both are 0. The oracle
// accepts an unknown member type, unknown or wrongly typed member
// properties, a member server with nothing to boot from, a member
// template refusing its properties and an attribute no member has, in
// such groups (testdata/heat-cases rg-count-zero-*, asg-size-zero-*).
// What Heat still judges there stays an error: the group's own
// properties (resource_def's own keys, a member without type in an
// autoscaling group), the functions of the whole template.

// groupHasNoMember reports whether Heat builds no member of group r when
// the template is validated or created with its defaults: the sizes are
// decided by literals, parameters with a literal default no environment
// of the workspace replaces, and if with a condition those decide. false
// when any of that is unknown.
func groupHasNoMember(p *pass.Pass, r *hot.Resource) bool {
	if r == nil || r.Field("external_id").Key != nil {
		return false
	}
	props := ResourceProperties(r)
	if props == nil {
		return false
	}
	switch r.Type {
	case "OS::Heat::ResourceGroup":
		pr := props.Lookup("count")
		if pr.Key == nil {
			return false // count defaults to 1
		}
		n, ok := sizeByDefault(p, pr.Value)
		return ok && n == 0
	case "OS::Heat::AutoScalingGroup":
		if pr := props.Lookup("desired_capacity"); pr.Key != nil && !pr.Value.Resolve().IsNull() {
			if n, ok := sizeByDefault(p, pr.Value); !ok || n != 0 {
				return false
			}
		}
		pr := props.Lookup("min_size")
		if pr.Key == nil {
			return false
		}
		n, ok := sizeByDefault(p, pr.Value)
		return ok && n == 0
	}
	return false
}

// sizeByDefault is the number Heat's integer property makes of a group
// size n with the template's defaults, as the pass's evaluator works it
// out (literals, parameter defaults no environment of the workspace
// replaces, str_replace, list_join, if on a decided condition...). ok is
// false for what it leaves unknown and for null (the property's default,
// which the caller does not know).
func sizeByDefault(p *pass.Pass, n *syntax.Node) (int, bool) {
	return heatSize(p.Evaluator().Eval(n))
}

// heatSize is the whole number Heat's integer property makes of a group
// size value: a number without fraction, a boolean as 1 or 0, a text
// Python's int() reads. ok is false for anything else.
func heatSize(v eval.Value) (int, bool) {
	switch v.Kind {
	case eval.Int:
		return int(v.I), true
	case eval.Bool:
		return values.BoolInt(v.B), true
	case eval.Float:
		if v.F != math.Trunc(v.F) || math.IsInf(v.F, 0) || math.Abs(v.F) > 1<<53 {
			return 0, false
		}
		return int(v.F), true
	case eval.String:
		n, ok := eval.PythonInt(v.S)
		return int(n), ok
	}
	return 0, false
}

// ParamLiteralDefault is the literal scalar default of the parameter a
// get_param names (its argument arg, a name alone), when no environment
// of the workspace may give the parameter another value.
func ParamLiteralDefault(p *pass.Pass, arg *syntax.Node) (*syntax.Node, bool) {
	if arg.IsSequence() && len(arg.Items()) == 1 {
		arg = arg.Items()[0].Resolve()
	}
	if !values.IsScalarLiteral(arg) || p.T == nil {
		return nil, false
	}
	prm := p.T.Parameter(arg.Value)
	if prm == nil || pass.EnvironmentSets(p, prm.Name) {
		return nil, false
	}
	f := prm.Field("default")
	if f.Key == nil {
		return nil, false
	}
	def := f.Value.Resolve()
	if !values.IsScalarLiteral(def) || values.IsFunctionCall(def) {
		return nil, false
	}
	return def, true
}

// GetParamName is the parameter name of a get_param argument (a name, or
// a list starting with it); "" when it is no literal.
func GetParamName(arg *syntax.Node) string {
	if arg.IsSequence() && len(arg.Items()) > 0 {
		arg = arg.Items()[0].Resolve()
	}
	if !values.IsScalarLiteral(arg) {
		return ""
	}
	return arg.Value
}

// QuietEmptyGroup turns the errors reported since from (an index into
// the pass's findings) into warnings, for the rules that declare the
// rules.EmptyGroupMember context, when group r has no member: they judge
// a member Heat never builds. Call it after the checks of r's member
// definition.
func QuietEmptyGroup(p *pass.Pass, from int, r *hot.Resource) {
	if from >= len(p.Diags) || !groupHasNoMember(p, r) {
		return
	}
	why := "group `" + r.Name + "` has no member with the template's defaults: Heat builds none, so it accepts the template until the group grows."
	for i := from; i < len(p.Diags); i++ {
		pass.Quiet(&p.Diags[i], rules.EmptyGroupMember, why)
	}
}
