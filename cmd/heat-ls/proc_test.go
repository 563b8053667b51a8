package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"
)

// procBytes reads a size field (VmRSS, VmHWM) of /proc/<pid>/status, in
// bytes. It skips the test or benchmark where there is no /proc.
func procBytes(t testing.TB, pid int, field string) int64 {
	t.Helper()
	return procFileBytes(t, fmt.Sprintf("/proc/%d/status", pid), field)
}

// procRollup reads a size field (AnonHugePages, Private_Dirty) of
// /proc/<pid>/smaps_rollup, the sums over every mapping of the process, in
// bytes.
func procRollup(t testing.TB, pid int, field string) int64 {
	t.Helper()
	return procFileBytes(t, fmt.Sprintf("/proc/%d/smaps_rollup", pid), field)
}

// procFileBytes reads the field "NAME: N kB" of a /proc file, in bytes.
func procFileBytes(t testing.TB, path, field string) int64 {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Skipf("no /proc here (run on Linux): %v", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), field+":"); ok {
			kb, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")), 10, 64)
			if err != nil {
				t.Fatalf("%s %q: %v", field, rest, err)
			}
			return kb << 10
		}
	}
	t.Fatalf("no %s in %s", field, path)
	return 0
}

// procCPU is the processor time (user + system) process pid has used so
// far, from /proc/PID/stat in clock ticks of 10 ms.
func procCPU(t testing.TB, pid int) time.Duration {
	t.Helper()
	raw, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		t.Skipf("no /proc here (run on Linux): %v", err)
	}
	// The fields after the command name (in parentheses, which may hold
	// spaces): state is field 3, utime 14 and stime 15.
	_, rest, _ := strings.Cut(string(raw), ") ")
	f := strings.Fields(rest)
	if len(f) < 13 {
		t.Fatalf("/proc/%d/stat: %q", pid, raw)
	}
	user, err1 := strconv.ParseInt(f[11], 10, 64)
	sys, err2 := strconv.ParseInt(f[12], 10, 64)
	if err1 != nil || err2 != nil {
		t.Fatalf("/proc/%d/stat: %q", pid, raw)
	}
	return time.Duration(user+sys) * 10 * time.Millisecond
}

// loadAverage is the machine's load averaged over the last one, five and
// fifteen minutes (/proc/loadavg), to log beside timings and memory taken
// on a machine shared with other work; "unknown" without /proc.
func loadAverage() string {
	raw, err := os.ReadFile("/proc/loadavg")
	if f := strings.Fields(string(raw)); err == nil && len(f) >= 3 {
		return strings.Join(f[:3], " ")
	}
	return "unknown"
}
