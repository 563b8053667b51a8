package lsp

import (
	"runtime/debug"
	"testing"
)

// gcPercent reads the current GOGC setting.
func gcPercent() int {
	p := debug.SetGCPercent(100)
	debug.SetGCPercent(p)
	return p
}

// TestScanGCLowersAndRestores: while any scan runs the setting is the
// scan's (or the user's, when lower); once the last scan ends, what was
// set before is back, also after a scan that panicked.
func TestScanGCLowersAndRestores(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	tests := []struct {
		name    string
		initial int
		during  int
	}{
		{"default", 100, scanGCPercent},
		{"higher", 400, scanGCPercent},
		{"user lower", 5, 5},
		{"off", -1, -1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			debug.SetGCPercent(tt.initial)
			var g scanGC
			g.begin()
			if got := gcPercent(); got != tt.during {
				t.Fatalf("during one scan: %d, want %d", got, tt.during)
			}
			g.begin() // a second, overlapping scan
			g.end()
			if got := gcPercent(); got != tt.during {
				t.Fatalf("one of two scans ended: %d, want %d", got, tt.during)
			}
			g.end()
			if got := gcPercent(); got != tt.initial {
				t.Fatalf("after the scans: %d, want %d", got, tt.initial)
			}
			g.end() // unmatched: no change
			if got := gcPercent(); got != tt.initial {
				t.Fatalf("after an extra end: %d, want %d", got, tt.initial)
			}
			func() {
				defer func() { recover() }()
				g.during(func(progress func(done, total int)) {
					progress(1, scanGCMinFiles)
					panic("scan failed")
				}, nil)
			}()
			if got := gcPercent(); got != tt.initial {
				t.Fatalf("after a scan that panicked: %d, want %d", got, tt.initial)
			}
		})
	}
}

// TestScanGCOnlyForLargeScans: a scan lowers the setting once it reports
// at least scanGCMinFiles files to read, and only then; a small scan (a
// folder of a few templates added) leaves it alone. Every report reaches
// the caller's progress function.
func TestScanGCOnlyForLargeScans(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	tests := []struct {
		name    string
		total   int // files the scan reports; 0: no report
		during  int
		reports int
	}{
		{"no report", 0, 100, 0},
		{"small", 3, 100, 3},
		{"just below", scanGCMinFiles - 1, 100, scanGCMinFiles - 1},
		{"large", scanGCMinFiles, scanGCPercent, scanGCMinFiles},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			debug.SetGCPercent(100)
			var g scanGC
			reports := 0
			g.during(func(progress func(done, total int)) {
				for done := 1; done <= tt.total; done++ {
					progress(done, tt.total)
					if got := gcPercent(); got != tt.during {
						t.Fatalf("after %d of %d files: GOGC %d, want %d", done, tt.total, got, tt.during)
					}
				}
			}, func(done, total int) { reports++ })
			if reports != tt.reports {
				t.Errorf("%d progress reports passed on, want %d", reports, tt.reports)
			}
			if got := gcPercent(); got != 100 {
				t.Errorf("after the scan: GOGC %d, want 100", got)
			}
		})
	}
}
