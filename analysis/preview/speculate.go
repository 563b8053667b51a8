package preview

import (
	"strconv"
	"sync"
	"sync/atomic"

	"heat-ls/analysis/eval"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/source"
)

// A stack's resources are built one after the other (each after those it
// refers to, so that get_attr of a nested stack's output finds it), but
// evaluating each one's condition, properties, metadata and policies,
// most of the work, needs nothing the others build, with two exceptions
// the workers detect: get_attr of a resource that may have a nested
// stack, and get_file (Options.ReadFile may not be called from another
// goroutine). So workers evaluate the resources ahead of the builder, in
// chunks, each on a fork of the stack's evaluator (eval.Fork); the
// builder takes each resource's values in order and adopts its problems
// and steps, or evaluates the resource itself when no worker did or a
// worker could not. The result is the one the builder alone gives, value
// for value and problem for problem (previewOnce redoes the rare stack
// whose steps reach the evaluator's bound).

// chunkSize is how many resources a worker evaluates at a time, and
// speculateMin the fewest resources a stack needs to be evaluated ahead.
const (
	chunkSize    = 8
	speculateMin = 4 * chunkSize
)

// Chunk states: free, taken by a worker, taken by the builder.
const (
	chunkFree int32 = iota
	chunkWorker
	chunkBuilder
)

// speculation is the work ahead for one stack. A nil speculation takes
// nothing: the builder evaluates every resource.
type speculation struct {
	chunks []chunk
	left   atomic.Int64 // the chunks no worker has looked at: those below it
	stop   atomic.Bool
	wg     sync.WaitGroup
	// waits: the builder takes no chunk itself (Options.aheadAll).
	waits bool
}

type chunk struct {
	state atomic.Int32
	done  chan struct{} // closed once a worker has evaluated the chunk
	ahead [chunkSize]ahead
}

// ahead is one resource evaluated by a worker: ok is false when the
// worker could not (the builder then evaluates it).
type ahead struct {
	ok    bool
	d     evaluated
	piece eval.Piece
}

// speculate starts o.Workers goroutines evaluating the resources of
// order ahead of the builder; nil when the stack is too small or there
// are no workers.
func (b *builder) speculate(f frame, ev *eval.Evaluator, order []*hot.Resource) *speculation {
	least := speculateMin
	if b.o.aheadMin > 0 {
		least = b.o.aheadMin
	}
	if b.o.Workers < 1 || len(order) < least {
		return nil
	}
	nests := map[string]bool{}
	for _, r := range order {
		if mayNest(f, r) {
			nests[r.Name] = true
		}
	}
	sp := &speculation{chunks: make([]chunk, (len(order)+chunkSize-1)/chunkSize), waits: b.o.aheadAll}
	for i := range sp.chunks {
		sp.chunks[i].done = make(chan struct{})
	}
	sp.left.Store(int64(len(sp.chunks)))
	for range b.o.Workers {
		w := &worker{b: b, f: f, order: order, nests: nests, fields: fieldOrder{}, defaults: defaultCache{}}
		w.fork = ev.Fork(w.options(ev.Options()))
		sp.wg.Go(func() { sp.work(w) })
	}
	return sp
}

// mayNest reports whether r may be built with a nested stack, whose
// outputs get_attr of r may then give (nestedOutputs): a template
// resource or a group.
func mayNest(f frame, r *hot.Resource) bool {
	impl := f.registry.Resolve(r.Type, r.Name)
	return impl.Template != "" || groupKindOf(impl.Type) != notGroup
}

// work evaluates free chunks from the last one back, until it meets the
// builder, which takes them from the first on: the builder waits at most
// where they meet (and, with several workers, for the chunks still being
// evaluated after it), never chunk by chunk.
func (sp *speculation) work(w *worker) {
	for !sp.stop.Load() && !w.b.cancelled() {
		c := int(sp.left.Add(-1))
		if c < 0 {
			return
		}
		ch := &sp.chunks[c]
		if !ch.state.CompareAndSwap(chunkFree, chunkWorker) {
			return // the builder has come this far
		}
		for i := range chunkSize {
			if k := c*chunkSize + i; k < len(w.order) {
				ch.ahead[i] = w.evaluateAhead(w.order[k])
			}
		}
		close(ch.done)
	}
}

