package eval

import (
	"heat-ls/analysis/hot"
	"heat-ls/analysis/syntax"
)

// Some input: the parameter values that make conditions come out as
// wanted. A check that asks "is there an input under which Heat refuses?"
// (a resource read while its condition leaves it out) needs more than
// the defaults and less than every text: the conditions may compare
// string parameters (no path) with texts and with each other, and each
// such parameter takes its allowed values, or else its default, the
// texts it is compared with and one text besides them. Every other
// parameter stays unknown, so a condition that depends on it, on a
// pseudo parameter or on what only a live stack knows stays undecided
// and the search gives up.

// MaxInputs bounds the inputs FindInput tries.
const MaxInputs = 1024

// maxInputDepth bounds the walk through condition names (a loop among
// them is the condition-cycle rule's to report).
const maxInputDepth = 32

// CondTerm is a condition expression and the truth it must have.
type CondTerm struct {
	Expr *syntax.Node
	Want bool
}

// Pick is the text one compared parameter takes in the input found.
type Pick struct {
	Param string
	// Text is the text tried; Default says it is the parameter's
	// default.
	Text    string
	Default bool
	// AnyOther says the text stands for any text but Others (the
	// parameter's other candidate texts).
	AnyOther bool
	Others   []string
}

// FindInput looks for an input under which every term has its wanted
// truth, trying the defaults first, and returns the compared parameters'
// texts in it (none when no parameter is compared: any input does). ok
// is false when no input is found or the terms are beyond the search.
//
// e evaluates the terms; unknown are its parameter values with every
// parameter unknown, which FindInput changes while it runs and restores
// (e is Reset to each input tried).
func FindInput(t *hot.Template, e *Evaluator, terms []CondTerm, unknown map[string]Value) ([]Pick, bool) {
	s, ok := newInputSearch(t, e, terms, unknown)
	if !ok {
		return nil, false
	}
	return s.find()
}

// inputSearch tries parameter values on condition terms.
type inputSearch struct {
	terms []CondTerm
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
	params map[string]Value
	saved  []Value // the unknowns the picked texts stand in for
	e      *Evaluator
}

// newInputSearch gathers the parameters the terms compare and their
// candidate values; ok is false when a term is beyond the search.
func newInputSearch(t *hot.Template, e *Evaluator, terms []CondTerm, unknown map[string]Value) (*inputSearch, bool) {
	s := &inputSearch{e: e, terms: terms, params: unknown}
	w := comparedWalk{t: t, texts: map[string][]string{}, seen: map[string]bool{}, ok: true}
	for _, tm := range terms {
		w.walk(tm.Expr, 0)
	}
	if !w.ok {
		return nil, false
	}
	total := 1
	for _, name := range w.order {
		vals, other, hasDef, known := candidateValues(t, name, w.texts[name])
		if !known {
			return nil, false
		}
		s.names = append(s.names, name)
		s.values = append(s.values, vals)
		s.other = append(s.other, other)
		s.hasDef = append(s.hasDef, hasDef)
		if total *= len(vals); total > MaxInputs {
			return nil, false
		}
	}
	return s, true
}

// comparedWalk finds the string parameters a condition compares and the
// texts each is compared with, through named conditions, not, and and
// or; ok turns false past maxInputDepth.
type comparedWalk struct {
	t     *hot.Template
	texts map[string][]string
	order []string
	seen  map[string]bool
	ok    bool
}

func (w *comparedWalk) walk(n *syntax.Node, depth int) {
	n = n.Resolve()
	if !w.ok || n == nil || n.IsNull() {
		return
	}
	if depth > maxInputDepth {
		w.ok = false
		return
	}
	if n.IsScalar() {
		if n.Style == syntax.Plain && IsYAML11BoolText(n.Value) || n.Tag() != "!!str" {
			return
		}
		if c := w.t.Condition(n.Value); c != nil && !w.seen[n.Value] {
			w.seen[n.Value] = true
			w.walk(c.Value, depth+1)
		}
		return
	}
	if !n.IsMapping() || n.NumPairs() != 1 {
		return
	}
	args := n.Pair(0).Value.Resolve()
	switch n.Pair(0).Key.Value {
	case "not":
		w.walk(args, depth+1)
	case "and", "or":
		for _, it := range args.Items() {
			w.walk(it, depth+1)
		}
	case "equals":
		if args.IsSequence() && len(args.Items()) == 2 {
			w.equals(args.Items())
		}
	}
}

// equals notes the parameters an equals compares and the texts beside
// them.
func (w *comparedWalk) equals(sides []*syntax.Node) {
	var params, lits []string
	for _, side := range sides {
		if p, isParam := paramName(side); isParam {
			params = append(params, p)
		} else if lit := side.Resolve(); lit.IsScalar() && lit.Tag() == "!!str" {
			lits = append(lits, lit.Value)
		}
	}
	for _, p := range params {
		if _, known := w.texts[p]; !known {
			w.order = append(w.order, p)
		}
		w.texts[p] = append(w.texts[p], lits...)
	}
}

// paramName is the parameter of a get_param with a plain name.
func paramName(n *syntax.Node) (string, bool) {
	n = n.Resolve()
	if !n.IsMapping() || n.NumPairs() != 1 || n.Pair(0).Key.Value != "get_param" {
		return "", false
	}
	a := n.Pair(0).Value.Resolve()
	if !a.IsScalar() || a.Tag() != "!!str" {
		return "", false
	}
	return a.Value, true
}
