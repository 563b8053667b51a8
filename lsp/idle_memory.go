package lsp

import (
	"runtime"
	"runtime/debug"
	"sync"
	"time"
)

// idleRelease gives memory back to the system once the server has been
// idle for a moment after a busy spell (a workspace indexed, many
// documents opened or checked at once). The Go runtime keeps freed heap
// for reuse and returns it only slowly, so without this the resident size
// stays at the spell's peak, often twice what the open documents and the
// index need. Releasing costs one full collection, done when nothing is
// waiting.
type idleRelease struct {
	mu      sync.Mutex
	timer   *time.Timer
	stopped bool
}

// idleReleaseDelay is how long the server must stay idle.
const idleReleaseDelay = time.Second

// releaseSlack is how much freed heap is worth a collection to return.
const releaseSlack = 16 << 20

// settle is called when the last diagnostics run ended: the release
// happens idleReleaseDelay later unless more work comes first (busy).
func (r *idleRelease) settle() {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.stopped {
		return
	}
	if r.timer == nil {
		r.timer = time.AfterFunc(idleReleaseDelay, r.release)
		return
	}
	r.timer.Reset(idleReleaseDelay)
}

// busy postpones a pending release: work started.
func (r *idleRelease) busy() {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.timer != nil {
		r.timer.Stop()
	}
}

// stop cancels any pending release for good.
func (r *idleRelease) stop() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.stopped = true
	if r.timer != nil {
		r.timer.Stop()
	}
}

func (r *idleRelease) release() {
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	if worthReleasing(m.HeapSys-m.HeapReleased, m.HeapAlloc) {
		debug.FreeOSMemory()
	}
}

// worthReleasing reports whether the heap the process holds from the
// system is enough above what is allocated (live data and garbage not yet
// collected) to be worth a full collection.
func worthReleasing(held, allocated uint64) bool {
	return held > allocated && held-allocated >= releaseSlack
}