// take returns resource i of the build order evaluated ahead, its problems
// and steps adopted into ev; nil when the builder is to evaluate it.
func (sp *speculation) take(i int, ev *eval.Evaluator) *evaluated {
	if sp == nil {
		return nil
	}
	ch := &sp.chunks[i/chunkSize]
	if !sp.waits && (ch.state.Load() == chunkBuilder || ch.state.CompareAndSwap(chunkFree, chunkBuilder)) {
		return nil
	}
	<-ch.done
	a := &ch.ahead[i%chunkSize]
	if !a.ok {
		return nil
	}
	ev.Adopt(a.piece)
	return &a.d
}

// finish stops the workers and waits for them.
func (sp *speculation) finish() {
	if sp == nil {
		return
	}
	sp.stop.Store(true)
	sp.wg.Wait()
}

// cancelled reports whether the preview's context is done.
func (b *builder) cancelled() bool { return b.o.Context != nil && b.o.Context.Err() != nil }

// worker is one goroutine evaluating ahead, with its fork of the stack's
// evaluator. blocked is set when the resource being evaluated asked what
// a worker cannot answer as the builder would.
type worker struct {
	b       *builder
	f       frame
	order   []*hot.Resource
	nests   map[string]bool
	fork    *eval.Evaluator
	blocked bool
	// fields and defaults are the worker's caches of schema laying;
	// laid the problems of the resource being laid.
	fields   fieldOrder
	defaults defaultCache
	laid     []Problem
}

// options are the stack evaluator's options for a worker: get_attr of a
// resource that may have a nested stack, and get_file, block the
// resource; every other get_attr is unknown, as nestedOutputs answers it.
func (w *worker) options(o eval.Options) eval.Options {
	o.Attribute = func(name string, _ []eval.Value) (eval.Value, bool) {
		if w.nests[name] {
			w.blocked = true
		}
		return eval.Value{}, false
	}
	if o.ReadFile != nil {
		o.ReadFile = func(string) (string, error) {
			w.blocked = true
			return "", eval.ErrNotRead
		}
	}
	return o
}

// evaluateAhead evaluates r on the worker's fork; a resource that blocked or
// panicked is left to the builder.
func (w *worker) evaluateAhead(r *hot.Resource) (a ahead) {
	defer func() {
		if recover() != nil {
			w.fork.Take() // what the piece left in the fork
			a = ahead{}
		}
		w.blocked = false
	}()
	impl := w.f.registry.Resolve(r.Type, r.Name)
	d := w.b.evaluate(w.fork, r, impl)
	piece := w.fork.Take()
	if w.blocked {
		return ahead{}
	}
	if !d.excluded && impl.Template == "" && r.Type != "" {
		// The builder would lay the type's schema over the properties
		// next (resource), with nothing it builds meanwhile.
		w.laid = nil
		d.properties = w.b.laySchema(w.f.path, r.Name, impl.Type, d.properties, w.problem, w.fields, w.defaults)
		d.laid, d.laidProblems = true, w.laid
		if groupKindOf(impl.Type) == resourceGroup {
			d.members = w.draftMembers(r, d.properties)
		}
	}
	return ahead{ok: true, d: d, piece: piece}
}

// draftMembers builds ahead the members of the resource group r whose
// schema is laid over props, as group would: nil when a member's type is
// a template (its nested stack is the builder's to build).
func (w *worker) draftMembers(r *hot.Resource, props eval.Value) []memberDraft {
	g, _, ok := planGroup(props, w.f.depth, w.b.o.Depth)
	if !ok {
		return nil
	}
	reg := w.f.registry.Within(r.Name)
	from := eval.Origin{File: w.f.path, Span: r.Key.Span()}
	var out []memberDraft
	for i := 0; len(out) < g.n && i < g.n+len(g.skip); i++ {
		name := strconv.Itoa(i)
		if g.skip[name] {
			continue
		}
		m := g.memberNamed(name, from)
		impl := reg.Resolve(m.Type, m.Name)
		if impl.Template != "" {
			return nil
		}
		if impl.Type != m.Type {
			m.Implementation = impl.Type
		}
		w.laid = nil
		m.Properties = w.b.laySchema(w.f.path, m.Name, impl.Type, m.Properties, w.problem, w.fields, w.defaults)
		out = append(out, memberDraft{m: m, final: impl.Type, problems: w.laid})
	}
	return out
}

// problem keeps a problem of the schema being laid for the builder.
func (w *worker) problem(file string, sp source.Span, msg string) {
	w.laid = append(w.laid, Problem{File: file, Span: sp, Message: msg})
}
