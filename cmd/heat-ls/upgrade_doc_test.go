package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDocsUpgradeExample runs the upgrade-check example of
// docs/heat-releases.md (the stack.yaml it shows, `check --heat-release
// 2024.1,2026.1`) and demands exactly the output the document prints, so
// the example cannot drift from what heat-ls says.
func TestDocsUpgradeExample(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join(moduleRootDir(t), "docs", "heat-releases.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(doc), "\n## Upgrade check\n")
	if !ok {
		t.Fatal("docs/heat-releases.md has no Upgrade check section")
	}
	template := fenced(t, section, "```yaml\n")
	want := fenced(t, section, "```\n$ heat-ls check --heat-release 2024.1,2026.1 stack.yaml\n")

	t.Chdir(t.TempDir())
	if err := os.WriteFile("stack.yaml", []byte(template), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	status := runCheck(context.Background(), []string{"--heat-release", "2024.1,2026.1", "stack.yaml"}, loadHostileSchema(t), &out, &errOut)
	if status != 1 || errOut.Len() > 0 {
		t.Fatalf("status %d, stderr %q", status, errOut.String())
	}
	if out.String() != want {
		t.Errorf("docs/heat-releases.md's upgrade example is out of date; heat-ls prints:\n%s\nthe document shows:\n%s", out.String(), want)
	}
}

// fenced returns the text between the first occurrence of open and the
// next line holding only a fence.
func fenced(t *testing.T, text, open string) string {
	t.Helper()
	_, rest, ok := strings.Cut(text, open)
	if !ok {
		t.Fatalf("no block opening with %q", open)
	}
	body, _, ok := strings.Cut(rest, "\n```\n")
	if !ok {
		t.Fatalf("block opening with %q is not closed", open)
	}
	return body + "\n"
}
