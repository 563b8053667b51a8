package eval

import "maps"

// Fork returns an evaluator of e's template under o (e's options, with
// callbacks that may be called from another goroutine) that evaluates as
// e would at the moment of the fork: it starts from the conditions e has
// worked out so far (a copy; e and the fork share no map, so each may run
// on its own goroutine). Work done on a fork is handed back piece by
// piece: Take ends a piece and forgets what the fork learned during it,
// so every piece is evaluated as e would evaluate it, whichever pieces the
// fork did before; Adopt folds a piece's problems and steps into e.
//
// Why: a preview of hundreds of resources evaluates each on its own, and
// spreading them over the cores while keeping the result e's, byte for
// byte, takes exactly this: the same values, the problems in the order e
// meets them, each once, and e's bound of steps.
func (e *Evaluator) Fork(o Options) *Evaluator {
	f := New(e.t, o)
	f.known = maps.Clone(e.conds)
	for k, v := range e.known {
		if _, ok := f.known[k]; !ok {
			f.known[k] = v
		}
	}
	return f
}

// Piece is what one piece of a fork's work left besides its values: the
// problems it met, in order, and the steps it took.
type Piece struct {
	problems []Problem
	steps    int
}

// Take ends a piece of the fork's work and returns its problems and
// steps; the fork then forgets the conditions it worked out, the problems
// it reported and the steps it took during the piece.
func (e *Evaluator) Take() Piece {
	p := Piece{problems: e.problems, steps: e.steps}
	e.problems = nil
	e.steps = 0
	clear(e.conds)
	clear(e.seen)
	return p
}

// Adopt folds a piece a fork of e evaluated into e, as if e had evaluated
// it now: the problems e has not reported yet are added in the piece's
// order, and its steps count against e's bound.
//
// A piece evaluated on a fork takes at least the steps e would take (the
// fork knows no more conditions than e), so when e is not Exhausted after
// every piece is adopted, neither e nor any fork reached the bound, and
// every value is the one e alone would give.
func (e *Evaluator) Adopt(p Piece) {
	for _, pr := range p.problems {
		if !e.seen[pr.Span] {
			e.seen[pr.Span] = true
			e.problems = append(e.problems, pr)
		}
	}
	e.steps += p.steps
}

// Exhausted reports whether e has taken as many steps as its bound
// allows, or as many as merge keys may take (DefaultMaxSteps): past
// either, values are "too large" unknowns, so a caller that adopted
// pieces of forks evaluates again on e alone.
func (e *Evaluator) Exhausted() bool { return e.steps >= min(e.o.MaxSteps, DefaultMaxSteps) }
