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
