package lsp

import (
	"runtime"
	"runtime/debug"
	"runtime/metrics"
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
	live := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(live)
	if live[0].Value.Kind() != metrics.KindUint64 {
		return
	}
	if worthReleasing(m.HeapSys-m.HeapReleased, live[0].Value.Uint64()) {
		debug.FreeOSMemory()
	}
}

// worthReleasing reports whether the heap the process holds from the
// system is enough above the live heap (as the last collection found it)
// to be worth a full collection. Not the allocated heap: that counts the
// garbage not yet collected, which the collection frees too, and after a
// burst whose peak is modest the heap held is seldom 16 MiB above it, so
// the burst's peak would stay resident.
func worthReleasing(held, live uint64) bool {
	return held > live && held-live >= releaseSlack
}
