package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sync"
	"testing"
	"time"

	"heat-ls/analysis/bench"
	"heat-ls/analysis/syntax/synthtest"
)

// BenchmarkE2ECheck runs the built binary's "heat-ls check" over a tree of
// 500 generated templates of 300 lines in 25 folders, start-up included,
// and compares the wall time per file with the bare yaml.v3 parse of the
// same files, read from disk and parsed on every core as the command
// works (x-parse), and on one core (x-parse-1core). On a machine shared
// with other work the wall times stretch with the load; the processor
// times (cpu-ms/file, x-parse-cpu: the child's user+system time against
// this process's while it parses) stretch less. Run it with
//
//	go test -run '^$' -bench E2ECheck -benchtime 10x ./cmd/heat-ls
func BenchmarkE2ECheck(b *testing.B) {
	const files = 500
	dir := b.TempDir()
	src := synthtest.GenerateTemplate(300)
	var paths []string
	for i := range files {
		sub := filepath.Join(dir, fmt.Sprintf("d%02d", i%25))
		if err := os.MkdirAll(sub, 0o755); err != nil {
			b.Fatal(err)
		}
		p := filepath.Join(sub, fmt.Sprintf("t%03d.yaml", i))
		if err := os.WriteFile(p, src, 0o644); err != nil {
			b.Fatal(err)
		}
		paths = append(paths, p)
	}
	bin := binary(b)
	// run returns the wall time and the processor time of one check.
	run := func() (wall, cpu time.Duration) {
		cmd := exec.Command(bin, "check", dir)
		start := time.Now()
		out, err := cmd.CombinedOutput()
		if err != nil {
			b.Fatalf("heat-ls check: %v\n%s", err, out)
		}
		return time.Since(start), cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	}
	run() // the first run pays for reading the binary and files from disk
	var check, checkCPU, parallel, parallelCPU, single time.Duration
	for b.Loop() {
		wall, cpu := run()
		check += wall
		checkCPU += cpu
		b.StopTimer()
		wall, cpu = parseFiles(b, paths, runtime.GOMAXPROCS(0))
		parallel += wall
		parallelCPU += cpu
		wall, _ = parseFiles(b, paths, 1)
		single += wall
		b.StartTimer()
	}
	perFile := func(d time.Duration) float64 {
		return float64(d) / float64(b.N*files) / float64(time.Millisecond)
	}
	b.ReportMetric(perFile(check), "ms/file")
	b.ReportMetric(perFile(checkCPU), "cpu-ms/file")
	b.ReportMetric(perFile(parallel), "parse-ms/file")
	b.ReportMetric(perFile(parallelCPU), "parse-cpu-ms/file")
	b.ReportMetric(float64(check)/float64(parallel), "x-parse")
	b.ReportMetric(float64(checkCPU)/float64(parallelCPU), "x-parse-cpu")
	b.ReportMetric(float64(check)/float64(single), "x-parse-1core")
}

// processCPU is the processor time this process has used so far.
func processCPU(b *testing.B) time.Duration {
	d, ok := bench.ProcessCPU()
	if !ok {
		b.Skip("the processor time of a process is not known here")
	}
	return d
}

// parseFiles reads and parses every file with bare yaml.v3 on workers
// goroutines and returns the wall time and the processor time used.
func parseFiles(b *testing.B, paths []string, workers int) (wall, cpu time.Duration) {
	start, startCPU := time.Now(), processCPU(b)
	next := make(chan string)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for p := range next {
				src, err := os.ReadFile(p)
				if err != nil {
					b.Error(err)
					continue
				}
				bench.ParseFloorOnce(b, src)
			}
		}()
	}
	for _, p := range paths {
		next <- p
	}
	close(next)
	wg.Wait()
	return time.Since(start), processCPU(b) - startCPU
}
