package lsp

import "testing"

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
