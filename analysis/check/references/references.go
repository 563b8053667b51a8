package references

import (
	"sort"

	"heat-ls/analysis/check/functions"
	"heat-ls/analysis/check/pass"
	"heat-ls/analysis/check/values"
	"heat-ls/analysis/eval"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/rules"
	"heat-ls/analysis/source"
	"heat-ls/analysis/syntax"
	"heat-ls/schema"
)

// CheckReferences reports names that point nowhere: get_param of an
// undeclared parameter, get_resource / get_attr / depends_on of an
// undefined resource, get_attr of an attribute the type lacks, and
// condition names that the conditions section does not define. Every
// lookup is a map access; suggestions are computed only for misses.
//
// A call is judged alone (EachCallAlone) and a resource's depends_on and
// condition with the resource (EachResourceAlone), so after an edit in
// one resource only its calls are judged again: what a judge reads of
// another resource's body (its condition, a group's members) it reads
// through Pass.OtherResource, and a get_attr that Heat checks against
// every attribute the template reads marks its resource as reading all
// (Pass.ReadsEveryResource). The calls of the conditions section are
// judged every time: whether a condition is used at all depends on every
// resource and output.
func CheckReferences(p *pass.Pass) {
	r := newRefChecker(p)
	p.EachCallAlone(func(i int, c *hot.Call) {
		if c.Context != hot.InParameter && c.Context != hot.InCondition {
			r.call(i, c)
		}
	})
	for i, c := range p.T.Calls {
		if c.Context == hot.InCondition {
			r.call(i, c)
		}
	}
	p.EachResourceAlone(func(res *hot.Resource) {
		for _, dep := range res.DependsOn {
			if dep.Value == res.Name {
				p.Reportf(dep.Span(), rules.DependsOnSelf,
					"`%s` depends on itself, which Heat refuses as a circular dependency. Remove it from depends_on.", dep.Value)
				continue
			}
			r.resource(dep, "depends_on", false)
		}
		if res.ConditionRef != nil && r.v.Supports(schema.FeatureResourceCondition) {
			r.conditionUse(res.ConditionRef)
		}
	})
	if r.v.Supports(schema.FeatureOutputCondition) {
		for _, o := range p.T.Outputs {
			if o.ConditionRef != nil {
				r.conditionUse(o.ConditionRef)
			}
		}
	}
	if r.spellWork > maxSpellWork/2 {
		// Past half the budget, whether a miss gets suggestions depends
		// on the misses judged before it, which a run that judges one
		// resource again does not see: no findings are carried over.
		p.KeepNoEntries()
	}
}

// call judges the i-th call of the template, c.
func (r *refChecker) call(i int, c *hot.Call) {
	cond := r.p.InConditionPosition(i)
	if cond && !r.v.IsConditionFunction(c.Name) || !cond && !r.v.HasFunction(c.Name) {
		return
	}
	switch c.Name {
	case "get_param":
		r.getParam(c)
	case "Ref":
		// HOT 2013-05-23's Ref reads a resource by that name, else a
		// parameter (a pseudo parameter too).
		if n := values.Literal(c.Args); !values.IsScalarLiteral(n) || r.p.T.Resource(n.Value) == nil {
			r.getParam(c)
		}
	case "get_resource":
		r.deletionPolicyRef(c)
		if n := values.Literal(c.Args); values.IsScalarLiteral(n) && r.resource(n, "get_resource", c.Context == hot.InOutput) {
			r.conditionalTarget(c, n)
		}
	case "get_attr":
		r.deletionPolicyRef(c)
		r.getAttr(c)
	case "if":
		if a := c.Args.Resolve(); a.IsSequence() && len(a.Items()) > 0 {
			r.conditionUse(a.Items()[0])
		}
	case "not":
		r.conditionName(c, c.Args)
	case "and", "or":
		if a := c.Args.Resolve(); a.IsSequence() {
			for _, it := range a.Items() {
				r.conditionName(c, it)
			}
		}
	}
}

type refChecker struct {
	p *pass.Pass
	v *schema.Version
	// broken memoises whether a condition refers, directly or through
	// other conditions, to an undefined one (1 broken, 2 fine, 3 visiting).
	broken map[string]uint8
	// cands, near and spellWork serve suggest.
	// live memoises values.LiveConditions(p.T).
	live map[string]bool
	// inputs memoises inputFor.
	inputs map[string]string
	// unknown holds every parameter unknown, for the input searches
	// (each sets the texts it picks and puts the unknowns back); search
	// is the evaluator they share, reset for each input.
	unknown map[string]eval.Value
	search  *eval.Evaluator
	// reads and readsUnknown memoise readAttributes.
	reads        map[string]map[string]bool
	readsUnknown bool
	cands        map[string][]string
	near         map[string][]string
	spellWork    int
}

