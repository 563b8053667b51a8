package workspace

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestScanStaysWithinBudget indexes a folder of 30 templates of about a
// kilobyte under lowered limits: the scan stops at each limit, keeps what
// it indexed, and says why, only when it left something out.
func TestScanStaysWithinBudget(t *testing.T) {
	dir := t.TempDir()
	body := "heat_template_version: 2018-08-31\ndescription: " + strings.Repeat("x", 1000) + "\nresources: {}\n"
	for i := range 30 {
		sub := filepath.Join(dir, fmt.Sprintf("d%d", i%3))
		os.MkdirAll(sub, 0o755)
		if err := os.WriteFile(filepath.Join(sub, fmt.Sprintf("t%d.yaml", i)), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// Walked last: an entry after the last candidate file does not make
	// the scan say there were more candidates than it found.
	if err := os.WriteFile(filepath.Join(dir, "zz-notes.txt"), []byte("notes"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name     string
		limits   scanLimits
		maxFiles int
		reason   string
	}{
		{"within budget", scanLimits{}, 30, ""},
		{"candidate files", scanLimits{candidates: 10}, 10, "more than 10 .yaml"},
		{"exactly as many candidate files as allowed", scanLimits{candidates: 30}, 30, ""},
		{"one candidate file more than allowed", scanLimits{candidates: 29}, 29, "more than 29 .yaml"},
		{"bytes", scanLimits{bytes: 5 * int64(len(body))}, 5, "add up to more than"},
		{"directory entries", scanLimits{entries: 8}, 8, "files and directories"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			x := New(dir)
			x.limits = tc.limits
			x.Scan(context.Background(), nil)
			if got := x.Len(); got > tc.maxFiles || got == 0 || tc.reason == "" && got != tc.maxFiles {
				t.Fatalf("indexed %d files, want at most %d", got, tc.maxFiles)
			}
			if got := x.Stopped(); tc.reason == "" && got != "" || !strings.Contains(got, tc.reason) {
				t.Fatalf("Stopped() = %q, want %q", got, tc.reason)
			}
		})
	}
}
