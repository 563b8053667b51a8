package parameters

import (
	"strings"

	"heat-ls/analysis/check/pass"
	"heat-ls/analysis/check/values"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/rules"
	"heat-ls/analysis/source"
	"heat-ls/analysis/syntax"
	"heat-ls/schema"
)

// constraintAppliesTo says whether Heat accepts a constraint kind on a
// schema type (each constraint class lists the types it is valid for).
func constraintAppliesTo(kind schema.ConstraintKind, typ string) bool {
	switch kind {
	case schema.ConstraintRange, schema.ConstraintModulo:
		return typ == "number" || typ == "integer"
	case schema.ConstraintLength:
		return typ == "string" || typ == "list" || typ == "map"
	case schema.ConstraintAllowedValues, schema.ConstraintCustom:
		return typ != "map"
	case schema.ConstraintAllowedPattern:
		return typ == "string"
	}
	return true
}

// ParseParameterConstraints checks the constraints list and returns the
// constraints Heat would build from it, for checking the default.
func ParseParameterConstraints(p *pass.Pass, v *schema.Version, prm *hot.Parameter, typ string, customNames func() map[string]bool) []schema.Constraint {
	f := prm.Field("constraints")
	if f.Key == nil {
		return nil
	}
	list := f.Value.Resolve()
	if list.IsNull() {
		return nil
	}
	if !list.IsSequence() {
		p.Reportf(values.ValueSpan(f.Value, f.Key), rules.ParameterConstraintsNotList,
			"`constraints` must be a list, each item one constraint (for example `- length: {min: 1}`), not %s.", values.DescribeNode(list))
		return nil
	}
	var out []schema.Constraint
	for _, item := range list.Items() {
		if c, ok := parseOneConstraint(p, v, prm, typ, item, customNames); ok {
			out = append(out, c)
		}
	}
	return out
}

func parseOneConstraint(p *pass.Pass, v *schema.Version, prm *hot.Parameter, typ string, item *syntax.Node, customNames func() map[string]bool) (schema.Constraint, bool) {
	c := schema.Constraint{}
	body := item.Resolve()
	if !body.IsMapping() {
		p.Reportf(item.Span(), rules.ParameterConstraintInvalid,
			"Each constraint must be a mapping such as `allowed_values: [a, b]` or `range: {min: 1}`, not %s.", values.DescribeNode(body))
		return c, false
	}
	kindPair := constraintKindPair(p, v, body)
	if kindPair.Key == nil {
		if body.Lookup("modulo").Key == nil || v.HasConstraintKind("modulo") {
			p.Reportf(item.Span(), rules.ParameterConstraintUnknown,
				"This constraint names no kind; add one of %s.", strings.Join(v.ConstraintKinds, ", "))
		}
		return c, false
	}
	c.Kind = schema.ConstraintKind(kindPair.Key.Value)
	if typ != "" && !constraintAppliesTo(c.Kind, typ) {
		p.Reportf(kindPair.Key.Span(), rules.ParameterConstraintNotApplicable,
			"A `%s` constraint does not apply to a %s parameter; Heat refuses it.%s", c.Kind, prm.Type, applicableHint(c.Kind))
		return c, false
	}
	arg := kindPair.Value.Resolve()
	argSpan := values.ValueSpan(kindPair.Value, kindPair.Key)
	ok := true
	switch c.Kind {
	case schema.ConstraintRange, schema.ConstraintLength:
		ok = parseBounds(p, &c, arg, argSpan)
	case schema.ConstraintModulo:
		ok = parseModulo(p, &c, arg, argSpan)
	case schema.ConstraintAllowedValues:
		ok = parseAllowedValues(p, &c, arg, argSpan, typ, prm.Field("default").Key != nil)
	case schema.ConstraintAllowedPattern:
		ok = parseAllowedPattern(p, &c, arg, argSpan)
	case schema.ConstraintCustom:
		ok = parseCustomConstraint(p, &c, arg, argSpan, prm, customNames)
	}
	return c, ok
}

