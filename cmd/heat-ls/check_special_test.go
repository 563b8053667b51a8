package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestCheckRefusesSpecialAndHugeFiles names a FIFO, /dev/zero and a
// sparse 2 GiB file to check, as paths and as --env: each is refused
// after a look at the file (no read that blocks, never ends or holds the
// file in memory) with exit status 2 and a message naming it.
func TestCheckRefusesSpecialAndHugeFiles(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe.yaml")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("no FIFOs here (run on Linux or macOS): %v", err)
	}
	huge := filepath.Join(dir, "huge_env.yaml")
	if err := os.WriteFile(huge, []byte("parameters: {}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(huge, 2<<30); err != nil {
		t.Skipf("no sparse files here (run on a file system that has them): %v", err)
	}
	tmpl := filepath.Join(dir, "t.yaml")
	if err := os.WriteFile(tmpl, []byte("heat_template_version: 2018-08-31\nresources: {}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		args   []string
		want   string
		status int
	}{
		{"FIFO as a path", []string{"check", fifo}, "not a regular file", 2},
		{"FIFO as --env", []string{"check", "--env", fifo, tmpl}, "not a regular file", 2},
		{"device as a path", []string{"check", "/dev/zero"}, "not a regular file", 2},
		{"device as --env", []string{"check", "--env", "/dev/zero", tmpl}, "not a regular file", 2},
		{"huge file as a path", []string{"check", huge}, "document-too-large", 0}, // an info problem, as before
		{"huge file as --env", []string{"check", "--env", huge, tmpl}, "more than", 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			done := make(chan int, 1)
			go func() { done <- run(tc.args, strings.NewReader(""), &out, &errOut) }()
			var status int
			select {
			case status = <-done:
			case <-time.After(20 * time.Second):
				// Unblock the reader so the goroutine can end.
				if f, err := os.OpenFile(fifo, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
					f.Close()
				}
				t.Fatal("check is still reading")
			}
			all := out.String() + errOut.String()
			if status != tc.status || !strings.Contains(all, tc.want) {
				t.Fatalf("status %d, want %d and %q in:\n%s", status, tc.status, tc.want, all)
			}
		})
	}
}
