package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"heat-ls/analysis/syntax/synthtest"
)

// BenchmarkE2ECheckScale runs the built binary's "heat-ls check" over
// trees of 400, 1,600 and 6,400 small templates, most of them nesting
// others of the tree by path and through a group's member type, one in 50
// reading resource_facade, which makes the command work out which checked
// files run as nested stacks (the differential test's tree of 6,400
// variants has such files). The cost per file (ms/file wall, cpu-ms/file
// processor) should not grow with the tree; before the one-walk answer it
// grew with the number of files (6,400 files took minutes). Run it with
//
//	go test -run '^$' -bench E2ECheckScale -benchtime 2x ./cmd/heat-ls
func BenchmarkE2ECheckScale(b *testing.B) {
	bin := binary(b)
	for _, files := range []int{400, 1600, 6400} {
		b.Run(fmt.Sprintf("files=%d", files), func(b *testing.B) {
			dir := b.TempDir()
			writeNestingTree(b, dir, files)
			run := func() (wall, cpu time.Duration) {
				cmd := exec.Command(bin, "check", "--format", "json", dir)
				start := time.Now()
				out, err := cmd.Output()
				if err != nil && cmd.ProcessState.ExitCode() != 1 {
					b.Fatalf("heat-ls check: %v\n%s", err, out)
				}
				return time.Since(start), cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
			}
			run() // reads the files into the page cache
			var wall, cpu time.Duration
			for b.Loop() {
				w, c := run()
				wall += w
				cpu += c
			}
			perFile := func(d time.Duration) float64 {
				return float64(d) / float64(b.N*files) / float64(time.Millisecond)
			}
			b.ReportMetric(perFile(wall), "ms/file")
			b.ReportMetric(perFile(cpu), "cpu-ms/file")
		})
	}
}

// writeNestingTree writes n templates of about 70 lines into 25 folders
// under dir, in groups of ten: the first of a group nests nothing, the
// second nests the first by a relative path, the others nest the first by
// path and the second as a resource group's member (so the nesting is as
// deep at every size), and every 50th template reads resource_facade in
// an output.
func writeNestingTree(b testing.TB, dir string, n int) {
	base := synthtest.GenerateTemplate(70)
	name := func(i int) string { return fmt.Sprintf("d%02d/t%05d.yaml", i%25, i) }
	for i := range n {
		head := i - i%10
		var nesting string
		if i > head {
			nesting = fmt.Sprintf("resources:\n  parent:\n    type: ../%s\n", name(head))
		}
		if i > head+1 {
			nesting += fmt.Sprintf("  members:\n    type: OS::Heat::ResourceGroup\n    properties:\n      count: 2\n      resource_def:\n        type: ../%s\n", name(head+1))
		}
		src := base
		if nesting != "" {
			src = bytes.Replace(base, []byte("resources:\n"), []byte(nesting), 1)
		}
		if i%50 == 0 {
			src = append(src[:len(src):len(src)], "  facade:\n    value: {resource_facade: metadata}\n"...)
		}
		p := filepath.Join(dir, name(i))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(p, src, 0o644); err != nil {
			b.Fatal(err)
		}
	}
}
