package lsp

import (
	"os"
	"os/exec"
	"runtime"
	"runtime/metrics"
	"sync"
	"testing"
)

// TestFlushProcessorCachesFreesStacks: goroutines that ended leave their
// records, each with its 8 KiB stack, in the cache of the processor they
// ended on, and no collection frees those stacks. Emptying the caches of
// every processor but the first lets the next collection free the stacks
// of those cached elsewhere. Which processor a goroutine ends on is the
// scheduler's choice, and a stack page is freed only once its other stacks
// are, so up to twenty bursts are tried (with the other core busy, five
// were once not enough); GOMAXPROCS is the same afterwards.
//
// It runs in a process of its own: in this one, the goroutines of every
// test before it leave stacks alive all over the stack pages, and freeing
// a stack gives back its page only once the page's other stacks are free.
func TestFlushProcessorCachesFreesStacks(t *testing.T) {
	n := runtime.GOMAXPROCS(0)
	if n < 2 {
		t.Skip("one processor: there is no other processor's cache to empty")
	}
	if !inOwnProcess(t, "TestFlushProcessorCachesFreesStacks", flushChildEnv) {
		return
	}
	t.Cleanup(func() { runtime.GOMAXPROCS(n) })
	for attempt := range 20 {
		burstOfGoroutines(200)
		before := settledStacks()
		flushProcessorCaches()
		if got := runtime.GOMAXPROCS(0); got != n {
			t.Fatalf("GOMAXPROCS %d after the flush, %d before", got, n)
		}
		after := settledStacks()
		t.Logf("attempt %d: heap/stacks %d KiB once collections free no more, %d KiB after the flush and collections", attempt+1, before>>10, after>>10)
		if after < before {
			return
		}
	}
	t.Fatalf("the flush never let a collection free a stack")
}

// flushChildEnv marks the process TestFlushProcessorCachesFreesStacks
// starts to run itself in.
const flushChildEnv = "HEAT_LS_FLUSH_TEST_CHILD"

// inOwnProcess reports whether the test runs in the process of its own
// that env marks. Called in the test's process, it starts the test binary
// again with only the test named name, marked by env, logs what that
// printed and fails when it failed, and reports false: the caller then
// returns.
func inOwnProcess(t *testing.T, name, env string) bool {
	t.Helper()
	if os.Getenv(env) != "" {
		return true
	}
	cmd := exec.Command(os.Args[0], "-test.run=^"+name+"$", "-test.v")
	cmd.Env = append(os.Environ(), env+"=1")
	out, err := cmd.CombinedOutput()
	t.Logf("%s", out)
	if err != nil {
		t.Fatalf("the test in a process of its own: %v", err)
	}
	return false
}

// burstOfGoroutines runs n goroutines at once, started from two
// goroutines so that they are created and end on more than one processor.
func burstOfGoroutines(n int) {
	var started, release, done sync.WaitGroup
	gate := make(chan struct{})
	started.Add(n)
	done.Add(n)
	for range 2 {
		release.Go(func() {
			for range n / 2 {
				go func() {
					started.Done()
					<-gate
					done.Done()
				}()
			}
		})
	}
	release.Wait()
	started.Wait()
	close(gate)
	done.Wait()
}

// settledStacks collects until the stack memory stops shrinking (a
// collection frees the stacks of the records in the shared pool, and a
// stack page goes back to the heap at a later one) and returns it.
func settledStacks() uint64 {
	runtime.GC()
	last := heapStacks()
	for range 8 {
		runtime.GC()
		now := heapStacks()
		if now == last {
			break
		}
		last = now
	}
	return last
}

func heapStacks() uint64 {
	m := []metrics.Sample{{Name: "/memory/classes/heap/stacks:bytes"}}
	metrics.Read(m)
	return m[0].Value.Uint64()
}
