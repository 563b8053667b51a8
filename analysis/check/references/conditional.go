package references

import (
	"strconv"
	"strings"

	"heat-ls/analysis/check/pass"
	"heat-ls/analysis/check/values"
	"heat-ls/analysis/eval"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/rules"
	"heat-ls/analysis/source"
	"heat-ls/analysis/syntax"
	"heat-ls/schema"
)

// Heat leaves a resource whose condition is false out of the stack, and a
// get_attr or get_resource naming it then names nothing: Heat refuses the
// template at validate ("The specified reference ... is incorrect") when
// such a reference is read while the resource is left out. It is read in
// a resource Heat keeps (get_resource in its properties or metadata,
// where the dependencies come from; get_attr anywhere in it), in an
// output Heat keeps (get_attr only: Heat checks get_attr there, not
// get_resource), and in the branch of an if its condition takes. A
// depends_on naming the resource is dropped instead (the oracle accepts
// it), as is a reference in an if branch not taken.
//
// Whether the resource is left out where the reference is read depends on
// the parameter values. heat-ls judges every input, so it looks for one
// input under which Heat refuses: the conditions involved may compare
// string parameters (no path) with texts and with each other, and each
// such parameter takes its allowed values, or else its default, the texts
// it is compared with and one text besides them. The evaluator works the
// conditions out under each such input, every other parameter unknown; a
// condition that stays undecided (it depends on another parameter, a
// pseudo parameter or what only a live stack knows) leaves the reference
// unjudged.

// maxConditionInputs bounds the inputs tried for one reference.
const maxConditionInputs = 1024

// maxConditionDepth bounds the walk through condition names (a loop among
// them is reported by the condition-cycle rule).
const maxConditionDepth = 32

// conditionalTarget reports a get_resource or get_attr (c, naming the
// resource name) that some input makes Heat read while the resource's
// condition leaves it out.
func (r *refChecker) conditionalTarget(c *hot.Call, name *syntax.Node) {
	if !r.v.Supports(schema.FeatureResourceCondition) {
		return
	}
	target := r.p.T.Resource(name.Value)
	if target == nil || target.ConditionRef == nil {
		return
	}
	reach, ok := r.readWhen(c)
	if !ok {
		return
	}
	witness := r.inputFor(append(reach, condTerm{target.ConditionRef, false}))
	if witness == "" {
		return
	}
	cond := "its condition"
	if n := target.ConditionRef.Resolve(); n.IsScalar() && n.Tag == "!!str" {
		cond = "its condition `" + n.Value + "`"
	}
	fix := "the output's `condition`, or an `if` on it"
	if c.Context == hot.InResource {
		fix = "`" + c.Owner.Name + "`'s `condition`, or an `if` on it"
	}
	d := r.p.Reportf(name.Span(), rules.UndefinedResource,
		"`%s` "+leftOutPhrase+" %s is false, but this %s is still read then (%s, for one), so Heat refuses the template: the reference names no resource. Read it only under the resource's condition (%s).",
		name.Value, cond, c.Name, witness, fix)
	d.Related = []source.Related{{Span: target.ConditionRef.Span(), Message: "the resource's condition"}}
}

// The words that say which input leaves a read resource out. The
// differential test reads them back (difftest.LeftOutUnderOtherInput,
// kept true by TestLeftOutMessagesReadBack).
const (
	leftOutPhrase = "is left out of the stack when"
	anyInput      = "whatever the parameters"
	defaultInput  = "with the parameter defaults"
)

