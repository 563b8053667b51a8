package main

import (
	"fmt"
	"os"
	"strconv"
	"testing"
	"time"
)

// The soak drives the built server over its pipes for a fixed time with a
// seeded mix of what an editor sends: typing in open documents (bursts of
// incremental changes, now and then the whole text), opens and closes,
// files changed, created and deleted on disk and reported with
// didChangeWatchedFiles, a workspace folder added and removed, saves and
// settings re-sent, every request the server answers, and requests
// cancelled at once. It asserts
// that
//
//   - every request is answered, never with an internal error;
//   - at the end, each open document's diagnostics, hovers, definitions
//     and symbols equal those of a fresh server started on the final
//     texts, folders and files (documents left as broken YAML first get
//     one more change to a text that parses: while broken, a document and
//     the templates using it are read through its last version that
//     parsed, by design, a history the fresh server never saw);
//   - resident memory and the goroutine count come back to their baseline
//     once the session is back in its first state (the documents of the
//     warm-up closed, the files and folders restored) and has settled:
//     RSS within soakRSSGrowth of it (plus soakRSSSlack), goroutines
//     within soakGoroutineSlack.
//
// HEAT_LS_SOAK sets the time (a Go duration; default soakDefault), and
// HEAT_LS_SOAK_SEED the seed. BenchmarkSoak runs it for as long, with a
// checkpoint every minute, and reports the growth of resident memory from
// the first checkpoint to the last (docs/limits.md, "Soak").

const (
	soakDefault = 6 * time.Second
	// soakRSSGrowth and soakRSSSlack: the resident memory at the end may
	// exceed the baseline by this fraction plus this many bytes (the
	// runtime's free lists and the heap target move with the last burst).
	soakRSSGrowth = 0.25
	soakRSSSlack  = 16 << 20
	// soakGoroutineSlack: goroutines at the end may exceed the baseline
	// by this many (a timer or a pipe read in flight).
	soakGoroutineSlack = 2
	// soakIdleSlack: once the session has settled, the server's idle
	// release must have given back its free pages; its resident memory
	// may exceed what a collection asked for then leaves by this much.
	soakIdleSlack = 2 << 20
	// soakQuiet is how long no diagnostics must arrive for the session
	// to count as settled; the server's idle memory release
	// (lsp/idle_memory.go) comes one second after its last diagnostics
	// run or request (the settling's own requests among them), and
	// soakRelease is left for it to come and finish.
	soakQuiet   = 1000 * time.Millisecond
	soakRelease = 1750 * time.Millisecond
)

func soakDuration(t testing.TB, fallback time.Duration) time.Duration {
	v := os.Getenv("HEAT_LS_SOAK")
	if v == "" {
		return fallback
	}
	d, err := time.ParseDuration(v)
	if err != nil || d <= 0 {
		t.Fatalf("HEAT_LS_SOAK=%q is not a duration like 2m", v)
	}
	return d
}

func soakSeed() int64 {
	if v, err := strconv.ParseInt(os.Getenv("HEAT_LS_SOAK_SEED"), 10, 64); err == nil {
		return v
	}
	return 1
}

// soakRun is one soak: the server under test and the world it works on.
type soakRun struct {
	t  testing.TB
	c  *soakClient
	w  *soakWorld
	ok int // requests answered
}

func newSoakRun(t testing.TB, seed int64) *soakRun {
	w := newSoakWorld(t, seed)
	r := &soakRun{t: t, w: w}
	r.c = startSoakClient(t, w.folders())
	r.c.settle(soakQuiet)
	return r
}

// soakPoint is what a checkpoint measured.
type soakPoint struct {
	// idle is the resident memory once the session has settled, as the
	// server left it (its idle release included: lsp/idle_memory.go);
	// rss, rssAnon and rssFile are read after a full collection that
	// returned every free page to the system.
	idle, rss, rssAnon, rssFile int64
	// hugeAnon is the part of rssAnon in transparent huge pages: one
	// 2 MiB page the runtime frees only in part stays resident whole.
	hugeAnon int64
	// threads is the process's thread count: the runtime never ends a
	// thread it started, and keeps two stacks (heap/stacks) for each.
	threads int64
	soakStats
}

// held is the resident memory after the forced collection less the free
// heap pages the runtime kept backed through it (heap/free read then):
// pages in the page cache of a processor that was running, and pages in
// chunks of the heap the runtime's scavenger has flagged as having
// nothing left to return, which its forced return skips (docs/limits.md,
// Soak). Neither is the server's to give back; the rest is.
func (p soakPoint) held() int64 { return p.rss - p.Memory["heap/free"] }

func (p soakPoint) String() string {
	return fmt.Sprintf("RSS idle %d KiB, collected %d KiB (anon %d, of it in huge pages %d; file %d), heap %d KiB, %d goroutines, %d threads, %d files indexed, idle releases %d of %d, refills %d\n  runtime KiB: %s",
		p.idle>>10, p.rss>>10, p.rssAnon>>10, p.hugeAnon>>10, p.rssFile>>10, p.HeapLive>>10, p.Goroutines, p.threads, p.IndexedFiles, p.IdleReleases, p.IdleChecks, p.MemoryRefills, soakClasses(p.Memory))
}

// soakClassNames are the runtime memory classes a checkpoint reports, in
// the order of the report.
var soakClassNames = []string{"heap/objects", "heap/unused", "heap/free", "heap/released", "heap/stacks", "os-stacks", "metadata/mspan/inuse", "metadata/mspan/free", "metadata/mcache/inuse", "metadata/mcache/free", "metadata/other", "profiling/buckets", "other", "total"}

