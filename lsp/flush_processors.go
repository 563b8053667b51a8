package lsp

import (
	"os"
	"runtime"
)

// flushProcessorCaches hands what the Go runtime caches per processor back
// to its shared pools, where the next collection frees it: lowering
// GOMAXPROCS to one ends every processor but the first, and each ended
// processor gives up its cached goroutine records with their stacks (up
// to 63 of 8 KiB each; a collection frees the stacks of the records in the
// shared pool, never of those a processor holds), its cached wait records
// (up to 128 sudogs, which no collection drops from a processor's cache),
// its defer records, span descriptors and page cache (up to 512 KiB of
// free pages no return of memory reaches). Raising GOMAXPROCS again
// starts fresh processors with empty caches.
//
// A session refills these caches a few at a time, amid its garbage, and
// each object kept there pins the page it was allocated in: over an hour
// of editing they end up spread over hundreds of pages each holding one
// or two (docs/limits.md, "What stays resident"). The first processor's
// caches stay: no call ends it.
//
// GOMAXPROCS is the whole process's: only a process that runs one server
// (the heat-ls binary) should ask for this (WithProcessorFlush). It costs
// two stops of the world, once the server is idle.
func flushProcessorCaches() { onOneProcessor(func() {}) }

// onOneProcessor runs f with GOMAXPROCS at one, so on the first processor
// alone, and sets it back after: ending the other processors empties
// their caches (flushProcessorCaches), and what f does with the first
// one's caches (drainPageCache) no other processor undoes meanwhile.
func onOneProcessor(f func()) {
	n := runtime.GOMAXPROCS(0)
	if n < 2 {
		f()
		return
	}
	runtime.GOMAXPROCS(1)
	f()
	if os.Getenv("GOMAXPROCS") == "" {
		// Back to the runtime's own choice, which follows the machine's
		// processors and the container's quota as they change; setting
		// n would fix it for good.
		runtime.SetDefaultGOMAXPROCS()
		return
	}
	runtime.GOMAXPROCS(n)
}