// constraintKindPair reports the keys of constraint body that are no
// constraint key or that the version v lacks, and returns the pair that
// names the constraint's kind (the first Heat tests; no key when none).
func constraintKindPair(p *pass.Pass, v *schema.Version, body *syntax.Node) syntax.Pair {
	var kindPair syntax.Pair
	for _, pr := range body.Pairs() {
		k := pr.Key
		if k.Kind != syntax.ScalarNode {
			continue
		}
		known := false
		for _, ck := range v.ConstraintKeys {
			if ck == k.Value {
				known = true
			}
		}
		switch {
		case !known:
			near := pass.NearestNames(k.Value, v.ConstraintKeys, 3)
			d := p.Reportf(k.Span(), rules.ParameterConstraintUnknown,
				"`%s` is not a constraint key; use one of %s.%s", k.Value, strings.Join(v.ConstraintKeys, ", "), pass.SuggestText(near))
			d.Suggestions = near
		case k.Value == "description":
			if d := pr.Value.Resolve(); pythonTruthyNonText(d) {
				p.Reportf(d.Span(), rules.ParameterConstraintInvalid,
					"A constraint's `description` must be text, not %s; Heat fails on it at template validate.", values.DescribeNode(d))
			}
		case !v.HasConstraintKind(k.Value):
			since := ""
			for _, later := range p.Schema.Versions() {
				if later.HasConstraintKind(k.Value) {
					since = later.Name
					break
				}
			}
			d := p.Reportf(k.Span(), rules.ParameterConstraintUnknown,
				"The `%s` constraint needs heat_template_version %s or later; Heat refuses it in %s. Raise the version or drop the constraint.",
				k.Value, since, v.Name)
			d.Data = map[string]string{"minVersion": since}
		default:
			if kindPair.Key == nil || kindRank(k.Value) < kindRank(kindPair.Key.Value) {
				kindPair = pr
			}
		}
	}
	return kindPair
}

// parseBounds reads the min and max of a range or length constraint into
// c, reporting what Heat refuses; false when the constraint is unusable.
func parseBounds(p *pass.Pass, c *schema.Constraint, arg *syntax.Node, argSpan source.Span) bool {
	if !arg.IsMapping() {
		p.Reportf(argSpan, rules.ParameterConstraintInvalid,
			"`%s` needs a mapping with `min` and/or `max`, for example `%s: {min: 1, max: 10}`.", c.Kind, c.Kind)
		return false
	}
	ok := true
	for _, pr := range arg.Pairs() {
		if k := pr.Key.Value; k != "min" && k != "max" {
			near := pass.ClosestNames(k, []string{"min", "max"}, 1, 2)
			d := p.Errorf(pr.Key.Span(), rules.ParameterConstraintInvalid,
				"`%s` takes only `min` and `max`; Heat refuses `%s`.%s", c.Kind, k, pass.DidYouMean(near))
			d.Suggestions = near
			ok = false
		}
	}
	for _, bound := range []string{"min", "max"} {
		bn := arg.Get(bound).Resolve()
		if bn == nil || bn.IsNull() {
			continue
		}
		f, isInt, isNum := values.PyNumber(bn)
		if b, isBool := values.YamlBool(bn); isBool {
			p.ReportInf(bn.Span(), rules.ParameterConstraintInvalid, rules.BoolBound,
				"`%s` of `%s` is a boolean; Heat reads it as %d. Write the number.", bound, c.Kind, values.BoolInt(b))
			f, isInt, isNum = float64(values.BoolInt(b)), true, true
		} else if !isNum || (bn.Tag() != "!!int" && bn.Tag() != "!!float") || (c.Kind == schema.ConstraintLength && !isInt) {
			what := "a number"
			if c.Kind == schema.ConstraintLength {
				what = "a whole number"
			}
			p.Reportf(bn.Span(), rules.ParameterConstraintInvalid, "`%s` of `%s` must be %s, not %s.", bound, c.Kind, what, values.DescribeNode(bn))
			ok = false
			continue
		}
		fc := f
		if bound == "min" {
			c.Min = &fc
		} else {
			c.Max = &fc
		}
	}
	if !ok {
		return false
	}
	if c.Min == nil && c.Max == nil {
		p.Reportf(argSpan, rules.ParameterConstraintInvalid, "`%s` needs `min`, `max` or both.", c.Kind)
		return false
	}
	if c.Min != nil && c.Max != nil && *c.Min > *c.Max {
		p.Reportf(argSpan, rules.ParameterConstraintInvalid,
			"`min` (%s) is greater than `max` (%s), so no value can pass; swap them.", values.TrimFloat(*c.Min), values.TrimFloat(*c.Max))
		return false
	}
	return true
}

