package eval

import (
	"errors"

	"heat-ls/analysis/hot"
	"heat-ls/analysis/source"
	"heat-ls/analysis/syntax"
	"heat-ls/schema"
)

// MaxDepth bounds every recursion of the package: nested calls, nested
// values, condition chains.
const MaxDepth = 64

// ErrNotRead is what Options.ReadFile returns for a file it does not
// read (a URL, a file outside what the caller may read): the value is
// unknown, not wrong.
var ErrNotRead = errors.New("not read")

// absent is what a two-argument `if` whose condition is false gives: the
// entry holding it disappears from its list or mapping (Heat's Ellipsis).
const absent Kind = 200

// IsAbsent reports whether v is the "no value" of a two-argument if: the
// property, list item or key holding it is left out.
func (v Value) IsAbsent() bool { return v.Kind == absent }

// Options is what the evaluator knows beyond the template.
type Options struct {
	// Version is the template's HOT version (its functions and their
	// semantics); nil: the newest.
	Version *schema.Version
	// Params holds the effective value of every parameter, pseudo
	// parameters included (see Parameters).
	Params map[string]Value
	// ParamLookup answers, when Params has no entry for a name, that
	// parameter's value (ok false: the template declares no such
	// parameter). A caller that evaluates a few conditions of a template
	// whose parameters are costly to work out (a default of thousands of
	// lines) gives it to work out only the parameters they read.
	ParamLookup func(name string) (Value, bool)
	// HasResource reports whether the stack has a resource of that name
	// (nil: every resource of the template).
	HasResource func(name string) bool
	// ReadFile returns a get_file target's text. nil, or an error that is
	// ErrNotRead: the value is unknown; another error: the client cannot
	// send the file, and refuses the stack.
	ReadFile func(path string) (string, error)
	// Facade answers resource_facade in a nested template (metadata,
	// deletion_policy, update_policy); nil: unknown.
	Facade func(kind string) (Value, bool)
	// Attribute answers get_attr where the caller knows the value (a
	// template resource's nested stack output; attr.go); nil or ok
	// false: unknown.
	Attribute func(resource string, path []Value) (Value, bool)
	// File names the template in the origins of its values.
	File string
	// MaxSteps bounds the work of one evaluator (nodes visited, aliases
	// followed again each time, values built by repeat): past it, values
	// are unknown ("too large"). 0: DefaultMaxSteps.
	MaxSteps int
}

// DefaultMaxSteps is the default bound of Options.MaxSteps: far above any
// real template, low enough that an alias bomb costs a fraction of a
// second.
const DefaultMaxSteps = 1_000_000

// Problem is an evaluation Heat would fail on, at the call that fails.
type Problem struct {
	File    string
	Span    source.Span
	Message string
}

// Evaluator evaluates the functions and conditions of one template. It
// caches condition values, so keep one per template and set of inputs.
// It is not safe for concurrent use.
type Evaluator struct {
	t     *hot.Template
	o     Options
	conds map[string]Value
	// known holds, in a fork, the conditions its parent had worked out
	// when it was made (read only: never the parent's own map).
	known    map[string]Value
	busy     map[string]bool
	problems []Problem
	seen     map[source.Span]bool
	steps    int
	overrun  bool
}

// New returns an evaluator of t under o.
func New(t *hot.Template, o Options) *Evaluator {
	if o.Params == nil {
		o.Params = map[string]Value{}
	}
	if o.MaxSteps <= 0 {
		o.MaxSteps = DefaultMaxSteps
	}
	return &Evaluator{t: t, o: o, conds: map[string]Value{}, busy: map[string]bool{}, seen: map[source.Span]bool{}}
}

// Reset makes e evaluate under other parameter values, as a new
// evaluator would: the conditions it worked out, its problems and its
// step count are forgotten. A caller trying many inputs on one template
// reuses one evaluator so, instead of building one per input.
func (e *Evaluator) Reset(params map[string]Value) {
	if params == nil {
		params = map[string]Value{}
	}
	e.o.Params = params
	clear(e.conds)
	clear(e.busy)
	clear(e.seen)
	e.problems = nil // a caller may still hold the old list
	e.steps = 0
	e.overrun = false
}

// Overrun reports whether evaluation stopped at Options.MaxSteps.
func (e *Evaluator) Overrun() bool { return e.overrun }

// Problems lists the evaluations that fail in Heat, each once.
func (e *Evaluator) Problems() []Problem { return e.problems }

