package main

import (
	"bytes"
	"os"
	"regexp"
	"strconv"
	"sync"
	"time"

	"heat-ls/analysis/bench"
)

// The typing benchmarks ask the server's runtime to trace its garbage
// collections (GODEBUG=gctrace=1: one line on stderr as each cycle
// ends) and note when each line arrives, so they can tell which edits a
// collection overlapped: on a 2-core machine a collection's marking
// takes a core from the edit and from the client, and the edits it
// overlaps make most of the slowest. Reported beside the percentiles:
// gc-overlap-% (the share of edits a collection overlapped), and the
// change's p50 of those edits and p99 of the others.

// gcWindow is one collection as seen from the client: from its start
// (its end less its clock time) to when its trace line arrived.
type gcWindow struct{ from, to time.Time }

// gcTracer is the server's stderr: it passes everything on to keep and
// notes the collections.
type gcTracer struct {
	keep    *bytes.Buffer // what the session shows when it fails
	mu      sync.Mutex
	partial []byte
	windows []gcWindow
}

// gcClock matches the clock times of a gctrace line: "gc 7 @1.2s 3%:
// 0.1+5.2+0.03 ms clock, ...": stop-the-world, concurrent, stop-the-world.
var gcClock = regexp.MustCompile(`^gc \d+ @[\d.]+s \d+%: ([\d.]+)\+([\d.]+)\+([\d.]+) ms clock`)

func (g *gcTracer) Write(p []byte) (int, error) {
	now := time.Now()
	g.mu.Lock()
	defer g.mu.Unlock()
	g.keep.Write(p)
	g.partial = append(g.partial, p...)
	for {
		i := bytes.IndexByte(g.partial, '\n')
		if i < 0 {
			break
		}
		if m := gcClock.FindSubmatch(g.partial[:i]); m != nil {
			ms := 0.0
			for _, part := range m[1:] {
				v, _ := strconv.ParseFloat(string(part), 64)
				ms += v
			}
			g.windows = append(g.windows, gcWindow{now.Add(-time.Duration(ms * float64(time.Millisecond))), now})
		}
		g.partial = g.partial[i+1:]
	}
	return len(p), nil
}

// overlapped reports, for each edit (started at starts[i], taking
// took[i]), whether a collection noted so far overlapped it.
func (g *gcTracer) overlapped(starts []time.Time, took bench.Latencies) []bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	out := make([]bool, len(starts))
	for i, s := range starts {
		end := s.Add(took[i])
		for _, w := range g.windows {
			if w.from.Before(end) && w.to.After(s) {
				out[i] = true
				break
			}
		}
	}
	return out
}

// gctraceEnv is the server's environment: the benchmark's, with the
// collections traced.
func gctraceEnv() []string {
	env := os.Environ()
	debug := "gctrace=1"
	if old := os.Getenv("GODEBUG"); old != "" {
		debug = old + "," + debug
	}
	return append(env, "GODEBUG="+debug)
}

// splitByOverlap returns the latencies of the edits a collection
// overlapped and of the others.
func splitByOverlap(took bench.Latencies, overlapped []bool) (with, without bench.Latencies) {
	for i, d := range took {
		if overlapped[i] {
			with = append(with, d)
		} else {
			without = append(without, d)
		}
	}
	return with, without
}