// maxSpellWork bounds the name comparisons one run spends on "did you
// mean" for undefined references: each compares the name with every
// declared one, so a template with thousands of both would otherwise cost
// their product. Past it, problems come without suggestions.
const maxSpellWork = 1_000_000

// suggest returns the declared names of kind (listed by all, once) close
// to name, remembered per name and within maxSpellWork.
func (r *refChecker) suggest(kind, name string, all func() []string) []string {
	key := kind + "\x00" + name
	if near, ok := r.near[key]; ok {
		return near
	}
	if r.cands == nil {
		r.cands, r.near = map[string][]string{}, map[string][]string{}
	}
	cands, ok := r.cands[kind]
	if !ok {
		cands = all()
		r.cands[kind] = cands
	}
	var near []string
	if r.spellWork+len(cands) <= maxSpellWork {
		r.spellWork += len(cands)
		near = pass.ClosestNames(name, cands, 3, pass.SuggestionDistance(name))
	}
	r.near[key] = near
	return near
}

func newRefChecker(p *pass.Pass) *refChecker {
	v := pass.DeclaredVersion(p)
	if v == nil {
		v = p.Schema.Latest()
	}
	return &refChecker{p: p, v: v}
}

// liveConditions is the set of conditions Heat evaluates for this
// template, computed once.
func (r *refChecker) liveConditions() map[string]bool {
	if r.live == nil {
		r.live = values.LiveConditions(r.p.T)
	}
	return r.live
}

func (r *refChecker) getParam(c *hot.Call) {
	name := values.Literal(c.Args)
	if name.IsSequence() && len(name.Items()) > 0 {
		name = values.Literal(name.Items()[0])
	}
	if !values.IsScalarLiteral(name) || r.p.T.Parameter(name.Value) != nil || r.v.IsPseudoParameter(name.Value) {
		return
	}
	near := r.suggest("parameter", name.Value, func() []string {
		cands := make([]string, 0, len(r.p.T.Parameters)+len(r.v.PseudoParameters))
		for _, prm := range r.p.T.Parameters {
			cands = append(cands, prm.Name)
		}
		return append(cands, r.v.PseudoParameters...)
	})
	// An empty name is no undeclared parameter but a missing one; Heat
	// words it so too ("must have arguments").
	subject, fix := "The parameter `"+name.Value+"` is not declared", "Declare it under `parameters`."
	if c.Name == "Ref" {
		subject, fix = "`Ref` names `"+name.Value+"`, which is neither a parameter nor a resource", "Declare it under `parameters` or `resources`."
	}
	if name.Value == "" {
		subject, fix = "`get_param` names no parameter (the name is empty)", "Write the name of a declared parameter."
		near = nil
	}
	report, msg := r.p.Errorf, subject+", so stack create fails. "+fix
	switch owner := functions.PropertiesOwner(r.p, c); {
	case c.Context == hot.InOutput:
		msg = subject + ", so showing this output fails. " + fix
		report = r.p.Warnf
	case c.Context == hot.InCondition && c.Owner != nil && !r.liveConditions()[c.Owner.Name]:
		// Heat resolves a condition only when something uses it, so an
		// unused one never fails (the oracle accepts it at create).
		msg = subject + ", so stack create fails once a resource or output uses this condition. " + fix
		report = r.p.Warnf
	case owner != nil && functions.IgnoresProperties(r.p, owner):
		msg = subject + ". Heat lets it through only because `" + owner.Type + "` never reads its properties. " + fix
		report = r.p.Warnf
	}
	d := report(name.Span(), rules.UndefinedParameter, "%s%s", msg, pass.DidYouMean(near))
	d.Suggestions = near
	d.Data = map[string]string{"kind": "parameter", "name": name.Value, "guessedType": guessParameterType(r.p, c)}
}

// guessParameterType guesses the type an undeclared parameter needs from
// the property it fills, for the quick fix that declares it.
func guessParameterType(p *pass.Pass, c *hot.Call) string {
	if prop := functions.PropertyHolding(p, c); prop != nil {
		switch prop.Type {
		case "integer", "number":
			return "number"
		case "list":
			return "comma_delimited_list"
		case "map":
			return "json"
		case "boolean":
			return "boolean"
		}
	}
	return "string"
}

