package main

import (
	"reflect"
	"runtime"
	"runtime/debug"
	"syscall"
)

// useHugePages backs the next n bytes of heap a command allocates with
// transparent huge pages, where the kernel's policy leaves them to the
// program (/sys/kernel/mm/transparent_hugepage/enabled set to madvise,
// the common default).
//
// Why: a one-shot command such as heat-ls preview keeps the collector
// out of the way (collectLessOften), so every byte it allocates is fresh
// memory, and with 4 KiB pages each first touch is a page fault: about
// 8,000 of them for the 12,022-line benchmark template, a third of the
// process's processor time. The Go runtime (since 1.21.1) never asks for
// huge pages for the heap, and a heap grown later is mapped afresh,
// which would drop any advice given before. So the space is taken now:
// one allocation of n bytes grows the heap by that much in one mapping,
// the mapping (its whole 2 MiB pages) is advised MADV_HUGEPAGE, and a
// collection, cheap while the heap is a few hundred KiB, gives the pages
// back to the runtime's page allocator, which hands them out again to
// the command's own allocations. A fault then maps 2 MiB at a time:
// about 1,500 faults instead of 8,000 for that template.
//
// The space is handed back released to the kernel (debug.FreeOSMemory:
// the collection, then MADV_DONTNEED on the free pages, none of which
// was touched, so nothing is unmapped and the advice stays). The runtime
// takes released pages as zero and allocates from them without clearing
// them; handed back as plain free pages, they were pages a span once
// held, which the runtime clears before use: the allocator wrote zeros
// over every page the kernel had just zeroed, about 2% of the command's
// processor time.
//
// Nothing depends on the advice being taken: a kernel that refuses it
// (THP "never", or no huge page free) faults 4 KiB pages as before. With
// the kernel's defrag policy at its default (madvise), a fault in advised
// memory may compact memory to find a free huge page, which on a host
// whose memory is badly fragmented can cost more than it saves;
// GODEBUG=disablethp=1 turns the advice off (hugeHeapFor).
func useHugePages(n int) {
	if n < hugePageSize {
		return
	}
	// n is above the heap's first goal, so the allocation alone would
	// start a collection, which runtime.GC would wait for before running
	// its own: collections are off until the one that hands the space
	// back (two collections of a fresh process cost milliseconds of
	// hand-offs between threads on a busy machine).
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	// The collection runs on one processor. runtime.GC ends by sweeping
	// the heap a span at a time, yielding (runtime.Gosched) after each,
	// then yields in a loop until the background sweeper is done: with
	// other processors idle, each yield wakes one to look for work, and
	// the loop waits for the sweeper's thread to get a core, 2-5% of the
	// whole command's processor time (perf over 20 runs). On one
	// processor a yield costs next to nothing. Setting GOMAXPROCS also
	// ends the runtime's own updates of it, which a command of a
	// fraction of a second never needs.
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	space := make([]byte, n)
	advise(space)
	runtime.KeepAlive(space)
	debug.FreeOSMemory()
}

// advise marks the whole huge pages inside b MADV_HUGEPAGE. b is fresh
// from the kernel (an allocation this large is its own mapping and was
// never touched), so the advice applies before any page is faulted in.
func advise(b []byte) {
	start := 0
	if r := reflect.ValueOf(b).Pointer() % hugePageSize; r != 0 {
		start = hugePageSize - int(r)
	}
	end := start + (len(b)-start)&^(hugePageSize-1)
	if end-start < hugePageSize {
		return
	}
	_ = syscall.Madvise(b[start:end], syscall.MADV_HUGEPAGE)
}
