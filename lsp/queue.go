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
	pending []func()
	stopped bool
	done    chan struct{}
}

func newOrderedQueue(log *zap.Logger) *orderedQueue {
	q := &orderedQueue{log: log, done: make(chan struct{})}
	q.wake = sync.NewCond(&q.mu)
	go q.loop()
	return q
}

// push schedules f after everything pushed before it.
func (q *orderedQueue) push(f func()) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.stopped {
		return
	}
	q.pending = append(q.pending, f)
	q.wake.Signal()
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
	q.pending = append(q.pending, func() { close(ch) })
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
		f := q.pending[0]
		q.pending[0] = nil
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
