package lsp

import (
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync/atomic"
	"testing"
	"time"
)

func TestHeadroomPercent(t *testing.T) {
	const mib = 1 << 20
	tests := []struct {
		name     string
		live     uint64
		headroom uint64
		base     int
		want     int
	}{
		{"nothing measured", 0, gcHeadroom, 100, 100},
		{"tiny heap, bounded", 1 * mib, gcHeadroom, 100, gcMaxPercent},
		{"8 MiB", 8 * mib, gcHeadroom, 100, 600},
		{"16 MiB", 16 * mib, gcHeadroom, 100, 300},
		{"at the headroom", 48 * mib, gcHeadroom, 100, 100},
		{"large heap keeps the default", 300 * mib, gcHeadroom, 100, 100},
		{"a higher base stands", 16 * mib, gcHeadroom, 400, 400},
		{"off stays off", 1 * mib, gcHeadroom, -1, -1},
		{"small documents: 4 MiB live", 4 * mib, gcLeastHeadroom, 100, 200},
		{"small documents: 8 MiB live keeps the default", 8 * mib, gcLeastHeadroom, 100, 100},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := headroomPercent(tt.live, tt.headroom, tt.base); got != tt.want {
				t.Errorf("headroomPercent(%d MiB, %d MiB, %d) = %d, want %d", tt.live/mib, tt.headroom/mib, tt.base, got, tt.want)
			}
		})
	}
}

// TestHeadroomFor: the headroom follows the largest open document
// between the least and the most.
func TestHeadroomFor(t *testing.T) {
	tests := []struct {
		name    string
		largest int
		want    uint64
	}{
		{"none open", 0, gcLeastHeadroom},
		{"a template of 200 lines", 4_400, gcLeastHeadroom},
		{"1,700 lines", 48_000, gcLeastHeadroom},
		{"4,000 lines", 120_000, 120_000 * gcHeadroomPerByte},
		{"12,000 lines of resources", 340_000, gcHeadroom},
		{"12,000 lines, one deep output", 466_000, gcHeadroom},
		{"16 MiB", 16 << 20, gcHeadroom},
		{"negative reads as none", -1, gcLeastHeadroom},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := headroomFor(tt.largest); got != tt.want {
				t.Errorf("headroomFor(%d) = %d, want %d", tt.largest, got, tt.want)
			}
		})
	}
}

// liveHeap is the live heap the last collection found.
func liveHeap() uint64 {
	m := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(m)
	return m[0].Value.Uint64()
}

// collectAndWait runs a collection and waits for the policy's cleanup
// to have seen it.
func collectAndWait(t *testing.T, g *gcPolicy) {
	t.Helper()
	seen := g.collections.Load()
	for deadline := time.Now().Add(10 * time.Second); g.collections.Load() == seen; {
		if time.Now().After(deadline) {
			t.Fatal("the policy saw no collection")
		}
		runtime.GC()
		time.Sleep(time.Millisecond)
	}
}

