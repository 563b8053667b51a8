package lsp

import (
	"runtime"
	"runtime/debug"
	"runtime/metrics"
)

// returnMemory runs a full collection and gives the free heap pages back
// to the system, including those the Go runtime's own return skips.
//
// debug.FreeOSMemory skips every 4 MiB chunk of the heap that the
// runtime's background scavenger has marked as having nothing left to
// return. The scavenger marks a chunk so when its downward search through
// it ends, although pages above where it started may have been freed
// meanwhile; the mark stays until a span in that chunk is freed again
// (docs/limits.md, "What stays resident"). A long session thus keeps a few
// MiB of free pages resident for good. When the return leaves more than
// strandedFree free pages, returnMemory allocates the heap's free pages
// in blocks of refillBytes, lowest first as the runtime hands them out,
// and drops them: freeing a block clears the mark of its chunk, and a
// second return then finds every free page of the chunk, whatever the
// size of its other free runs; it stops once no free page is left backed.
// It reports whether it had to.
//
// It collects twice: what sync.Pool caches hold (encoders' buffers among
// them) survives one collection as the pools' victims and goes at the
// next; after one only, it would keep its pages in use.
//
// With flushProcessors, it first empties the runtime's per-processor
// caches (flushProcessorCaches), so that the collection frees what they
// held, and last takes back the free pages the first processor's page
// cache kept from the return (drainPageCache), on that processor alone.
//
// between (may be nil) runs after the first collection, when the heap
// holds only what lives: the server copies there what it keeps for long
// and made amid garbage (workspace.Index.Compact), so that the copies
// fill pages in use and the second collection frees the pages the
// originals held.
func returnMemory(flushProcessors bool, between func()) (refilled bool) {
	if flushProcessors {
		flushProcessorCaches()
	}
	runtime.GC()
	if between != nil {
		between()
	}
	debug.FreeOSMemory()
	free, released, ok := heapPages()
	if !ok {
		return false
	}
	backedFree := func() uint64 {
		f, _, _ := heapPages()
		return f
	}
	if free > strandedFree {
		refill(min(free+released, maxRefill)/refillBytes, backedFree)
		debug.FreeOSMemory()
		refilled = true
	}
	if !flushProcessors {
		return refilled
	}
	drained := 0
	onOneProcessor(func() { drained = drainPageCache(backedFree) })
	if drained > 0 {
		debug.FreeOSMemory()
	}
	return refilled
}

// drainPageCache takes the free pages a return of memory left backed, one
// page at a time, until none is left or it has taken drainPages, and drops
// them; it reports how many it took. What a return leaves backed, a
// refill aside, is the page cache of the processor that ran the
// collection's last step: up to 64 free pages the runtime took from the
// heap for that processor alone, which no return sees (a collection
// empties the caches of idle processors only, flushProcessorCaches those
// of every processor but the first). A page allocated from that cache
// goes back to the heap when freed, where the next return finds it. One
// page at a time, since the cache hands out the lowest free page, where a
// block of several would pass over its shorter runs; and backedFree is
// read after each, since an allocation from an empty cache fills it again
// from the heap.
//
// It stops too once drainIdle pages in a row left the backed free pages
// as they were: those pages were returned ones, and what stays backed is
// elsewhere (another processor's cache, or a chunk of the heap only a
// refill reaches).
func drainPageCache(backedFree func() uint64) int {
	kept := make([]*[pageBytes]byte, 0, drainPages)
	last, idle := backedFree(), 0
	for len(kept) < drainPages && last > 0 && idle < drainIdle {
		kept = append(kept, new([pageBytes]byte))
		now := backedFree()
		if now < last {
			idle = 0
		} else {
			idle++
		}
		last = now
	}
	runtime.KeepAlive(kept)
	return len(kept)
}

// refill allocates up to n blocks of refillBytes and drops them. It stops
// early once the free pages still backed (read by backedFree every
// refillCheck blocks) are fewer than refillEnough: the blocks have then
// reached the chunks that held them, short runs aside (which the second
// return reaches in any chunk a block reached), and the rest would only
// take returned pages, or grow the heap's address range, each block
// leaving the runtime a span descriptor it keeps for good (a refill of
// 55 MiB, 880 of them, about 230 KiB).
func refill(n uint64, backedFree func() uint64) (blocks int) {
	kept := make([]*[refillBytes]byte, 0, n)
	for uint64(len(kept)) < n {
		kept = append(kept, new([refillBytes]byte))
		if len(kept)%refillCheck == 0 && backedFree() < refillEnough {
			break
		}
	}
	runtime.KeepAlive(kept)
	return len(kept)
}

const (
	// refillBytes is the block the refill allocates: eight of the
	// runtime's 8 KiB pages, a span of its own. Each span costs the
	// runtime a descriptor it keeps for good; one-page blocks would
	// leave 3,000 of them (about 250 KiB resident) after a refill of
	// 25 MiB, eight-page ones 400.
	refillBytes = 64 << 10
	// strandedFree is the free heap a return may leave without a refill:
	// a processor busy during the collection keeps its page cache of up
	// to 512 KiB, which nothing can return.
	strandedFree = 512 << 10
	// maxRefill bounds the refill: it touches the returned pages it
	// passes on its way up, briefly resident again.
	maxRefill = 64 << 20
	// refillCheck is how many blocks the refill allocates between two
	// readings of the free pages still backed (1 MiB).
	refillCheck = 16
	// refillEnough is the free heap still backed at which the refill
	// stops: two blocks, a few runs too short for a block.
	refillEnough = 2 * refillBytes
	// pageBytes is the runtime's page; an object of this size takes a
	// span of one page.
	pageBytes = 8 << 10
	// drainPages bounds drainPageCache: two processors' page caches.
	drainPages = 128
	// drainIdle is how many pages in a row drainPageCache takes without
	// the backed free pages going down before it stops.
	drainIdle = 16
)

// heapPages reads the free heap pages still backed and those returned to
// the system.
func heapPages() (free, released uint64, ok bool) {
	m := []metrics.Sample{
		{Name: "/memory/classes/heap/free:bytes"},
		{Name: "/memory/classes/heap/released:bytes"},
	}
	metrics.Read(m)
	for _, v := range m {
		if v.Value.Kind() != metrics.KindUint64 {
			return 0, 0, false
		}
	}
	return m[0].Value.Uint64(), m[1].Value.Uint64(), true
}