// resource reports name when no resource has it. Heat refuses the template
// for it, except for a get_resource in an output (shown is true): Heat
// checks get_attr there but not get_resource, so only showing the output
// fails and it is a warning.
func (r *refChecker) resource(name *syntax.Node, via string, shown bool) bool {
	if r.p.T.Resource(name.Value) != nil {
		return true
	}
	near := r.suggest("resource", name.Value, func() []string {
		cands := make([]string, 0, len(r.p.T.Resources))
		for _, res := range r.p.T.Resources {
			cands = append(cands, res.Name)
		}
		return cands
	})
	report, outcome := r.p.Errorf, "Heat refuses the template"
	if shown {
		report, outcome = r.p.Warnf, "showing this output fails (Heat accepts the template itself)"
	}
	d := report(name.Span(), rules.UndefinedResource,
		"No resource is named `%s` (used by %s), so %s.%s", name.Value, via, outcome, pass.DidYouMean(near))
	d.Suggestions = near
	d.Data = map[string]string{"kind": "resource", "name": name.Value}
	return false
}

func (r *refChecker) getAttr(c *hot.Call) {
	a := c.Args.Resolve()
	if !a.IsSequence() || len(a.Items()) == 0 {
		return
	}
	resName := values.Literal(a.Items()[0])
	if !values.IsScalarLiteral(resName) || !r.resource(resName, "get_attr", false) {
		return
	}
	r.conditionalTarget(c, resName)
	if len(a.Items()) < 2 {
		return
	}
	attr := values.Literal(a.Items()[1])
	if !values.IsScalarLiteral(attr) || attr.Value == "show" {
		return
	}
	res := r.p.OtherResource(resName.Value)
	if res.Type == "OS::Heat::ResourceGroup" {
		r.groupMemberAttribute(res, attr)
		return
	}
	rt, ok := r.p.Schema.ResourceType(res.Type)
	// A stub answers any attribute (null); a hidden type that is still
	// implemented is judged like any other (the oracle refuses an unknown
	// attribute of the hidden OS::Neutron::LoadBalancer).
	if !ok || rt.DynamicAttributes || rt.AcceptsAnyProperties || rt.NoOp {
		return
	}
	if _, ok := rt.Attribute(attr.Value); ok {
		r.policyAttribute(c, resName, attr)
		return
	}
	near := nearAttributes(rt, attr.Value)
	d := r.p.Reportf(attr.Span(), rules.UnknownAttribute,
		"`%s` (%s) has no attribute `%s`, so Heat refuses the template.%s", resName.Value, rt.Name, attr.Value, pass.DidYouMean(near))
	d.Suggestions = near
	d.Related = []source.Related{{Span: res.Key.Span(), Message: "the resource"}}
}

// conditionName checks a string argument of not/and/or that names a
// condition. Inside the conditions section Heat only fails once a
// resource or output uses the condition (reported there), so a warning.
func (r *refChecker) conditionName(c *hot.Call, n *syntax.Node) {
	n = values.Literal(n)
	if !values.IsScalarLiteral(n) || n.Tag() == "!!bool" || r.p.T.Condition(n.Value) != nil {
		return
	}
	if _, isBool := values.YamlBool(n); isBool {
		return
	}
	if c.Name != "not" && values.OperandSkipped(r.p.AnyInput(), c, n) {
		d := r.undefinedCondition(n, func(sp source.Span, id, format string, args ...any) *source.Diagnostic {
			return r.p.ReportInf(sp, id, rules.SkippedOperand, format, args...)
		})
		d.Message += " Heat accepts it only because an earlier operand always decides the result, so it never looks at this one."
		return
	}
	if c.Context == hot.InCondition {
		d := r.undefinedCondition(n, r.p.Warnf)
		d.Message += " Heat fails once a resource or output uses this condition."
		return
	}
	r.undefinedCondition(n, r.p.Errorf)
}

// conditionUse checks a place that uses a condition: a resource's or an
// output's condition key, or the first argument of if. A name must be
// defined, and the condition it names must not itself refer to an
// undefined one. Booleans and inline expressions are checked elsewhere.
func (r *refChecker) conditionUse(n *syntax.Node) {
	n = values.Literal(n)
	if !values.IsScalarLiteral(n) || n.Tag() == "!!bool" {
		return
	}
	if _, isBool := values.YamlBool(n); isBool {
		return
	}
	if r.p.T.Condition(n.Value) == nil {
		r.undefinedCondition(n, r.p.Errorf)
		return
	}
	if missing := r.brokenBy(n.Value); missing != "" {
		d := r.p.Reportf(n.Span(), rules.UndefinedCondition,
			"The condition `%s` refers to `%s`, which is not defined, so Heat refuses what uses it. Define `%s` or fix the reference.",
			n.Value, missing, missing)
		d.Related = []source.Related{{Span: r.p.T.Condition(n.Value).Key.Span(), Message: "the condition"}}
	}
}

