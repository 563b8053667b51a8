package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// valueTemplate is a template whose one resource's value property is v.
func valueTemplate(v string) string {
	return "heat_template_version: 2021-04-16\nresources:\n  r:\n    type: OS::Heat::Value\n    properties:\n      value: " + v + "\n"
}

// previewRSSLimit is what a 10 MB attack may cost `heat-ls preview` at
// its peak: it parses the template (yaml.v3 makes about ten times a 10 MB
// quoted scalar in garbage) and then the checks parse it again, both under
// check's collector settings (collectLessOften), which trade memory for
// fewer collections.
const previewRSSLimit = 320 << 20

// TestHostilePreviewBinary runs `heat-ls preview` (YAML and JSON) over
// the built binary on templates nested far past the evaluator's and the
// preview's bounds: it exits 0 or 1, says what it did not work out, and
// stays within previewRSSLimit.
func TestHostilePreviewBinary(t *testing.T) {
	if testing.Short() {
		t.Skip("10 MB inputs skipped with -short")
	}
	const size = 10 << 20
	bin := binary(t)
	chain := func(dir string) string {
		for i := range 200 {
			src := fmt.Sprintf("heat_template_version: 2018-08-31\nresources:\n  next:\n    type: t%d.yaml\n", i+1)
			if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("t%d.yaml", i)), []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return filepath.Join(dir, "t0.yaml")
	}
	write := func(doc string) func(string) string {
		return func(dir string) string {
			p := filepath.Join(dir, "deep.yaml")
			if err := os.WriteFile(p, []byte(doc), 0o644); err != nil {
				t.Fatal(err)
			}
			return p
		}
	}
	for _, tc := range []struct {
		name string
		make func(dir string) string
		want string
	}{
		{"calls", write(valueTemplate(strings.Repeat("{list_join: [',', [", 640) + "x" + strings.Repeat("]]}", 640))), "nested deeper than heat-ls evaluates"},
		{"flow lists", write(valueTemplate(strings.Repeat("[", 9000) + "x" + strings.Repeat("]", 9000))), "nested deeper than heat-ls evaluates"},
		{"yaql parentheses", write(valueTemplate("{yaql: {expression: '" + strings.Repeat("(", size) + "'}}")), "<yaql: ((("},
		{"yaql not", write(valueTemplate("{yaql: {expression: '" + strings.Repeat("not ", size/4) + "true'}}")), "<yaql: not not"},
		{"nested templates", chain, "deeper than --depth"},
	} {
		for _, format := range []string{"yaml", "json"} {
			if format == "json" && strings.HasPrefix(tc.name, "yaql") {
				continue // the 10 MB inputs once: their cost is the parse
			}
			t.Run(tc.name+" "+format, func(t *testing.T) {
				path := tc.make(t.TempDir())
				cmd, peak := launched(t, bin, "preview", "--format", format, "--depth", "1000", path)
				var out, errOut bytes.Buffer
				cmd.Stdout, cmd.Stderr = &out, &errOut
				_ = cmd.Run()
				if code := cmd.ProcessState.ExitCode(); code != 0 && code != 1 {
					t.Fatalf("status %d\n%s", code, tail(errOut.String()))
				}
				if !strings.Contains(out.String(), tc.want) {
					t.Fatalf("no %q in\n%s\n%s", tc.want, tail(out.String()), tail(errOut.String()))
				}
				if out.Len() > 64<<10 {
					t.Errorf("%d bytes of preview: placeholders quote what they stand for in full", out.Len())
				}
				rss := peak()
				t.Logf("%s: peak RSS %d MiB, %d bytes out", tc.name, rss>>20, out.Len())
				if rss > previewRSSLimit {
					t.Fatalf("peak resident memory %d MiB, over %d MiB", rss>>20, previewRSSLimit>>20)
				}
			})
		}
	}
}
