package references

import (
	"strconv"
	"strings"

	"heat-ls/analysis/check/pass"
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
// the parameter values. heat-ls judges every input, so it asks the
// evaluator for one under which Heat refuses (eval.FindInput: the
// compared string parameters take their defaults, allowed values and the
// texts they are compared with); a condition that stays undecided leaves
// the reference unjudged.

// conditionalTarget reports a get_resource or get_attr (c, naming the
// resource name) that some input makes Heat read while the resource's
// condition leaves it out.
func (r *refChecker) conditionalTarget(c *hot.Call, name *syntax.Node) {
	if !r.v.Supports(schema.FeatureResourceCondition) {
		return
	}
	target := r.p.OtherResource(name.Value)
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
	if n := target.ConditionRef.Resolve(); n.IsScalar() && n.Tag() == "!!str" {
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
		if n := tm.expr.Resolve(); n.IsScalar() && n.Tag() == "!!str" {
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
	ts := make([]eval.CondTerm, len(terms))
	for i, tm := range terms {
		ts[i] = eval.CondTerm{Expr: tm.expr, Want: tm.want}
	}
	if picks, ok := eval.FindInput(r.p.T, r.search, ts, r.unknown); ok {
		w = describe(picks)
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

// describe words an input FindInput found: the parameter defaults, or
// the values that differ from them.
func describe(picks []eval.Pick) string {
	var parts []string
	for _, p := range picks {
		switch {
		case p.Default:
		case p.AnyOther && len(p.Others) == 0:
			parts = append(parts, "`"+p.Param+"` set to any text")
		case p.AnyOther:
			parts = append(parts, "`"+p.Param+"` set to a text other than `"+strings.Join(p.Others, "` or `")+"`")
		default:
			parts = append(parts, "`"+p.Param+"` set to `"+p.Text+"`")
		}
	}
	if len(parts) == 0 && len(picks) == 0 {
		return anyInput
	}
	if len(parts) == 0 {
		return defaultInput
	}
	return "with " + strings.Join(parts, " and ")
}
