package lsp

import (
	"errors"
	"io"
	"sync"
	"time"

	"go.uber.org/zap"
)

// outbox writes every frame to the client on one goroutine of its own, in
// the order the frames were handed to it. Whoever sends (a request's
// goroutine, a diagnostics run, the document queue, the reading loop)
// only queues: a client that reads its input slowly, or stops for a
// while, holds up this goroutine and nothing else, so the document queue
// keeps applying changes and the answers it then owes are up to date when
// the client reads again. Ordering locks held while sending (the
// diagnostics' publish order) are held for a queueing, never for a write.
//
// Diagnostics of a document still waiting to be written are replaced by
// newer ones (post's key): a client that falls behind gets each
// document's latest list once, not every list in between. What waits is
// bounded by maxQueued bytes; past it a sender waits for room, so a
// client that stops reading for good holds the server back instead of
// filling its memory (one frame larger than the bound is always taken
// when nothing waits).
type outbox struct {
	log  *zap.Logger
	w    frameWriter
	mu   sync.Mutex
	more *sync.Cond // frames queued, or the box closed
	room *sync.Cond // bytes written, the box closed, or the client gone
	// frames waits to be written, oldest first; a frame replaced by a
	// newer one for its key stays here with a nil body.
	frames []*outFrame
	// keyed finds the frame waiting for each key.
	keyed  map[string]*outFrame
	queued int // bytes of the bodies waiting
	closed bool
	// failed is the first write error: the client is gone, so later
	// frames are dropped.
	failed error
	done   chan struct{}
}

// outFrame is one message body waiting to be written.
type outFrame struct {
	body []byte
	key  string
}

// maxQueued bounds the bytes waiting to be written.
const maxQueued = 8 << 20

var errOutboxClosed = errors.New("the session's output is closed")

func newOutbox(out io.Writer, log *zap.Logger) *outbox {
	b := &outbox{log: log, w: frameWriter{out: out}, keyed: map[string]*outFrame{}, done: make(chan struct{})}
	b.more = sync.NewCond(&b.mu)
	b.room = sync.NewCond(&b.mu)
	go b.loop()
	return b
}

// post queues body to be written after everything sent before it. With
// a key, a frame of that key still waiting is dropped in favour of this
// one. It reports the client gone, or the session's output closed.
func (b *outbox) post(body []byte, key string) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if key != "" {
		if old := b.keyed[key]; old != nil {
			b.queued -= len(old.body)
			old.body = nil
			delete(b.keyed, key)
		}
	}
	for b.queued > 0 && b.queued+len(body) > maxQueued && b.failed == nil && !b.closed {
		b.room.Wait()
	}
	if b.failed != nil {
		return b.failed
	}
	if b.closed {
		return errOutboxClosed
	}
	f := &outFrame{body: body, key: key}
	b.frames = append(b.frames, f)
	if key != "" {
		b.keyed[key] = f
	}
	b.queued += len(body)
	b.more.Signal()
	return nil
}

// loop writes the frames in order until the box is closed and empty.
func (b *outbox) loop() {
	defer close(b.done)
	for {
		f, ok := b.next()
		if !ok {
			return
		}
		if f.body == nil {
			continue // replaced by a newer frame of its key
		}
		err := b.w.write(f.body)
		b.mu.Lock()
		b.queued -= len(f.body)
		if err != nil && b.failed == nil {
			b.failed = err
			b.frames, b.keyed, b.queued = nil, map[string]*outFrame{}, 0
		}
		b.room.Broadcast()
		b.mu.Unlock()
		if err != nil {
			b.log.Error("cannot write to the client", zap.Error(err))
		}
	}
}

// next takes the oldest frame, waiting for one; false once the box is
// closed and nothing is left.
func (b *outbox) next() (*outFrame, bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	for len(b.frames) == 0 && !b.closed {
		b.more.Wait()
	}
	if len(b.frames) == 0 {
		return nil, false
	}
	f := b.frames[0]
	b.frames[0] = nil
	b.frames = b.frames[1:]
	if len(b.frames) == 0 {
		b.frames = nil // the backing array goes with the burst
	}
	if f.key != "" && b.keyed[f.key] == f {
		delete(b.keyed, f.key)
	}
	return f, true
}

// close takes no more frames and waits, at most wait, for those queued to
// be written: the answers to shutdown and the last diagnostics reach a
// client that reads, and one that does not cannot keep the process.
func (b *outbox) close(wait time.Duration) {
	b.mu.Lock()
	b.closed = true
	b.more.Broadcast()
	b.room.Broadcast()
	b.mu.Unlock()
	select {
	case <-b.done:
	case <-time.After(wait):
		b.log.Warn("frames left unwritten at exit: the client is not reading")
	}
}
