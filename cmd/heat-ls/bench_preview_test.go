package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"heat-ls/analysis/bench"
	"heat-ls/analysis/preview/previewtest"
)

// BenchmarkE2EPreviewCommand runs the built binary's "heat-ls preview",
// start-up included, on a template of 12,000 lines and on a tree of 300
// nested templates mapped by 20 environment files, with check's rules
// and without (--no-check). On a machine shared with other work the wall
// times stretch with the load; the processor time of the child (user +
// system) is the figure to compare with the targets (50 ms and 500 ms).
//
//	go test -run '^$' -bench E2EPreviewCommand -benchtime 9x ./cmd/heat-ls
func BenchmarkE2EPreviewCommand(b *testing.B) {
	dir := b.TempDir()
	large := filepath.Join(dir, "large.yaml")
	if err := os.WriteFile(large, []byte(previewtest.BigTemplate(12000)), 0o644); err != nil {
		b.Fatal(err)
	}
	treeDir := filepath.Join(dir, "tree")
	if err := os.Mkdir(treeDir, 0o755); err != nil {
		b.Fatal(err)
	}
	root, envs := previewtest.NestedTree(b, treeDir)
	tree := []string{"--depth", "20"}
	for _, e := range envs {
		tree = append(tree, "-e", e)
	}
	tree = append(tree, root)
	bin := binary(b)
	for _, c := range []struct {
		name string
		args []string
	}{
		{"large/no-check", []string{"--no-check", large}},
		{"large/check", []string{large}},
		{"tree/no-check", append([]string{"--no-check"}, tree...)},
		{"tree/check", tree},
	} {
		b.Run(c.name, func(b *testing.B) {
			run := func() (wall, cpu time.Duration) {
				cmd := exec.Command(bin, append([]string{"preview"}, c.args...)...)
				start := time.Now()
				// Status 1 (problems: the large template's conditions leave
				// out resources it still reads) is a preview too.
				if out, err := cmd.CombinedOutput(); err != nil && cmd.ProcessState.ExitCode() != 1 {
					b.Fatalf("heat-ls preview: %v\n%.2000s", err, out)
				}
				return time.Since(start), cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
			}
			run() // the first run reads the binary and the files from disk
			var walls, cpus bench.Latencies
			for b.Loop() {
				wall, cpu := run()
				walls = append(walls, wall)
				cpus = append(cpus, cpu)
			}
			reportPercentiles(b, "wall", walls)
			reportPercentiles(b, "cpu", cpus)
		})
	}
}