// Options are the evaluator's options (with defaults filled in).
func (e *Evaluator) Options() Options { return e.o }

// Template is the template evaluated.
func (e *Evaluator) Template() *hot.Template { return e.t }

// Eval evaluates n: function calls are worked out, everything else is
// read as Heat's loader reads it.
func (e *Evaluator) Eval(n *syntax.Node) Value { return e.eval(n, false, 0) }

func (e *Evaluator) eval(n *syntax.Node, inCond bool, depth int) Value {
	n = n.Resolve()
	if n == nil {
		return NullValue()
	}
	o := Origin{File: e.o.File, Span: n.Span()}
	if depth > MaxDepth {
		// Heat follows deeper nesting: not a failure, only not worked out.
		return UnknownValue("<nested deeper than heat-ls evaluates>").At(o)
	}
	if e.steps++; e.steps > e.o.MaxSteps {
		if !e.overrun {
			e.overrun = true
		}
		return UnknownValue("<too large to preview>").At(o)
	}
	switch n.Kind {
	case syntax.MappingNode:
		if n.NumPairs() == 1 {
			if k := n.Pair(0).Key; k.Kind == syntax.ScalarNode && e.isFunction(k.Value, inCond) {
				v := e.call(k.Value, n, n.Pair(0).Value, inCond, depth+1)
				if v.From == (Origin{}) {
					v.From = o
				}
				return v
			}
		}
		var b mapBuilder
		b.grow(n.NumPairs())
		for _, p := range n.Pairs() {
			if syntax.IsMergeKey(p.Key) {
				mergeInto(&b, p.Value, depth, &e.steps)
				continue
			}
			v := e.eval(p.Value, inCond, depth+1)
			if v.IsAbsent() {
				continue
			}
			b.setKey(keyValue(p.Key), v)
		}
		return b.value().At(o)
	case syntax.SequenceNode:
		items := make([]Value, 0, len(n.Items()))
		for _, it := range n.Items() {
			v := e.eval(it, inCond, depth+1)
			if v.IsAbsent() {
				continue
			}
			items = append(items, v)
		}
		return ListValue(items).At(o)
	}
	return Scalar(n).At(o)
}

// IsFunction reports whether a one-key mapping under name is a function
// call in the template's version (outside conditions).
func (e *Evaluator) IsFunction(name string) bool { return e.isFunction(name, false) }

// isFunction reports whether a one-key mapping under name is a function
// call in this version (in a condition, the condition functions).
func (e *Evaluator) isFunction(name string, inCond bool) bool {
	v := e.o.Version
	if v == nil {
		return hot.IsFunctionName(name)
	}
	if inCond {
		return v.IsConditionFunction(name) || v.HasFunction(name) || v.IsRemovedFunction(name)
	}
	return v.HasFunction(name) || v.IsRemovedFunction(name)
}

// since reports whether the template's version is date or newer.
func (e *Evaluator) since(date string) bool {
	return e.o.Version == nil || e.o.Version.Name >= date
}

// fail records a problem at n and returns the Invalid value naming it.
func (e *Evaluator) fail(n *syntax.Node, msg string) Value {
	sp := source.Span{}
	if n != nil {
		sp = n.Span()
	}
	if !e.seen[sp] {
		e.seen[sp] = true
		e.problems = append(e.problems, Problem{File: e.o.File, Span: sp, Message: msg})
	}
	return InvalidValue(msg).At(Origin{File: e.o.File, Span: sp})
}

// firstUnsettled returns the first Unknown or Invalid among vs, or false.
func firstUnsettled(vs ...Value) (Value, bool) {
	for _, v := range vs {
		if v.Kind == Unknown || v.Kind == Invalid {
			return v, true
		}
	}
	return Value{}, false
}

// deepInvalid finds an Invalid value anywhere in v: Heat resolves a
// function's arguments whole before it runs, so one failing inside them
// fails the call, used or not.
func deepInvalid(v Value, depth int) (Value, bool) {
	if v.Kind == Invalid {
		return v, true
	}
	if depth > MaxDepth {
		return Value{}, false
	}
	for _, it := range v.Items {
		if bad, ok := deepInvalid(it, depth+1); ok {
			return bad, true
		}
	}
	for _, it := range v.Vals {
		if bad, ok := deepInvalid(it, depth+1); ok {
			return bad, true
		}
	}
	return Value{}, false
}
