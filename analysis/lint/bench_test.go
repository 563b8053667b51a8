package lint

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"heat-ls/analysis/bench"
	"heat-ls/analysis/syntax/synthtest"
)

// BenchmarkCheckTree500 runs heat-ls check (without output) over a tree of
// 500 templates of 300 lines in 25 directories. "x-parse" compares the
// wall time with a sequential bare yaml.v3 parse of one template times 500,
// so on N cores the parallel check may come in under 1.
func BenchmarkCheckTree500(b *testing.B) {
	sc := loadSchema(b)
	dir := b.TempDir()
	src := synthtest.GenerateTemplate(300)
	for i := range 500 {
		sub := filepath.Join(dir, fmt.Sprintf("d%02d", i%25))
		if err := os.MkdirAll(sub, 0o755); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(sub, fmt.Sprintf("t%03d.yaml", i)), src, 0o644); err != nil {
			b.Fatal(err)
		}
	}
	floor := bench.NewFloor(src)
	for b.Loop() {
		rep := Check(context.Background(), Options{Paths: []string{dir}, Schema: sc})
		if rep.Files != 500 || len(rep.Errors) > 0 {
			b.Fatalf("checked %d files, errors %v", rep.Files, rep.Errors)
		}
		for range 500 {
			floor.Measure(b)
		}
	}
	floor.Report(b, b.N*500)
}
