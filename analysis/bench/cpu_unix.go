//go:build unix

package bench

import (
	"syscall"
	"time"
)

// ProcessCPU is the processor time (user and system) this process has
// used so far; ok is false where the system cannot say. A busy machine
// stretches wall times more than processor times, so benchmarks report
// both.
func ProcessCPU() (d time.Duration, ok bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