func (r *refChecker) undefinedCondition(n *syntax.Node, report func(source.Span, string, string, ...any) *source.Diagnostic) *source.Diagnostic {
	near := r.suggest("condition", n.Value, func() []string {
		cands := make([]string, 0, len(r.p.T.Conditions))
		for _, c := range r.p.T.Conditions {
			cands = append(cands, c.Name)
		}
		return cands
	})
	d := report(n.Span(), rules.UndefinedCondition,
		"No condition is named `%s`; define it in the `conditions` section.%s", n.Value, pass.DidYouMean(near))
	d.Suggestions = near
	d.Data = map[string]string{"kind": "condition", "name": n.Value}
	return d
}

// brokenBy returns the first undefined condition name that the condition
// name refers to, directly or through other conditions, or "".
func (r *refChecker) brokenBy(name string) string {
	if r.broken == nil {
		r.broken = map[string]uint8{}
	}
	return r.walkCondition(name, 0)
}

func (r *refChecker) walkCondition(name string, depth int) string {
	if r.broken[name] != 0 || depth > 256 {
		return "" // fine, visiting (a cycle, reported elsewhere) or memoised
	}
	cd := r.p.T.Condition(name)
	if cd == nil {
		if name == "" {
			return "''" // the empty name, which "" would hide
		}
		return name
	}
	r.broken[name] = 3
	missing := ""
	eachConditionName(r.p.AnyInput(), cd.Value, func(n *syntax.Node) bool {
		missing = r.walkCondition(n.Value, depth+1)
		return missing == ""
	})
	if missing != "" {
		r.broken[name] = 1
		return missing
	}
	r.broken[name] = 2
	return ""
}

// eachConditionName calls fn for every condition name an expression
// refers to (a body that is just a name, string arguments of not, and,
// or, but not the operands Heat never judges: SkippedOperands), until fn
// returns false.
func eachConditionName(anyInput *eval.Evaluator, n *syntax.Node, fn func(*syntax.Node) bool) {
	if r := n.Resolve(); isConditionNameNode(r) {
		fn(r)
		return
	}
	walkConditionNames(anyInput, n, fn, 0)
}

// isConditionNameNode: a plain string scalar that Heat does not read as a
// boolean names a condition.
func isConditionNameNode(r *syntax.Node) bool {
	if !values.IsScalarLiteral(r) || r.Tag() == "!!bool" {
		return false
	}
	_, isBool := values.YamlBool(r)
	return !isBool
}

func walkConditionNames(anyInput *eval.Evaluator, n *syntax.Node, fn func(*syntax.Node) bool, depth int) bool {
	n = n.Resolve()
	if !n.IsMapping() || n.NumPairs() != 1 || depth > 256 {
		return true
	}
	args := n.Pair(0).Value.Resolve()
	var items []*syntax.Node
	var skipped []bool
	switch fn := n.Pair(0).Key.Value; fn {
	case "not":
		items = []*syntax.Node{args}
	case "and", "or":
		if args.IsSequence() {
			items = args.Items()
			skipped = values.SkippedOperands(anyInput, fn, args)
		}
	default:
		return true
	}
	for i, it := range items {
		r := it.Resolve()
		if i < len(skipped) && skipped[i] && !values.IsFunctionCall(r) {
			continue
		}
		if values.IsScalarLiteral(r) {
			if isConditionNameNode(r) && !fn(r) {
				return false
			}
			continue
		}
		if !walkConditionNames(anyInput, r, fn, depth+1) {
			return false
		}
	}
	return true
}

// nearAttributes names the attributes of rt (and show) closest to a
// misspelt one. Hidden attributes are still accepted, so they are fair
// suggestions (first_address for first_adress).
func nearAttributes(rt *schema.ResourceType, name string) []string {
	names := []string{"show"}
	for n := range rt.Attributes() {
		names = append(names, n)
	}
	sort.Strings(names)
	return pass.ClosestNames(name, names, 3, pass.SuggestionDistance(name))
}
