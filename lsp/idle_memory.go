package lsp

import (
	"runtime/debug"
	"runtime/metrics"
	"sync"
	"time"
)

// idleRelease gives memory back to the system once the server has been
// idle for a moment after a busy spell (typing, a workspace indexed, many
// documents opened or checked at once). The Go runtime keeps freed heap
// for reuse and returns it only slowly, so without this the resident size
// stays near the spell's peak: after an editing session whose documents
// need 1.3 MiB of heap, 5 to 6 MiB more than a collection leaves
// (docs/limits.md, Soak). Releasing costs one full collection, done when
// nothing is waiting, and only when what it would free is worth it
// (worthReleasing).
type idleRelease struct {
	mu      sync.Mutex
	timer   *time.Timer
	active  int // diagnostics runs and requests begun and not ended
	stopped bool
}

// idleReleaseDelay is how long the server must stay idle.
const idleReleaseDelay = time.Second

// releaseSlack and releaseFloor bound what is worth a collection to
// return: a quarter of the live heap, at least releaseFloor (below that a
// collection gives back less than its own bookkeeping), at most
// releaseSlack (above that it is always worth it, whatever the heap).
const (
	releaseSlack = 16 << 20
	releaseFloor = 1 << 20
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
	if worthReleasing(m[0].Value.Uint64(), m[1].Value.Uint64(), m[2].Value.Uint64()) {
		debug.FreeOSMemory()
	}
}

// worthReleasing reports whether a full collection and a return of the
// free pages would give enough back: the heap's free pages the system
// still backs (free) and its garbage (objects is the allocated heap, live
// what the last collection found reachable; a collection frees the
// difference) together reach a quarter of the live heap, within
// releaseFloor and releaseSlack. The cost of a collection grows with the
// live heap, so the gain must too. Not the heap held minus the live heap:
// that counts the room left in partly used pages, which no collection
// returns, and a server whose pages are mostly such room would collect
// after every pause for nothing.
func worthReleasing(live, objects, free uint64) bool {
	gain := free
	if objects > live {
		gain += objects - live
	}
	return gain >= min(releaseSlack, max(releaseFloor, live/4))
}
