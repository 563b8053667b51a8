package lsp

import (
	"fmt"
	"runtime/debug"
	"sync"

	"go.uber.org/zap"
)

// orderedQueue runs functions one at a time, in the order pushed, on its
// own goroutine. Pushing never blocks, so the reading loop keeps reading
// while a large document is being parsed.
type orderedQueue struct {
	log     *zap.Logger
	mu      sync.Mutex
	wake    *sync.Cond
	pending []queued
	stopped bool
	done    chan struct{}
}

// queued is one piece of pending work. Work pushed with a key (the method
// of an ordered message) may be taken over by the work running just before
// it (see takeNext): params is what the taker needs, and drop releases what
// the message held once someone else has done its job.
type queued struct {
	run    func()
	key    string
	params []byte
	drop   func()
}

func newOrderedQueue(log *zap.Logger) *orderedQueue {
	q := &orderedQueue{log: log, done: make(chan struct{})}
	q.wake = sync.NewCond(&q.mu)
	go q.loop()
	return q
}

// push schedules f after everything pushed before it.
func (q *orderedQueue) push(f func()) { q.add(queued{run: f}) }

// pushKeyed schedules f like push, marked with key so that work running
// just before it can take it over with takeNext. drop (may be nil) runs
// when that happens, in place of f.
func (q *orderedQueue) pushKeyed(key string, params []byte, f, drop func()) {
	q.add(queued{run: f, key: key, params: params, drop: drop})
}

func (q *orderedQueue) add(item queued) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.stopped {
		return
	}
	q.pending = append(q.pending, item)
	q.wake.Signal()
}

// peekNext returns the params of the work waiting next when it was pushed
// with key: the running work may look at it and, if it can do that work
// too, remove it with takeNext. Only the queue's own goroutine (the work
// it is running) may call peekNext and takeNext.
func (q *orderedQueue) peekNext(key string) ([]byte, bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if len(q.pending) == 0 || q.pending[0].key != key || key == "" {
		return nil, false
	}
	return q.pending[0].params, true
}

// takeNext removes the work waiting next, which peekNext just returned,
// and releases it: the caller has done its job. A burst of changes to one
// document is applied this way with a single parse.
func (q *orderedQueue) takeNext() {
	q.mu.Lock()
	if len(q.pending) == 0 {
		q.mu.Unlock()
		return
	}
	item := q.pending[0]
	q.pending[0] = queued{}
	q.pending = q.pending[1:]
	q.mu.Unlock()
	if item.drop != nil {
		item.drop()
	}
}

// barrier returns a channel closed once everything pushed before the call
// has run (or the queue has stopped).
func (q *orderedQueue) barrier() <-chan struct{} {
	ch := make(chan struct{})
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.stopped {
		close(ch)
		return ch
	}
	q.pending = append(q.pending, queued{run: func() { close(ch) }})
	q.wake.Signal()
	return ch
}

// stop runs what is already queued, then ends the goroutine and waits for it.
func (q *orderedQueue) stop() {
	q.mu.Lock()
	q.stopped = true
	q.wake.Signal()
	q.mu.Unlock()
	<-q.done
}

func (q *orderedQueue) loop() {
	defer close(q.done)
	for {
		q.mu.Lock()
		for len(q.pending) == 0 && !q.stopped {
			q.wake.Wait()
		}
		if len(q.pending) == 0 {
			q.mu.Unlock()
			return
		}
		f := q.pending[0].run
		q.pending[0] = queued{}
		q.pending = q.pending[1:]
		q.mu.Unlock()
		q.run(f)
	}
}

// run calls f and turns a panic into an error log line. Routed handlers
// are already guarded (middleware.go), but other work is pushed here too
// (settings pulled from the client, schema reloads); a panic in it must
// not end the queue's goroutine, which would stall every later document
// change and every query waiting on a barrier.
func (q *orderedQueue) run(f func()) {
	defer func() {
		if p := recover(); p != nil {
			q.log.Error("queued work panicked",
				zap.String("panic", fmt.Sprint(p)),
				zap.ByteString("stack", debug.Stack()))
		}
	}()
	f()
}