// inputFor describes an input under which every term has its wanted
// value, "" when none is found or the terms are beyond the search. The
// answer is remembered: references under the same guard to the same
// resource ask the same question.
func (r *refChecker) inputFor(terms []condTerm) string {
	var key strings.Builder
	ids := make([]string, len(terms))
	for i, tm := range terms {
		// a condition's name stands for it wherever it is written
		if n := tm.expr.Resolve(); n.IsScalar() && n.Tag == "!!str" {
			ids[i] = "n" + n.Value
		} else {
			sp := tm.expr.Span()
			ids[i] = "s" + strconv.Itoa(sp.Start) + ":" + strconv.Itoa(sp.End)
		}
		for j := range i {
			if ids[j] == ids[i] && terms[j].want != tm.want {
				return "" // the same condition both true and false: no input
			}
		}
		key.WriteString(ids[i])
		if tm.want {
			key.WriteString("\x00t\x00")
		} else {
			key.WriteString("\x00f\x00")
		}
	}
	if w, ok := r.inputs[key.String()]; ok {
		return w
	}
	w := ""
	if r.unknown == nil {
		r.unknown = pass.UnknownParams(r.p.T)
		r.search = eval.New(r.p.T, eval.Options{Version: r.v, Params: r.unknown})
	}
	if search, ok := newInputSearch(r.p.T, r.search, terms, r.unknown); ok {
		w, _ = search.find()
	}
	if r.inputs == nil {
		r.inputs = map[string]string{}
	}
	r.inputs[key.String()] = w
	return w
}

// condTerm is a condition expression and the value it must have.
type condTerm struct {
	expr *syntax.Node
	want bool
}

// readWhen lists what must hold for Heat to read the call c: its owner
// kept, every enclosing if taking the branch c lies in. ok is false when
// Heat never reads it as a reference or the place is not understood.
func (r *refChecker) readWhen(c *hot.Call) ([]condTerm, bool) {
	var terms []condTerm
	switch c.Context {
	case hot.InResource:
		res := pass.ResourceOf(r.p.T, c.Owner)
		if res == nil {
			return nil, false
		}
		if c.Name == "get_resource" && !looksUpResource(res, c) || withinField(res, c, "deletion_policy") {
			return nil, false
		}
		if res.ConditionRef != nil {
			terms = append(terms, condTerm{res.ConditionRef, true})
		}
	case hot.InOutput:
		o := pass.OutputOf(r.p.T, c.Owner)
		if o == nil || c.Name != "get_attr" {
			return nil, false
		}
		if o.ConditionRef != nil && r.v.Supports(schema.FeatureOutputCondition) {
			terms = append(terms, condTerm{o.ConditionRef, true})
		}
	default:
		return nil, false
	}
	return r.branchTerms(c, terms)
}

// branchTerms adds to terms what must hold for every if around c to take
// the branch c lies in; ok is false when an if's arguments are not
// understood.
func (r *refChecker) branchTerms(c *hot.Call, terms []condTerm) ([]condTerm, bool) {
	if !r.v.HasFunction("if") {
		return terms, true
	}
	for cur := c; cur.Parent != nil; cur = cur.Parent {
		par := cur.Parent
		if par.Name != "if" {
			continue
		}
		a := par.Args.Resolve()
		if !a.IsSequence() || len(a.Items()) < 2 {
			return nil, false
		}
		items := a.Items()
		switch sp := cur.Map.Span(); {
		case pass.SpanWithin(sp, items[1].Span()):
			terms = append(terms, condTerm{items[0], true})
		case len(items) > 2 && pass.SpanWithin(sp, items[2].Span()):
			terms = append(terms, condTerm{items[0], false})
		default:
			return nil, false
		}
	}
	return terms, true
}

// looksUpResource tells whether Heat looks up the resource a get_resource
// c of a resource it keeps names: in its properties and metadata (where
// it finds the dependencies), its external_id (resolved while it finds
// them) and its update_policy (resolved while it validates the resource;
// hc/cond-ref-external-id-get-resource, hc/cond-ref-update-policy-get-resource).
// deletion_policy is judged apart (deletionPolicyRef).
func looksUpResource(res *hot.Resource, c *hot.Call) bool {
	for _, key := range []string{"properties", "metadata", "external_id", "update_policy"} {
		if withinField(res, c, key) {
			return true
		}
	}
	return false
}

// withinField reports whether c lies in the resource's field key.
func withinField(res *hot.Resource, c *hot.Call, key string) bool {
	f := res.Field(key)
	return f.Key != nil && f.Value != nil && pass.SpanWithin(c.Map.Span(), f.Value.Span())
}

