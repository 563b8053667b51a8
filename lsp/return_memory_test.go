package lsp

import (
	"runtime"
	"slices"
	"sync"
	"testing"
)

// TestRefillStopsOnceNoFreePageIsBacked: the refill allocates blocks until
// the free pages still backed are fewer than a block, checked every
// refillCheck blocks, or until it has allocated n; without the check, a
// refill meant to reach a few hundred KiB of free pages took every
// returned page of the heap (tens of MiB) and grew the heap past them.
func TestRefillStopsOnceNoFreePageIsBacked(t *testing.T) {
	for _, tc := range []struct {
		name      string
		n         uint64
		freeAfter int // blocks after which no free page is backed
		want      int
	}{
		{"free pages reached early", 1000, 40, 48},
		{"free pages reached at once", 1000, 0, refillCheck},
		{"never reached", 100, 1 << 30, 100},
		{"fewer blocks than a check", 5, 0, 5},
	} {
		t.Run(tc.name, func(t *testing.T) {
			calls := 0
			got := refill(tc.n, func() uint64 {
				calls++
				if calls*refillCheck >= tc.freeAfter {
					return 0
				}
				return 1 << 20
			})
			if got != tc.want {
				t.Errorf("%d blocks allocated, want %d", got, tc.want)
			}
		})
	}
}

// TestDrainPageCacheStopsOnceNoFreePageIsBacked: the drain takes a page at
// a time while a free page is still backed, and never more than
// drainPages (the free pages a cache holds are few; a heap whose free
// pages stay backed for another reason is the refill's).
func TestDrainPageCacheStopsOnceNoFreePageIsBacked(t *testing.T) {
	for _, tc := range []struct {
		name   string
		backed int // pages backed before the drain
		want   int
	}{
		{"none backed", 0, 0},
		{"one page", 1, 1},
		{"a cache's worth", 64, 64},
		{"more than two caches", 1000, drainPages},
	} {
		t.Run(tc.name, func(t *testing.T) {
			calls := 0
			got := drainPageCache(func() uint64 {
				calls++
				return uint64(max(tc.backed-(calls-1), 0)) * pageBytes
			})
			if got != tc.want {
				t.Errorf("%d pages taken, want %d", got, tc.want)
			}
		})
	}
	// Pages that were returned lower nothing: after drainIdle of them in
	// a row the drain stops, and any page that lowers the count starts
	// the run again.
	for _, tc := range []struct {
		name  string
		steps []int // backed free pages read before the drain and after each page
		want  int
	}{
		{"nothing but returned pages", []int{5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5}, drainIdle},
		{"returned pages, then backed ones", append(append([]int{3}, slices.Repeat([]int{3}, drainIdle-1)...), 2, 1, 0), drainIdle + 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			i := 0
			got := drainPageCache(func() uint64 {
				v := tc.steps[min(i, len(tc.steps)-1)]
				i++
				return uint64(v) * pageBytes
			})
			if got != tc.want {
				t.Errorf("%d pages taken, want %d", got, tc.want)
			}
		})
	}
}

// drainChildEnv marks the process TestReturnMemoryDrainsThePageCache runs
// its attempts in.
const drainChildEnv = "HEAT_LS_TEST_DRAIN_CHILD"

// TestReturnMemoryDrainsThePageCache: after a burst of allocations on
// several goroutines, a collection and a return leave free pages backed in
// the page cache of the processor that ran the collection's end, out of
// the return's reach; returnMemory with flushProcessors takes them back.
// Which processor that is, and what its cache holds, is the scheduler's
// and the allocator's choice, so up to twenty bursts are tried: one must end
// with no free page backed. Without the drain that is rare (the cache is
// seldom empty), with it most bursts end so.
//
// It runs in a process of its own, as TestFlushProcessorCachesFreesStacks
// does, so that no other test allocates meanwhile.
func TestReturnMemoryDrainsThePageCache(t *testing.T) {
	n := runtime.GOMAXPROCS(0)
	if n < 2 {
		t.Skip("one processor: the collection's end runs where the drain does")
	}
	if !inOwnProcess(t, "TestReturnMemoryDrainsThePageCache", drainChildEnv) {
		return
	}
	t.Cleanup(func() { runtime.GOMAXPROCS(n) })
	var kept [][]byte
	for attempt := range 20 {
		kept = append(kept, burstOfAllocations(n)...)
		returnMemory(true, nil)
		free, _, _ := heapPages()
		t.Logf("attempt %d: %d KiB of free pages backed after the return", attempt+1, free>>10)
		if free == 0 {
			return
		}
	}
	runtime.KeepAlive(kept)
	t.Fatal("every return left free pages backed")
}

// burstOfAllocations allocates objects of many sizes on a goroutine a
// processor, keeping one in a thousand (returned) amid the garbage.
func burstOfAllocations(procs int) [][]byte {
	var mu sync.Mutex
	var kept [][]byte
	var wg sync.WaitGroup
	for g := range procs * 2 {
		wg.Go(func() {
			var mine [][]byte
			for i := range 100_000 {
				b := make([]byte, 16+(i*37+g)%3000)
				if i%1000 == 0 {
					mine = append(mine, b)
				}
			}
			mu.Lock()
			kept = append(kept, mine...)
			mu.Unlock()
		})
	}
	wg.Wait()
	return kept
}
