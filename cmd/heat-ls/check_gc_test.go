package main

import (
	"math"
	"runtime/debug"
	"testing"
)

// gcPercent reads the collector's target without changing it.
func gcPercent() int {
	p := debug.SetGCPercent(100)
	debug.SetGCPercent(p)
	return p
}

// TestCollectLessOften checks that a check run raises the collector's
// target and bounds the heap, puts both back after the run (the tests of
// this package run check in-process), and leaves them alone when the
// user sets them.
func TestCollectLessOften(t *testing.T) {
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	percent, limit := gcPercent(), debug.SetMemoryLimit(-1)
	restore := collectLessOften()
	if got := gcPercent(); got != checkGCPercent {
		t.Errorf("during a check the collector's target is %d%%, want %d%%", got, checkGCPercent)
	}
	if got := debug.SetMemoryLimit(-1); got != checkMemoryLimit {
		t.Errorf("during a check the memory limit is %d, want %d", got, checkMemoryLimit)
	}
	restore()
	if gcPercent() != percent || debug.SetMemoryLimit(-1) != limit {
		t.Errorf("after a check the settings are %d%% / %d, want them back at %d%% / %d", gcPercent(), debug.SetMemoryLimit(-1), percent, limit)
	}

	t.Setenv("GOGC", "50")
	restore = collectLessOften()
	if got := gcPercent(); got != percent {
		t.Errorf("with GOGC set the target changed to %d%%", got)
	}
	if got := debug.SetMemoryLimit(-1); got != limit && got != math.MaxInt64 {
		t.Errorf("with GOGC set the memory limit changed to %d", got)
	}
	restore()
}