// inputSearch tries parameter values on condition terms.
type inputSearch struct {
	t     *hot.Template
	terms []condTerm
	// names are the parameters the terms compare, values their candidate
	// texts (the default first when there is one), other the index of the
	// text that stands for "any other text" (-1 when none).
	names  []string
	values [][]string
	other  []int
	hasDef []bool
	pick   map[string]string
	// params are the evaluator's parameter values: every parameter
	// unknown but, while holds runs, the picked texts.
	params map[string]eval.Value
	saved  []eval.Value // the unknowns the picked texts stand in for
	// e works the terms out; Reset for each input.
	e *eval.Evaluator
}

// newInputSearch gathers the parameters the terms compare and their
// candidate values; ok is false when a term is beyond the search.
func newInputSearch(t *hot.Template, e *eval.Evaluator, terms []condTerm, unknown map[string]eval.Value) (*inputSearch, bool) {
	s := &inputSearch{t: t, e: e, terms: terms, params: unknown}
	texts := map[string][]string{}
	var order []string
	ok := true
	seen := map[string]bool{}
	var walk func(n *syntax.Node, depth int)
	walk = func(n *syntax.Node, depth int) {
		n = n.Resolve()
		if !ok || n == nil || n.IsNull() {
			return
		}
		if depth > maxConditionDepth {
			ok = false
			return
		}
		if n.IsScalar() {
			if _, isBool := values.YamlBool(n); isBool || n.Tag != "!!str" {
				return
			}
			if c := t.Condition(n.Value); c != nil && !seen[n.Value] {
				seen[n.Value] = true
				walk(c.Value, depth+1)
			}
			return
		}
		if !n.IsMapping() || n.NumPairs() != 1 {
			return
		}
		args := n.Pair(0).Value.Resolve()
		switch n.Pair(0).Key.Value {
		case "not":
			walk(args, depth+1)
		case "and", "or":
			for _, it := range args.Items() {
				walk(it, depth+1)
			}
		case "equals":
			a, b, isEquals := values.EqualsArgs(n)
			if !isEquals {
				return
			}
			var params, lits []string
			for _, side := range []*syntax.Node{a, b} {
				if p, isParam := paramName(side); isParam {
					params = append(params, p)
				} else if lit := side.Resolve(); lit.IsScalar() && lit.Tag == "!!str" {
					lits = append(lits, lit.Value)
				}
			}
			for _, p := range params {
				if _, known := texts[p]; !known {
					order = append(order, p)
				}
				texts[p] = append(texts[p], lits...)
			}
		}
	}
	for _, tm := range terms {
		walk(tm.expr, 0)
	}
	if !ok {
		return nil, false
	}
	total := 1
	for _, name := range order {
		vals, other, hasDef, known := candidateValues(t, name, texts[name])
		if !known {
			return nil, false
		}
		s.names = append(s.names, name)
		s.values = append(s.values, vals)
		s.other = append(s.other, other)
		s.hasDef = append(s.hasDef, hasDef)
		if total *= len(vals); total > maxConditionInputs {
			return nil, false
		}
	}
	return s, true
}

// paramName is the parameter of a get_param with a plain name.
func paramName(n *syntax.Node) (string, bool) {
	n = n.Resolve()
	if !n.IsMapping() || n.NumPairs() != 1 || n.Pair(0).Key.Value != "get_param" {
		return "", false
	}
	a := n.Pair(0).Value.Resolve()
	if !a.IsScalar() || a.Tag != "!!str" {
		return "", false
	}
	return a.Value, true
}

