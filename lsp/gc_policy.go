package lsp

import (
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync"
	"sync/atomic"
)

// gcPolicy is the one owner of the garbage collector's percent (GOGC) in
// a serving process. Two settings meet here:
//
//   - headroom: after each collection the percent is set so that the next
//     collection comes when the heap has grown by the larger of the
//     default (as much again as is live) and the headroom, which follows
//     the largest open document (headroomFor). A server with one large
//     document open keeps a small live heap (a few MiB) and allocates a
//     few MiB a keystroke, most of it garbage at once; with the default
//     the collector runs every few keystrokes and each run marks the
//     whole document again, a sixth to a quarter of the processor time of
//     an edit. Small documents allocate little a keystroke, and a heap
//     grown for a large one would only raise the server's resident memory
//     and the runtime's bookkeeping for it, which it never gives back.
//     Large workspaces, whose live heap is already above the headroom,
//     keep the default, and so their memory.
//   - scans: while a workspace scan runs, scanGC (scan_memory.go) holds a
//     lower percent of its own; the headroom is paused for that time so
//     the two never write over each other, and is worked out again from
//     the live heap the scan leaves.
//
// The headroom is applied only when the server is started with
// WithGCHeadroom (the heat-ls binary, one server per process: the percent
// is the process's) and never when the user has set GOGC or GOMEMLIMIT:
// then the runtime does what they asked. heat-ls check has its own
// setting (cmd/heat-ls/check.go) and never starts a server.
type gcPolicy struct {
	scan scanGC
	// largest reports the size in bytes of the largest open document,
	// which sets the headroom; nil counts as none open.
	largest func() int

	mu      sync.Mutex
	running bool // headroom applied: started and not stopped
	stopped bool // stopped while a scan held the percent: base comes back after it
	scans   int  // scans in progress: the percent is theirs
	base    int  // the percent before start, restored by stop
	// collections counts the cycles seen while running, tunes the
	// percents set (tests read them).
	collections, tunes atomic.Int64
}

const (
	// gcHeadroom is the most headroom, that of a document of
	// gcHeadroom/gcHeadroomPerByte bytes or more. 48 MiB is about
	// eighteen keystrokes in a 12,000-line template whose bulk is one
	// output (466 KB, 2.7 MB allocated a keystroke), so a collection
	// overlaps about one edit in ten there rather than one in six with
	// 32 MiB; a collection running beside an edit on a loaded machine
	// makes most of the slowest edits (docs/speed.md). Its price is
	// resident memory while typing (about 17 MiB more), given back once
	// typing stops (idle_memory.go). An indexed workspace of a few hundred
	// templates with all of them open (a live heap of about 17 MiB)
	// settles within its memory target with it.
	gcHeadroom = 48 << 20
	// gcHeadroomPerByte is the headroom a byte of the largest open
	// document: a keystroke allocates up to about six bytes a byte of
	// the document it edits, so this is some twenty-five keystrokes, and
	// every 12,000-line shape of docs/speed.md (340 to 466 KB) gets the
	// whole gcHeadroom.
	gcHeadroomPerByte = 160
	// gcLeastHeadroom is the headroom with only small documents open, or
	// none: a collection every few MiB of a heap of a few MiB marks
	// little, and the heap the runtime keeps stays small.
	gcLeastHeadroom = 8 << 20
	// gcMaxPercent bounds the percent for a tiny live heap (an idle
	// server), which then grows by less than the headroom: ten times
	// 1 MiB.
	gcMaxPercent = 1000
)

// headroomFor is the headroom while the largest open document has
// largest bytes: gcHeadroomPerByte a byte, within [gcLeastHeadroom,
// gcHeadroom].
func headroomFor(largest int) uint64 {
	h := uint64(max(largest, 0)) * gcHeadroomPerByte
	return min(max(h, gcLeastHeadroom), gcHeadroom)
}

// userSetsGC reports whether the environment sets the collector: then
// the server leaves it alone.
func userSetsGC() bool {
	return os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != ""
}

// headroomPercent is the percent that makes the next collection come
// after the heap grows by max(live×base/100, headroom), bounded by
// gcMaxPercent (but never below base). live 0 (nothing measured yet)
// keeps base.
func headroomPercent(live, headroom uint64, base int) int {
	if live == 0 || base <= 0 {
		return base
	}
	p := int(min(headroom*100/live, gcMaxPercent))
	return max(p, base)
}

// start applies the headroom from now on, unless the user set GOGC or
// GOMEMLIMIT. The process's percent at start is the base and comes back
// with stop. largest reports the size of the largest open document, read
// after each collection (nil: none open).
func (g *gcPolicy) start(largest func() int) {
	if userSetsGC() {
		return
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.running {
		return
	}
	g.base = debug.SetGCPercent(100)
	debug.SetGCPercent(g.base)
	if g.base <= 0 { // off or zero: nothing to widen
		return
	}
	g.running = true
	g.largest = largest
	g.tuneLocked()
	g.arm()
}

// stop puts the base percent back; no headroom is applied after it.
func (g *gcPolicy) stop() {
	g.mu.Lock()
	defer g.mu.Unlock()
	if !g.running {
		return
	}
	g.running = false
	if g.scans > 0 {
		g.stopped = true
		return
	}
	debug.SetGCPercent(g.base)
}

// duringScan runs scan through scanGC (which lowers the percent once the
// scan says it reads many files, and passes its progress on to progress),
// the headroom paused, and works the headroom out again from what the
// scan left live.
func (g *gcPolicy) duringScan(scan func(progress func(done, total int)), progress func(done, total int)) {
	g.mu.Lock()
	g.scans++
	g.mu.Unlock()
	defer func() {
		g.mu.Lock()
		defer g.mu.Unlock()
		g.scans--
		if g.stopped && g.scans == 0 {
			g.stopped = false
			debug.SetGCPercent(g.base)
		}
		g.tuneLocked()
	}()
	g.scan.during(scan, progress)
}

// gcSentinel is an object nothing keeps: its cleanup runs after the
// first collection that finds it unreachable, once a cycle. It holds a
// pointer so that the runtime's tiny allocator, which batches small
// pointer-free objects, does not keep it alive with a neighbour.
type gcSentinel struct{ _ *byte }

// arm leaves a sentinel for the next collection to find.
func (g *gcPolicy) arm() {
	runtime.AddCleanup(new(gcSentinel), (*gcPolicy).afterCollection, g)
}

// afterCollection runs once a collection cycle, on the runtime's cleanup
// goroutine: it sets the percent for the next cycle and arms again.
func (g *gcPolicy) afterCollection() {
	g.mu.Lock()
	defer g.mu.Unlock()
	if !g.running {
		return
	}
	g.collections.Add(1)
	g.tuneLocked()
	g.arm()
}

// tuneLocked sets the percent from the live heap of the last collection,
// unless a scan holds it or the headroom is not applied.
func (g *gcPolicy) tuneLocked() {
	if !g.running || g.scans > 0 {
		return
	}
	m := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(m)
	if m[0].Value.Kind() != metrics.KindUint64 {
		return
	}
	largest := 0
	if g.largest != nil {
		largest = g.largest()
	}
	debug.SetGCPercent(headroomPercent(m[0].Value.Uint64(), headroomFor(largest), g.base))
	g.tunes.Add(1)
}
