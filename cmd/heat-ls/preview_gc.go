package main

import (
	"os"
	"runtime/debug"
)

// collectForPreview is collectLessOften for a preview of the template at
// path, its target raised to previewGCPercent of the template's size.
func collectForPreview(path string) (restore func()) {
	restore = collectLessOften()
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return restore
	}
	if info, err := os.Stat(path); err == nil && info.Mode().IsRegular() {
		debug.SetGCPercent(previewGCPercent(info.Size()))
	}
	return restore
}

// runtimeHeapMinimum is the Go runtime's goal for a nearly empty heap at
// GOGC=100; at other targets it scales with them.
const runtimeHeapMinimum = 4 << 20

// previewGCPercent is the collector's target for a preview of a template
// of size bytes: high enough that no collection starts before the
// command ends. A preview's garbage is its trees, which it reads until
// it ends, so the only useful collection is none. With the heap nearly
// empty after start-up, the runtime's goal is runtimeHeapMinimum times
// the target over 100: 32 MiB at check's 800%, which a 12,000-line
// preview (about 30 MiB) nears, and a collection started near its end
// took a core from the text's writers to scan the trees for nothing (the
// process ended first). The goal is put half as much again above what a
// preview allocates (previewHeapPerByte a byte), never below check's
// target; the memory limit still bounds the heap.
func previewGCPercent(size int64) int {
	want := size * previewHeapPerByte * 3 / 2
	return int(max(checkGCPercent, (want*100+runtimeHeapMinimum-1)/runtimeHeapMinimum))
}
