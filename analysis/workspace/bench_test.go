package workspace

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"heat-ls/analysis/syntax/synthtest"
)

// BenchmarkIndex1000 indexes a generated tree of 1,000 templates (plus
// environments and non-HOT files) spread over nested directories. The
// target is well under 2 s per scan on the development machine.
func BenchmarkIndex1000(b *testing.B) {
	root := b.TempDir()
	tmpl := synthtest.GenerateTemplate(120)
	for i := range 1000 {
		dir := filepath.Join(root, fmt.Sprintf("d%02d", i%40), fmt.Sprintf("s%d", i%7))
		if err := os.MkdirAll(dir, 0o755); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("t%d.yaml", i)), tmpl, 0o644); err != nil {
			b.Fatal(err)
		}
		if i%10 == 0 {
			env := fmt.Sprintf("resource_registry:\n  My::T%d: t%d.yaml\nparameter_defaults:\n  p%d: 1\n", i, i, i)
			if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("e%d.yaml", i)), []byte(env), 0o644); err != nil {
				b.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("k%d.yaml", i)), []byte("kind: Pod\nspec: {}\n"), 0o644); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ResetTimer()
	for b.Loop() {
		x := New(root)
		x.Scan(context.Background(), nil)
		if n := x.Len(); n != 1100 {
			b.Fatalf("indexed %d files, want 1100", n)
		}
		_ = x.Snapshot().Mappings()
	}
}

// BenchmarkSnapshotWithOverlay is the per-keystroke cost of the workspace
// view in the server: a snapshot with one open document over 1,000 indexed
// templates, then one registry question.
func BenchmarkSnapshotWithOverlay(b *testing.B) {
	var files []*File
	tmpl := synthtest.GenerateTemplate(120)
	for i := range 1000 {
		files = append(files, parseFile(fmt.Sprintf("/w/d%d/t%d.yaml", i%40, i), tmpl, false))
		if i%10 == 0 {
			env := fmt.Sprintf("resource_registry:\n  My::T%d: t%d.yaml\n", i, i)
			files = append(files, parseFile(fmt.Sprintf("/w/d%d/e%d.yaml", i%40, i), []byte(env), false))
		}
	}
	x := New("/w")
	x.Put(files...)
	open := parseFile("/w/open.yaml", tmpl, true)
	b.ResetTimer()
	for b.Loop() {
		s := x.Snapshot(open)
		if !s.CheckView().TypeMapped("My::T10") {
			b.Fatal("mapping lost")
		}
	}
}
