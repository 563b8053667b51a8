package main

import (
	"os"
	"strings"
)

// Sizing of the huge-page heap a preview asks for (hugeHeapFor).
const (
	// previewHeapPerByte is what a preview allocates per byte of its
	// template: about 30 MiB of heap for the 406 KB of the 12,022-line
	// benchmark template, parse, evaluation and text together.
	previewHeapPerByte = 80
	// hugeHeapMin is the smallest heap worth the collection that hands
	// it over: below it (templates under about 100 KB) the run is over
	// in a few milliseconds and touches few pages.
	hugeHeapMin = 8 << 20
	// hugeHeapMax bounds the address range advised, whatever the file
	// size says; what is never touched costs no memory.
	hugeHeapMax = 256 << 20
	// hugePageSize is the transparent huge page of x86-64 and of arm64
	// with 4 KiB pages.
	hugePageSize = 2 << 20
)

// hugeHeapFor is how many bytes of heap a preview of the template at path
// should get backed by huge pages: its expected heap, or 0 when the
// template is small, cannot be read, or GODEBUG turns huge pages off
// (disablethp=1, which the runtime honours for its own mappings).
func hugeHeapFor(path string) int {
	if godebugDisablesTHP(os.Getenv("GODEBUG")) {
		return 0
	}
	info, err := os.Stat(path)
	if err != nil || !info.Mode().IsRegular() {
		return 0
	}
	n := info.Size() * previewHeapPerByte
	if n < hugeHeapMin {
		return 0
	}
	n = min(n, hugeHeapMax)
	return int((n + hugePageSize - 1) &^ (hugePageSize - 1))
}

// godebugDisablesTHP reports whether a GODEBUG value sets disablethp=1
// (the last setting of a key wins, as in the runtime).
func godebugDisablesTHP(godebug string) bool {
	off := false
	for _, kv := range strings.Split(godebug, ",") {
		if k, v, ok := strings.Cut(strings.TrimSpace(kv), "="); ok && k == "disablethp" {
			off = v == "1"
		}
	}
	return off
}
