package resources

import (
	"heat-ls/analysis/check/pass"
	"heat-ls/analysis/check/values"
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
		n, ok := sizeByDefault(p, pr.Value, 0)
		return ok && n == 0
	case "OS::Heat::AutoScalingGroup":
		if pr := props.Lookup("desired_capacity"); pr.Key != nil && !pr.Value.Resolve().IsNull() {
			if n, ok := sizeByDefault(p, pr.Value, 0); !ok || n != 0 {
				return false
			}
		}
		pr := props.Lookup("min_size")
		if pr.Key == nil {
			return false
		}
		n, ok := sizeByDefault(p, pr.Value, 0)
		return ok && n == 0
	}
	return false
}

// maxSizeDepth bounds sizeByDefault's walk through get_param and if.
const maxSizeDepth = 8

// sizeByDefault is the number Heat's integer property makes of a group
// size n with the template's defaults: a whole number, its text, a YAML
// 1.1 boolean (false, no, off are 0), a float with no fraction; a get_param of a
// parameter with a literal default; an if whose condition is decided.
// ok is false for anything else, and for null (the property's default,
// which the caller does not know).
func sizeByDefault(p *pass.Pass, n *syntax.Node, depth int) (int, bool) {
	n = n.Resolve()
	if n == nil || n.IsNull() || depth > maxSizeDepth {
		return 0, false
	}
	if b, isBool := values.YamlBool(n); isBool && values.IsYAML11Bool(n) {
		return values.BoolInt(b), true // Heat's loader reads off, no... as booleans too
	}
	if n.IsScalar() {
		f, isInt, ok := values.PyNumber(n)
		if !ok || f != float64(int(f)) || (n.Tag == "!!str" && !isInt) {
			return 0, false
		}
		return int(f), true
	}
	if arg := GetParamArgs(n); arg != nil {
		def, ok := ParamLiteralDefault(p, arg)
		if !ok {
			return 0, false
		}
		return sizeByDefault(p, def, depth+1)
	}
	if size, ok := sizeFromText(p, n, depth); ok {
		return size, true
	}
	if n.IsMapping() && n.NumPairs() == 1 && n.Pair(0).Key.Value == "if" {
		args := n.Pair(0).Value.Resolve()
		if !args.IsSequence() || len(args.Items()) != 3 {
			return 0, false
		}
		v, ok := conditionByDefault(p, args.Items()[0])
		if !ok {
			return 0, false
		}
		if v {
			return sizeByDefault(p, args.Items()[1], depth+1)
		}
		return sizeByDefault(p, args.Items()[2], depth+1)
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
	if prm == nil || EnvironmentSets(p, prm.Name) {
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

// conditionByDefault decides a condition the way Heat does with the
// template's defaults: ConstLeaf's literals, and a get_param of a
// boolean parameter whose literal default Heat reads as a boolean.
func conditionByDefault(p *pass.Pass, n *syntax.Node) (val, ok bool) {
	return hot.DecideCondition(p.T, n, func(n *syntax.Node) (bool, bool) {
		if v, ok := values.ConstLeaf(n); ok {
			return v, true
		}
		arg := GetParamArgs(n)
		if arg == nil {
			return false, false
		}
		def, ok := ParamLiteralDefault(p, arg)
		if !ok {
			return false, false
		}
		if prm := p.T.Parameter(GetParamName(arg)); prm == nil || prm.Type != "boolean" {
			return false, false
		}
		return values.HeatParamBool(def)
	})
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
