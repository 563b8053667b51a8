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
				g.during(func() { panic("scan failed") })
			}()
			if got := gcPercent(); got != tt.initial {
				t.Fatalf("after a scan that panicked: %d, want %d", got, tt.initial)
			}
		})
	}
}