// parseModulo reads the step and offset of a modulo constraint into c.
func parseModulo(p *pass.Pass, c *schema.Constraint, arg *syntax.Node, argSpan source.Span) bool {
	if !arg.IsMapping() {
		p.Reportf(argSpan, rules.ParameterConstraintInvalid, "`modulo` needs a mapping with `step` and `offset`, for example `modulo: {step: 2, offset: 0}`.")
		return false
	}
	var vals [2]*float64
	for i, key := range []string{"step", "offset"} {
		bn := arg.Get(key).Resolve()
		f, isInt, isNum := values.PyNumber(bn)
		if b, isBool := values.YamlBool(bn); isBool {
			p.ReportInf(bn.Span(), rules.ParameterConstraintInvalid, rules.BoolBound,
				"`%s` of `modulo` is a boolean; Heat reads it as %d. Write the number.", key, values.BoolInt(b))
			f = float64(values.BoolInt(b))
		} else if bn == nil || bn.IsNull() || !isNum || !isInt || bn.Tag() != "!!int" {
			p.Reportf(argSpan, rules.ParameterConstraintInvalid, "`modulo` needs a whole-number `%s`.", key)
			return false
		}
		fc := f
		vals[i] = &fc
	}
	step, off := *vals[0], *vals[1]
	switch {
	case step == 0:
		p.Reportf(argSpan, rules.ParameterConstraintInvalid, "The `step` of `modulo` cannot be 0.")
		return false
	case (step > 0) != (off >= 0) && off != 0:
		p.Reportf(argSpan, rules.ParameterConstraintInvalid, "`step` and `offset` of `modulo` must have the same sign.")
		return false
	case abs(off) >= abs(step):
		p.Reportf(argSpan, rules.ParameterConstraintInvalid, "The `offset` of `modulo` must be smaller than its `step`.")
		return false
	}
	c.Step, c.Offset = vals[0], vals[1]
	return true
}

// parseAllowedValues reads the values an allowed_values constraint lists
// into c, as Heat compares them with a typ parameter's value.
func parseAllowedValues(p *pass.Pass, c *schema.Constraint, arg *syntax.Node, argSpan source.Span, typ string, hasDefault bool) bool {
	if !arg.IsSequence() {
		p.Reportf(argSpan, rules.ParameterConstraintInvalid,
			"`allowed_values` must be a list of values, for example `allowed_values: [small, large]`, not %s.", values.DescribeNode(arg))
		return false
	}
	for _, it := range arg.Items() {
		it = it.Resolve()
		if !it.IsScalar() {
			// Heat compares a string parameter's value with the text
			// Python's str() makes of each allowed value: a list or a
			// mapping only ever matches that text.
			text, ok := values.PyStr(it)
			if typ != "string" || !ok {
				return false // for other types: leave to Heat
			}
			c.AllowedValues = append(c.AllowedValues, text)
			continue
		}
		if values.IsYAML11Bool(it) && it.Tag() != "!!bool" {
			return false
		}
		if unconvertibleAllowedValue(p, it, typ, hasDefault) {
			return false
		}
		switch it.Tag() {
		case "!!int", "!!float":
			f, _, _ := values.PyNumber(it)
			c.AllowedValues = append(c.AllowedValues, f)
		case "!!bool":
			b, _ := values.HeatParamBool(it)
			c.AllowedValues = append(c.AllowedValues, b)
		default:
			c.AllowedValues = append(c.AllowedValues, it.Value)
		}
	}
	return true
}

