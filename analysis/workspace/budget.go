package workspace

import (
	"fmt"
	"os"
	"sync"

	"heat-ls/analysis/limits"
)

// The index's budget: a workspace folder opened on a home directory or on
// "/" indexes what fits and stops there, and the editor is told why
// (Index.Stopped). The figures are limits.IndexBytes, limits.IndexCandidates,
// limits.IndexWalkEntries and, per file, limits.File.

// scanLimits are the budget's figures; the zero value means the constants
// above (tests lower them).
type scanLimits struct {
	entries, candidates int
	bytes               int64
}

func (l scanLimits) orDefaults() scanLimits {
	if l.entries == 0 {
		l.entries = limits.IndexWalkEntries
	}
	if l.candidates == 0 {
		l.candidates = limits.IndexCandidates
	}
	if l.bytes == 0 {
		l.bytes = limits.IndexBytes
	}
	return l
}

// scanBudget counts one scan's use of the budget; it is shared by the walk
// and the loading workers.
type scanBudget struct {
	limit   scanLimits
	mu      sync.Mutex
	entries int
	bytes   int64
	spent   bool   // the bytes ran out
	stopped string // why the scan stopped early; "" while within budget
}

func (b *scanBudget) stop(reason string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.stopped == "" {
		b.stopped = reason
	}
}

func (b *scanBudget) reason() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.stopped
}

// visit counts a directory entry of the walk; false once over budget.
func (b *scanBudget) visit() bool {
	b.mu.Lock()
	b.entries++
	over := b.entries > b.limit.entries
	b.mu.Unlock()
	if over {
		b.stop(fmt.Sprintf("the folders hold more than %d files and directories", b.limit.entries))
	}
	return !over
}

// candidates checks the number of candidate files found; false once over.
func (b *scanBudget) candidates(n int) bool {
	if n < b.limit.candidates {
		return true
	}
	b.stop(fmt.Sprintf("the folders hold more than %d .yaml, .yml and .template files", b.limit.candidates))
	return false
}

// read reserves the bytes of path before it is read; false once the
// scan's bytes are spent (the file is then not read).
func (b *scanBudget) read(path string) bool {
	size := int64(0)
	if info, err := os.Stat(path); err == nil && info.Mode().IsRegular() && info.Size() <= limits.File {
		size = info.Size()
	}
	b.mu.Lock()
	over := b.spent || b.bytes+size > b.limit.bytes
	if over {
		b.spent = true // later files are not read either, smaller or not
	} else {
		b.bytes += size
	}
	b.mu.Unlock()
	if over {
		b.stop("the candidate files add up to more than " + sizeText(b.limit.bytes))
	}
	return !over
}

// Stopped says why the last scan stopped before indexing every candidate
// file of its folders ("" when it indexed them all).
func (x *Index) Stopped() string {
	x.mu.Lock()
	defer x.mu.Unlock()
	return x.stopped
}

func sizeText(n int64) string {
	if n >= 1<<20 {
		return fmt.Sprintf("%d MiB", n>>20)
	}
	return fmt.Sprintf("%d KiB", n>>10)
}