// soakClasses formats the memory classes of a checkpoint in KiB.
func soakClasses(m map[string]int64) string {
	s := ""
	for i, name := range soakClassNames {
		if i > 0 {
			s += ", "
		}
		s += fmt.Sprintf("%s %d", name, m[name]>>10)
	}
	return s
}

// checkpoint restores the first state, lets the server settle and release
// memory, and returns its resident memory and its own figures.
func (r *soakRun) checkpoint() soakPoint {
	r.restore()
	r.c.settle(soakQuiet)
	time.Sleep(soakRelease)
	idle := r.c.rss()
	st := r.c.stats()
	if st.OpenDocuments != 0 {
		r.t.Fatalf("%d documents open after every one was closed", st.OpenDocuments)
	}
	for name, n := range st.DocumentCaches {
		if n != 0 {
			r.t.Errorf("%d entries in the server's %s with every document closed: each holds a closed document's parse", n, name)
		}
	}
	p := soakPoint{idle: idle, rss: r.c.rss(), soakStats: st}
	p.rssAnon, p.rssFile = r.c.resident()
	p.hugeAnon = procRollup(r.t, r.c.s.cmd.Process.Pid, "AnonHugePages")
	p.threads = procBytes(r.t, r.c.s.cmd.Process.Pid, "Threads") >> 10 // a count, not kB
	return p
}

// TestSoak runs the soak for HEAT_LS_SOAK (default soakDefault): a
// quarter of it warms up, then the baseline is taken, then the rest runs,
// the answers are compared with a fresh server's, and the memory and
// goroutines must return to the baseline.
func TestSoak(t *testing.T) {
	total := soakDuration(t, soakDefault)
	r := newSoakRun(t, soakSeed())
	start := time.Now()
	r.mix(start.Add(total / 4))
	base := r.checkpoint()
	r.mix(start.Add(total))
	r.compareWithFresh()
	end := r.checkpoint()
	t.Logf("soak %v, %d requests answered\nbaseline: %v\nend:      %v (RSS %+.1f%%)", total, r.ok, base, end, 100*(float64(end.rss)/float64(base.rss)-1))
	if limit := int64(float64(base.rss)*(1+soakRSSGrowth)) + soakRSSSlack; end.rss > limit {
		t.Errorf("resident memory %d KiB after the soak, baseline %d KiB (limit %d KiB)", end.rss>>10, base.rss>>10, limit>>10)
	}
	if end.idle > end.rss+soakIdleSlack {
		t.Errorf("resident memory %d KiB once settled, %d KiB after a collection: the idle release kept %d KiB of free heap", end.idle>>10, end.rss>>10, (end.idle-end.rss)>>10)
	}
	if end.Goroutines > base.Goroutines+soakGoroutineSlack {
		t.Errorf("%d goroutines after the soak, %d at the baseline", end.Goroutines, base.Goroutines)
	}
	// The runtime keeps a record of every call stack its heap sampling
	// ever saw, for good; a server that nobody profiles must not sample
	// (heap_sampling.go), or those records grow with the session.
	if r.c.profiles == "" && end.Memory["profiling/buckets"] > base.Memory["profiling/buckets"] {
		t.Errorf("the heap sampling's records grew from %d to %d KiB in a server that writes no heap profiles", base.Memory["profiling/buckets"]>>10, end.Memory["profiling/buckets"]>>10)
	}
	if end.IndexedFiles != base.IndexedFiles {
		t.Errorf("%d files indexed after the soak, %d at the baseline (the same files are on disk)", end.IndexedFiles, base.IndexedFiles)
	}
	r.c.shutdown()
}

// BenchmarkSoak runs the soak for HEAT_LS_SOAK (default two minutes) with
// a checkpoint every minute, and reports the resident memory growth from
// the first checkpoint (after one minute) to the last, as the process
// stands and less the free heap the runtime kept backed through its
// forced return (held), and the most goroutines seen above the first
// checkpoint's:
//
//	HEAT_LS_SOAK=30m go test -run '^$' -bench Soak -timeout 40m ./cmd/heat-ls
//
// With HEAT_LS_SOAK_PROFILES set to a directory, the server writes a heap
// profile at each checkpoint into a new directory under it (heap-01.prof
// after the first minute, and so on), to compare with go tool pprof -base.
func BenchmarkSoak(b *testing.B) {
	total := soakDuration(b, 2*time.Minute)
	for range b.N {
		r := newSoakRun(b, soakSeed())
		start := time.Now()
		var first, last soakPoint
		maxG := 0
		for i := 1; time.Since(start) < total; i++ {
			r.mix(start.Add(min(total, time.Duration(i)*time.Minute)))
			p := r.checkpoint()
			r.c.heapProfile(fmt.Sprintf("heap-%02d.prof", i))
			b.Logf("%v: %v, %d requests, load average %s", time.Since(start).Round(time.Second), p, r.ok, loadAverage())
			if i == 1 {
				first = p
			}
			last, maxG = p, max(maxG, p.Goroutines)
		}
		r.c.shutdown()
		b.ReportMetric(100*(float64(last.rss)/float64(first.rss)-1), "rss-growth-%")
		b.ReportMetric(100*(float64(last.held())/float64(first.held())-1), "held-rss-growth-%")
		b.ReportMetric(100*(float64(last.idle)/float64(first.idle)-1), "idle-rss-growth-%")
		b.ReportMetric(100*(float64(last.HeapLive)/float64(first.HeapLive)-1), "heap-growth-%")
		b.ReportMetric(float64(last.rss>>10), "rss-KiB")
		b.ReportMetric(float64(maxG-first.Goroutines), "goroutines-above-first")
		b.ReportMetric(float64(r.ok), "requests")
	}
}
