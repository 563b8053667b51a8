package main

import (
	"os"
	"path/filepath"
	"testing"
)

func TestHugeHeapFor(t *testing.T) {
	dir := t.TempDir()
	file := func(name string, size int) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, make([]byte, size), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	for _, c := range []struct {
		name    string
		path    string
		godebug string
		want    int
	}{
		{"small template", file("small.yaml", 4<<10), "", 0},
		{"just under the minimum", file("under.yaml", hugeHeapMin/previewHeapPerByte-1), "", 0},
		{"12,000 lines", file("large.yaml", 405134), "", 32 << 20}, // 32.4 MB rounded to whole 2 MiB pages
		{"capped", file("huge.yaml", 4<<20), "", hugeHeapMax},
		{"turned off by GODEBUG", file("off.yaml", 405134), "gctrace=0,disablethp=1", 0},
		{"turned back on by a later setting", file("on.yaml", 405134), "disablethp=1,disablethp=0", 32 << 20},
		{"missing file", filepath.Join(dir, "missing.yaml"), "", 0},
		{"directory", dir, "", 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Setenv("GODEBUG", c.godebug)
			got := hugeHeapFor(c.path)
			if got != c.want {
				t.Errorf("hugeHeapFor = %d, want %d", got, c.want)
			}
			if got%hugePageSize != 0 {
				t.Errorf("hugeHeapFor = %d, not whole huge pages", got)
			}
		})
	}
}

// TestPreviewGCPercent: the collector's goal for a preview's nearly empty
// heap is half as much again as the preview allocates, and never below
// check's target.
func TestPreviewGCPercent(t *testing.T) {
	for _, size := range []int64{0, 4 << 10, 405134, 16 << 20} {
		pct := previewGCPercent(size)
		if pct < checkGCPercent {
			t.Errorf("%d bytes: target %d%%, below check's %d%%", size, pct, checkGCPercent)
		}
		if goal := int64(runtimeHeapMinimum) * int64(pct) / 100; goal < size*previewHeapPerByte*3/2 {
			t.Errorf("%d bytes: goal %d MiB, under half as much again as the %d MiB a preview allocates", size, goal>>20, size*previewHeapPerByte>>20)
		}
	}
}
