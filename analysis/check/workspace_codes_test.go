package check

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// TestWorkspaceCodesDocumented: every workspace rule id constant has a
// line in the table of workspace_codes.go's doc comment, with a severity.
func TestWorkspaceCodesDocumented(t *testing.T) {
	src, err := os.ReadFile("workspace_codes.go")
	if err != nil {
		t.Fatal(err)
	}
	text := string(src)
	consts := regexp.MustCompile(`(?m)^\s+code\w+\s+= "([a-z-]+)"`).FindAllStringSubmatch(text, -1)
	if len(consts) < 10 {
		t.Fatalf("found only %d rule ids", len(consts))
	}
	for _, c := range consts {
		row := regexp.MustCompile(`(?m)^//\s+` + regexp.QuoteMeta(c[1]) + `\s+(error|warning|information|hint)\b`)
		if !row.MatchString(text) {
			t.Errorf("rule %s has no documented severity in the table", c[1])
		}
		if strings.Count(text, `"`+c[1]+`"`) != 1 {
			t.Errorf("rule id %s is declared more than once", c[1])
		}
	}
}
