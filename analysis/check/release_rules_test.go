package check

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"heat-ls/analysis/rules"
)

// TestReleaseCodesDocumentedAndRecorded: every release rule declared in
// analysis/rules is backed by a recorded release case that expects it
// with its declared severity.
func TestReleaseCodesDocumentedAndRecorded(t *testing.T) {
	expects, err := filepath.Glob(filepath.Join("..", "..", "testdata", "release-cases", "*", "expect.txt"))
	if err != nil || len(expects) == 0 {
		t.Fatalf("no release cases found: %v", err)
	}
	var all strings.Builder
	for _, f := range expects {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		all.Write(b)
	}
	n := 0
	for _, r := range rules.All() {
		if r.Group != "release" {
			continue
		}
		n++
		if !strings.Contains(all.String(), r.ID+":"+r.Severity.String()) {
			t.Errorf("rule %s (%s) is expected by no release case", r.ID, r.Severity)
		}
	}
	if n < 9 {
		t.Fatalf("found only %d release rules", n)
	}
}
