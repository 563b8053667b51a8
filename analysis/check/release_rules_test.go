package check

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestReleaseCodesDocumentedAndRecorded: every release rule id has a row
// in release_rules.go's table (severity and Heat phase), is declared once,
// and is backed by a recorded release case that expects it with that
// severity.
func TestReleaseCodesDocumentedAndRecorded(t *testing.T) {
	src, err := os.ReadFile("release_rules.go")
	if err != nil {
		t.Fatal(err)
	}
	text := string(src)
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
	consts := regexp.MustCompile(`(?m)^\s+code\w+\s+= "([a-z-]+)"`).FindAllStringSubmatch(text, -1)
	if len(consts) < 9 {
		t.Fatalf("found only %d rule ids", len(consts))
	}
	for _, c := range consts {
		row := regexp.MustCompile(`(?m)^//\s+` + regexp.QuoteMeta(c[1]) + `\s+(error|warning)\s+(validate|create|–)\s`).FindStringSubmatch(text)
		if row == nil {
			t.Errorf("rule %s has no documented severity and phase in the table", c[1])
			continue
		}
		if strings.Count(text, `"`+c[1]+`"`) != 1 {
			t.Errorf("rule id %s is declared more than once", c[1])
		}
		if !strings.Contains(all.String(), c[1]+":"+row[1]) {
			t.Errorf("rule %s (%s) is expected by no release case", c[1], row[1])
		}
	}
}
