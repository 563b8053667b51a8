package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime/metrics"
	"strings"
	"syscall"
	"testing"

	"heat-ls/analysis/preview/previewtest"
)

// TestPreviewHeapInHugePages runs heat-ls preview on the 12,022-line
// benchmark template and counts its page faults: with the heap in 4 KiB
// pages the run takes about 8,000, in 2 MiB pages about 1,500-2,100.
func TestPreviewHeapInHugePages(t *testing.T) {
	policy, err := os.ReadFile("/sys/kernel/mm/transparent_hugepage/enabled")
	if err != nil || strings.Contains(string(policy), "[never]") {
		t.Skipf("the kernel gives no transparent huge pages (%q, %v)", policy, err)
	}
	large := filepath.Join(t.TempDir(), "large.yaml")
	if err := os.WriteFile(large, []byte(previewtest.BigTemplate(12000)), 0o644); err != nil {
		t.Fatal(err)
	}
	faults := func(env ...string) int64 {
		cmd := exec.Command(binary(t), "preview", "--no-check", large)
		cmd.Env = append(os.Environ(), env...)
		if out, err := cmd.CombinedOutput(); err != nil && cmd.ProcessState.ExitCode() != 1 {
			t.Fatalf("heat-ls preview: %v\n%.2000s", err, out)
		}
		return cmd.ProcessState.SysUsage().(*syscall.Rusage).Minflt
	}
	small, off := faults(), faults("GODEBUG=disablethp=1")
	t.Logf("page faults: %d in huge pages, %d with GODEBUG=disablethp=1", small, off)
	if small*2 > off {
		t.Errorf("page faults: %d with huge pages, not under half the %d without", small, off)
	}
}

// TestHugeHeapHandedBackReleased: the space useHugePages takes is handed
// back released, which the runtime allocates from without clearing it
// (the kernel zeroes it on first touch); handed back as free pages that
// a span once held, every later allocation in it was cleared twice.
func TestHugeHeapHandedBackReleased(t *testing.T) {
	const n = 64 << 20
	// The pages left free but still backed: the released total of a
	// test process depends on what earlier tests left (the allocation may
	// reuse released space), the free pages right after the hand-back do
	// not.
	free := func() uint64 {
		s := []metrics.Sample{{Name: "/memory/classes/heap/free:bytes"}}
		metrics.Read(s)
		return s[0].Value.Uint64()
	}
	useHugePages(n)
	if got := free(); got >= n/2 {
		t.Errorf("%d MiB of free heap still backed after handing back %d MiB: the space is not released", got>>20, n>>20)
	}
}