// TestGCPolicyFollowsTheLiveHeap: after each collection the percent
// gives a small heap its headroom and a large one the base; a scan's own
// percent holds while it runs; stop puts the base back.
func TestGCPolicyFollowsTheLiveHeap(t *testing.T) {
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	var g gcPolicy
	var largest atomic.Int64
	g.start(func() int { return int(largest.Load()) })
	defer g.stop()

	// Another goroutine's collection may come between the cleanup and
	// the reads: a few tries.
	for _, doc := range []int64{0, 1 << 20} { // none open, then a large one
		largest.Store(doc)
		for try := 0; ; try++ {
			collectAndWait(t, &g)
			got, want := gcPercent(), headroomPercent(liveHeap(), headroomFor(int(doc)), 100)
			if got == want && (got > 100 || liveHeap() >= headroomFor(int(doc))) {
				break
			}
			if try == 5 {
				t.Fatalf("small heap (%d B live), largest document %d B: percent %d, want %d", liveHeap(), doc, got, want)
			}
		}
	}

	var big atomic.Pointer[[]byte]
	b := make([]byte, 2*gcHeadroom)
	for i := range b {
		b[i] = 1
	}
	big.Store(&b)
	collectAndWait(t, &g)
	if got := gcPercent(); got != 100 {
		t.Fatalf("heap above the headroom: percent %d, want the base 100", got)
	}
	big.Store(nil)

	g.duringScan(func(report func(done, total int)) {
		report(0, scanGCMinFiles) // a large scan: the lower percent holds
		collectAndWait(t, &g)
		if got := gcPercent(); got != scanGCPercent {
			t.Fatalf("during a scan: percent %d, want the scan's %d", got, scanGCPercent)
		}
	}, nil)
	if got, want := gcPercent(), headroomPercent(liveHeap(), headroomFor(1<<20), 100); got != want {
		t.Fatalf("after the scan: percent %d, want %d", got, want)
	}

	g.stop()
	if got := gcPercent(); got != 100 {
		t.Fatalf("after stop: percent %d, want the base 100", got)
	}
	tunes := g.tunes.Load()
	runtime.GC()
	runtime.GC()
	if got := gcPercent(); got != 100 || g.tunes.Load() != tunes {
		t.Fatalf("collections after stop changed the percent to %d", got)
	}
}

// TestGCPolicyLeavesTheUsersSetting: with GOGC or GOMEMLIMIT in the
// environment the policy never sets the percent, a scan's aside.
func TestGCPolicyLeavesTheUsersSetting(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	for _, env := range []string{"GOGC", "GOMEMLIMIT"} {
		t.Run(env, func(t *testing.T) {
			t.Setenv("GOGC", "")
			t.Setenv("GOMEMLIMIT", "")
			t.Setenv(env, map[string]string{"GOGC": "150", "GOMEMLIMIT": "1GiB"}[env])
			debug.SetGCPercent(150)
			var g gcPolicy
			g.start(nil)
			defer g.stop()
			runtime.GC()
			runtime.GC()
			if got := gcPercent(); got != 150 || g.tunes.Load() != 0 {
				t.Fatalf("percent %d after %d tunes, want the user's 150 untouched", got, g.tunes.Load())
			}
		})
	}
}

// TestGCPolicyStopDuringAScan: a policy stopped while a scan holds the
// percent puts the base back when the scan ends.
func TestGCPolicyStopDuringAScan(t *testing.T) {
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	var g gcPolicy
	g.start(nil)
	g.duringScan(func(report func(done, total int)) {
		report(0, scanGCMinFiles)
		g.stop()
	}, nil)
	if got := gcPercent(); got != 100 {
		t.Fatalf("after the scan: percent %d, want the base 100", got)
	}
}

// TestServeAppliesTheHeadroom: a server made WithGCHeadroom owns the
// percent while it serves and puts the process's back when it ends; one
// made without leaves it alone.
func TestServeAppliesTheHeadroom(t *testing.T) {
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	for _, tc := range []struct {
		name string
		opts []Option
		want bool
	}{{"with", []Option{WithGCHeadroom()}, true}, {"without", nil, false}} {
		t.Run(tc.name, func(t *testing.T) {
			c := startServer(t, tc.opts...)
			c.call("1", "initialize", `{"capabilities":{}}`)
			if tc.want {
				collectAndWait(t, &c.server.gc)
			} else {
				runtime.GC()
			}
			if got := c.server.gc.tunes.Load() > 0; got != tc.want {
				t.Errorf("headroom applied while serving: %v, want %v", got, tc.want)
			}
			c.call("2", "shutdown", "")
			c.notify("exit", "")
			if code := c.exitStatus(); code != 0 {
				t.Fatalf("exit status %d", code)
			}
			if got := gcPercent(); got != 100 {
				t.Errorf("percent after Serve: %d, want the process's 100", got)
			}
		})
	}
}
