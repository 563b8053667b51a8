//go:build !linux

package preview

import "time"

// threadCPU is the processor time of the calling thread; this platform
// does not tell.
func threadCPU() (time.Duration, bool) { return 0, false }
