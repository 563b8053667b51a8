package lsp

import (
	"runtime/debug"
	"sync"
)

// scanGC collects more often while the workspace is being indexed. A scan
// parses every file and keeps only a small summary of each, so nearly all
// it allocates is garbage at once; with the default GOGC the heap grows to
// twice what is live before each collection, and the summaries that stay
// end up spread over pages the runtime keeps after the scan. A lower
// percentage keeps the peak (and the pages left behind) near the live
// size, for a little more CPU once (about 0.4 s on a workspace of 586
// files). Scans may overlap (folders added while
// the first scan runs): the first to start lowers the setting, the last to
// end restores what was set before.
type scanGC struct {
	mu      sync.Mutex
	running int
	saved   int
}

// scanGCPercent is the GOGC used while a scan runs.
const scanGCPercent = 10

// during runs scan with the lower threshold, restored even if it panics.
func (g *scanGC) during(scan func()) {
	g.begin()
	defer g.end()
	scan()
}

// begin lowers the collection threshold; end must follow.
func (g *scanGC) begin() {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.running == 0 {
		g.saved = debug.SetGCPercent(scanGCPercent)
		if g.saved < scanGCPercent {
			// Already lower, or off (-1): the user's GOGC stands.
			debug.SetGCPercent(g.saved)
		}
	}
	g.running++
}

// end restores the threshold once no scan is left.
func (g *scanGC) end() {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.running == 0 {
		return
	}
	g.running--
	if g.running == 0 {
		debug.SetGCPercent(g.saved)
	}
}
