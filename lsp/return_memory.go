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
	refill(min(free+released, maxRefill)/refillBytes, func() uint64 {
		f, _, _ := heapPages()
		return f
	})
	debug.FreeOSMemory()
	return true
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
