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
// size of its other free runs. It reports whether it had to.
//
// It collects twice: what sync.Pool caches hold (encoders' buffers among
// them) survives one collection as the pools' victims and goes at the
// next; after one only, it would keep its pages in use.
//
// With flushProcessors, it first empties the runtime's per-processor
// caches (flushProcessorCaches), so that the collection frees what they
// held.
func returnMemory(flushProcessors bool) (refilled bool) {
	if flushProcessors {
		flushProcessorCaches()
	}
	runtime.GC()
	debug.FreeOSMemory()
	free, released, ok := heapPages()
	if !ok || free <= strandedFree {
		return false
	}
	n := min(free+released, maxRefill) / refillBytes
	blocks := make([]*[refillBytes]byte, n)
	for i := range blocks {
		blocks[i] = new([refillBytes]byte)
	}
	runtime.KeepAlive(blocks)
	blocks = nil
	debug.FreeOSMemory()
	return true
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