// unconvertibleAllowedValue reports an allowed value that does not read
// as the number or boolean parameter's type. Heat converts every allowed
// value to the parameter's type each time it checks a value (the default
// at validate, the value given at create), and refuses the parameter when
// one does not convert, whatever the value checked.
func unconvertibleAllowedValue(p *pass.Pass, it *syntax.Node, typ string, hasDefault bool) bool {
	if !values.PyYAMLText(it) {
		return false
	}
	what := notScalarOfType(it, typ)
	if what == "" {
		return false
	}
	where := ""
	if !hasDefault {
		where = rules.UnconvertibleAllowedValue
	}
	p.ReportInf(it.Span(), rules.ParameterConstraintInvalid, where,
		"The allowed value %s is not %s; Heat converts each allowed value to the parameter's type whenever it checks a value, and refuses the parameter. Write %s or change the parameter's type.",
		values.QuoteValue(it), what, what)
	return true
}

// notScalarOfType says what n should be ("a number") when Heat cannot
// read it as a number or boolean parameter's value; "" when it can, or
// for other types.
func notScalarOfType(n *syntax.Node, typ string) string {
	switch typ {
	case "number":
		if _, _, ok := values.PyNumber(n); !ok {
			return "a number"
		}
	case "boolean":
		if _, ok := values.HeatParamBool(n); !ok {
			return "a boolean (true/false, yes/no, on/off, 1/0, t/f, y/n)"
		}
	}
	return ""
}

// parseAllowedPattern reads the regular expression of an allowed_pattern
// constraint into c, refusing one Python's re module does not compile.
func parseAllowedPattern(p *pass.Pass, c *schema.Constraint, arg *syntax.Node, argSpan source.Span) bool {
	if !readsAsText(arg) {
		p.Reportf(argSpan, rules.ParameterConstraintInvalid, "`allowed_pattern` must be a regular expression as text, not %s; quote it.", values.DescribeNode(arg))
		return false
	}
	if fault := brokenPattern(arg.Value); fault != nil {
		p.Reportf(patternFaultSpan(p.Doc.Src, arg, fault), rules.ParameterConstraintInvalid,
			"`allowed_pattern` is no regular expression Python's re module compiles: %s, so Heat refuses the template.", fault.Describe())
		return false
	}
	c.Pattern = arg.Value
	return true
}

// parseCustomConstraint reads the name of a custom_constraint into c,
// reporting a name no Heat plugin registers.
func parseCustomConstraint(p *pass.Pass, c *schema.Constraint, arg *syntax.Node, argSpan source.Span, prm *hot.Parameter, customNames func() map[string]bool) bool {
	if !arg.IsScalar() || arg.IsNull() {
		p.Reportf(argSpan, rules.ParameterConstraintInvalid, "`custom_constraint` must be a constraint name such as `nova.flavor`, not %s.", values.DescribeNode(arg))
		return false
	}
	if !isKnownCustomConstraint(p.Schema, arg.Value, customNames) {
		if customConstraintGone(p, arg, prm.Name) {
			return false
		}
		names := customNames()
		cands := make([]string, 0, len(names))
		for n := range names {
			cands = append(cands, n)
		}
		near := pass.NearestNames(arg.Value, cands, 3)
		d := p.Reportf(arg.Span(), rules.ParameterCustomConstraintUnknown,
			"No Heat plugin registers a custom constraint named `%s`, so any value for `%s` fails at stack create.%s",
			arg.Value, prm.Name, pass.SuggestText(near))
		d.Suggestions = near
		return false
	}
	c.Custom = arg.Value
	return true
}

// kindRank is the order Heat tests an entry's keys in: when one entry
// names several kinds, the first present is the one that counts.
func kindRank(k string) int {
	switch schema.ConstraintKind(k) {
	case schema.ConstraintRange:
		return 0
	case schema.ConstraintLength:
		return 1
	case schema.ConstraintModulo:
		return 2
	case schema.ConstraintAllowedValues:
		return 3
	case schema.ConstraintAllowedPattern:
		return 4
	case schema.ConstraintCustom:
		return 5
	}
	return 6
}

func applicableHint(kind schema.ConstraintKind) string {
	switch kind {
	case schema.ConstraintRange, schema.ConstraintModulo:
		return " It works on number parameters only."
	case schema.ConstraintLength:
		return " It works on string, comma_delimited_list and json parameters."
	case schema.ConstraintAllowedPattern:
		return " It works on string parameters only."
	case schema.ConstraintAllowedValues, schema.ConstraintCustom:
		return " It does not work on json parameters."
	}
	return ""
}

func abs(f float64) float64 {
	if f < 0 {
		return -f
	}
	return f
}
