package lsp

import (
	"runtime/metrics"
	"sync"
	"sync/atomic"
	"time"
)

// idleRelease gives memory back to the system once the server has been
// idle for a moment after a busy spell (typing, a workspace indexed, many
// documents opened or checked at once). The Go runtime keeps freed heap
// for reuse and returns it only slowly, so without this the resident size
// stays near the spell's peak: after an editing session whose documents
// need 1.3 MiB of heap, 5 to 6 MiB more than a collection leaves
// (docs/limits.md, Soak). Releasing costs two full collections
// (returnMemory; in the binary also two stops of the world that empty the
// runtime's per-processor caches, flushProcessorCaches), done when nothing
// is waiting, and only when what it would free is worth it
// (worthReleasing).
type idleRelease struct {
	mu      sync.Mutex
	timer   *time.Timer
	active  int // diagnostics runs and requests begun and not ended
	stopped bool
	// checked and released count the releases considered and made, for
	// heat-ls/debug; refilled counts the returns of memory, idle or asked
	// for by heat-ls/debug, that had to refill the heap (returnMemory).
	checked, released, refilled atomic.Int64
	// flushProcessors has each return of memory empty the runtime's
	// per-processor caches first (WithProcessorFlush); set before the
	// server serves.
	flushProcessors bool
	// compact runs between the collections of each return of memory
	// (returnMemory's between); set before the server serves.
	compact func()
}

// returnMemory is returnMemory with the server's options.
func (r *idleRelease) returnMemory() (refilled bool) {
	return returnMemory(r.flushProcessors, r.compact)
}

// idleReleaseDelay is how long the server must stay idle.
const idleReleaseDelay = time.Second

// smallHeap is the live heap up to which an idle server always releases:
// a full collection of it costs a few milliseconds, once per pause. Above
// it, a release must be worth releaseSlack.
const (
	smallHeap    = 16 << 20
	releaseSlack = 16 << 20
)

// begin is called when work starts (a diagnostics run, a request): a
// pending release waits until all work has ended.
func (r *idleRelease) begin() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.active++
	if r.timer != nil {
		r.timer.Stop()
	}
}

// end is called when work begun ends: when it was the last, the release
// happens idleReleaseDelay later unless more work begins first. Requests
// count as much as diagnostics runs: a session that only asks (hovers,
// references over the workspace) also leaves garbage behind.
func (r *idleRelease) end() {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.active > 0 {
		r.active--
	}
	if r.stopped || r.active > 0 {
		return
	}
	if r.timer == nil {
		r.timer = time.AfterFunc(idleReleaseDelay, r.release)
		return
	}
	r.timer.Reset(idleReleaseDelay)
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
	m := []metrics.Sample{
		{Name: "/gc/heap/live:bytes"},
		{Name: "/memory/classes/heap/objects:bytes"},
		{Name: "/memory/classes/heap/free:bytes"},
	}
	metrics.Read(m)
	for _, v := range m {
		if v.Value.Kind() != metrics.KindUint64 {
			return
		}
	}
	r.checked.Add(1)
	if worthReleasing(m[0].Value.Uint64(), m[1].Value.Uint64(), m[2].Value.Uint64()) {
		if r.returnMemory() {
			r.refilled.Add(1)
		}
		r.released.Add(1)
	}
}

// worthReleasing reports whether a full collection and a return of the
// free pages are worth their cost. For a small live heap they always are:
// the collection is cheap, and what it gives back cannot be told in
// advance (garbage, free pages, and goroutine stacks freed after a burst
// of runs, which no runtime figure separates from those in use; a session
// of 1 MiB live heap keeps 2 MiB of those beside the runtime's free-page
// figure). For a larger heap, whose collection costs more, the free pages
// the system still backs (free) and the garbage (objects, the allocated
// heap, minus live, what the last collection found reachable) must reach
// releaseSlack.
func worthReleasing(live, objects, free uint64) bool {
	if live <= smallHeap {
		return true
	}
	gain := free
	if objects > live {
		gain += objects - live
	}
	return gain >= releaseSlack
}
