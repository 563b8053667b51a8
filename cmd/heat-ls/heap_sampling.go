package main

import (
	"os"
	"runtime"
)

// profileDirEnv names the directory the server may write heap profiles
// to (heat-ls/debug {"heapProfile": NAME}); whoever starts the process
// sets it, a client cannot.
const profileDirEnv = "HEAT_LS_PROFILE_DIR"

// heapProfileRate is the heap sampling a process needs: none, unless heap
// profiles were asked for.
//
// The Go runtime samples one allocation per 512 KiB by default and keeps,
// for the life of the process, a record of every distinct call stack it
// sampled, plus a table of 1.4 MiB to find them. A language server runs
// for days, and its parsers recurse, so stacks differ by their depth: the
// records grow with the session's history (about 1.5 MiB after six
// seconds of editing, more with every new shape of document), and nobody
// reads them, since only a heap profile would. With profiles asked for,
// the tests that hunt a leak in a heap of a few MiB want every KiB.
func heapProfileRate(profileDir string) int {
	if profileDir != "" {
		return 1 << 10
	}
	return 0
}

// setHeapSampling sets the runtime's heap sampling for this process. It
// must run first in main, before the allocations it is to govern; run,
// which tests call in their own process, leaves the sampling alone.
func setHeapSampling() {
	runtime.MemProfileRate = heapProfileRate(os.Getenv(profileDirEnv))
}
