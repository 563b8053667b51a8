//go:build !unix

package bench

import "time"

// ProcessCPU is not known on this system (see cpu_unix.go).
func ProcessCPU() (time.Duration, bool) { return 0, false }