// candidateValues are the texts a string parameter is tried with. known
// is false for a parameter heat-ls cannot stand values in for.
func candidateValues(t *hot.Template, name string, compared []string) (vals []string, other int, hasDef, known bool) {
	prm := t.Parameter(name)
	if prm == nil {
		return nil, 0, false, false
	}
	if typ := prm.Field("type").Value.Resolve(); !typ.IsScalar() || typ.Value != "string" {
		return nil, 0, false, false
	}
	def := ""
	if d := prm.Field("default"); d.Key != nil {
		v := d.Value.Resolve()
		if !v.IsScalar() || v.Tag != "!!str" {
			return nil, 0, false, false
		}
		def, hasDef = v.Value, true
	}
	add := func(v string) {
		for _, have := range vals {
			if have == v {
				return
			}
		}
		vals = append(vals, v)
	}
	if hasDef {
		add(def)
	}
	var allowed *syntax.Node
	constrained := false
	if cs := prm.Field("constraints").Value.Resolve(); cs != nil && !cs.IsNull() {
		if !cs.IsSequence() {
			return nil, 0, false, false
		}
		for _, c := range cs.Items() {
			c = c.Resolve()
			if !c.IsMapping() {
				return nil, 0, false, false
			}
			if av := c.Lookup("allowed_values"); av.Key != nil && allowed == nil {
				allowed = av.Value.Resolve()
			} else if c.NumPairs() > 1 || c.Lookup("description").Key == nil {
				constrained = true
			}
		}
	}
	if constrained {
		// Other constraints (length, pattern...) may refuse a text
		// heat-ls would try; only the default is known to pass.
		return vals, -1, hasDef, hasDef
	}
	if allowed != nil {
		if !allowed.IsSequence() {
			return nil, 0, false, false
		}
		defAllowed := false
		for _, it := range allowed.Items() {
			if it = it.Resolve(); !it.IsScalar() || it.Tag != "!!str" {
				return nil, 0, false, false
			}
			add(it.Value)
			defAllowed = defAllowed || hasDef && it.Value == def
		}
		// A default outside the allowed values is refused by itself.
		return vals, -1, hasDef, len(vals) > 0 && (!hasDef || defAllowed)
	}
	for _, v := range compared {
		add(v)
	}
	// One text that equals none of the others.
	fresh := "\x00other"
	vals = append(vals, fresh)
	return vals, len(vals) - 1, hasDef, true
}

// find tries the inputs, the defaults first, and describes the first one
// under which every term has its wanted value.
func (s *inputSearch) find() (string, bool) {
	idx := make([]int, len(s.names))
	s.pick = make(map[string]string, len(s.names))
	for {
		for i, name := range s.names {
			s.pick[name] = s.values[i][idx[i]]
		}
		match, ok := s.holds()
		if !ok {
			return "", false
		}
		if match {
			return s.describe(idx), true
		}
		i := 0
		for ; i < len(idx); i++ {
			if idx[i]++; idx[i] < len(s.values[i]) {
				break
			}
			idx[i] = 0
		}
		if i == len(idx) {
			return "", false
		}
	}
}

// holds tells whether every term has its wanted value under s.pick, as
// the evaluator works the terms out with the picked texts and every
// other parameter unknown; ok is false when one cannot be decided.
func (s *inputSearch) holds() (match, ok bool) {
	if s.saved == nil {
		s.saved = make([]eval.Value, len(s.names))
	}
	for i, name := range s.names {
		s.saved[i] = s.params[name]
		s.params[name] = eval.StringValue(s.pick[name])
	}
	defer func() {
		for i, name := range s.names {
			s.params[name] = s.saved[i]
		}
	}()
	e := s.e
	e.Reset(s.params)
	for _, tm := range s.terms {
		v := e.Condition(tm.expr)
		if v.Kind != eval.Bool {
			return false, false
		}
		if v.B != tm.want {
			return false, true
		}
	}
	return true, true
}

// describe words the input idx picks: the parameter defaults, or the
// values that differ from them.
func (s *inputSearch) describe(idx []int) string {
	var parts []string
	for i, name := range s.names {
		if idx[i] == 0 && s.hasDef[i] {
			continue
		}
		if idx[i] == s.other[i] {
			var others []string
			for j, v := range s.values[i] {
				if j != s.other[i] {
					others = append(others, "`"+v+"`")
				}
			}
			if len(others) == 0 {
				parts = append(parts, "`"+name+"` set to any text")
			} else {
				parts = append(parts, "`"+name+"` set to a text other than "+strings.Join(others, " or "))
			}
			continue
		}
		parts = append(parts, "`"+name+"` set to `"+s.values[i][idx[i]]+"`")
	}
	if len(parts) == 0 && len(s.names) == 0 {
		return anyInput
	}
	if len(parts) == 0 {
		return defaultInput
	}
	return "with " + strings.Join(parts, " and ")
}
