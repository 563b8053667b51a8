package main

import (
	"bytes"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
)

// The depth and answer bounds (docs/limits.md) against the built binary at
// the sizes of the attacks that found them: ten megabytes of brackets in a
// yaql expression or a pattern, and a rename of a parameter used 10,000
// times to a 100 KiB name.

// boundsRSSLimit is what a 10 MB attack may cost at its peak.
const boundsRSSLimit = 200 << 20

// TestHostileDeepBinary checks templates holding 10 MB of nesting with the
// built binary: each gets its diagnostic, within boundsRSSLimit.
func TestHostileDeepBinary(t *testing.T) {
	if testing.Short() {
		t.Skip("10 MB inputs skipped with -short")
	}
	const size = 10 << 20
	bin := binary(t)
	for _, tc := range []struct {
		name, doc, code string
	}{
		{"yaql-list", yaqlOutput(strings.Repeat("[", size)), "yaql-syntax"},
		{"yaql-call", yaqlOutput(strings.Repeat("f(", size/2)), "yaql-syntax"},
		{"yaql-paren", yaqlOutput(strings.Repeat("(", size)), "yaql-syntax"},
		{"pattern", hostileHeader + "parameters:\n  p:\n    type: string\n    constraints:\n      - allowed_pattern: '" + strings.Repeat("(", size) + "'\n", "parameter-constraint-invalid"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "deep.yaml")
			if err := os.WriteFile(path, []byte(tc.doc), 0o644); err != nil {
				t.Fatal(err)
			}
			cmd, peak := launched(t, bin, "check", "--severity", "warning", path)
			var out, errOut bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &errOut
			_ = cmd.Run()
			if code := cmd.ProcessState.ExitCode(); code != 0 && code != 1 {
				t.Fatalf("status %d\n%s", code, tail(errOut.String()))
			}
			if !strings.Contains(out.String(), "["+tc.code+"]") {
				t.Fatalf("no %s in\n%s", tc.code, tail(out.String()))
			}
			rss := peak()
			t.Logf("%s: peak RSS %d MiB", tc.name, rss>>20)
			if rss > boundsRSSLimit {
				t.Fatalf("peak resident memory %d MiB, over %d MiB", rss>>20, boundsRSSLimit>>20)
			}
		})
	}
}

// TestHostileRenameBinary asks the built server to rename a parameter used
// 10,000 times to a 100 KiB name: refused, saying why in a short message,
// and the server answers the next request.
func TestHostileRenameBinary(t *testing.T) {
	in := renameLongName(1 << 20)
	path := writeHostile(t, in)
	u := (&url.URL{Scheme: "file", Path: path}).String()
	var written atomic.Int64
	s := startBinaryServer(t, filepath.Dir(path), &written)
	s.notify("textDocument/didOpen", fmt.Sprintf(`{"textDocument":{"uri":%q,"languageId":"yaml","version":1,"text":%s}}`, u, mustJSON(in.doc)))
	name := strings.Repeat("b", 100<<10)
	before := written.Load()
	m := s.request(2, "textDocument/rename", fmt.Sprintf(`{"textDocument":{"uri":%q},"position":{"line":8,"character":22},"newName":%q}`, u, name))
	if m.Error == nil || !strings.Contains(m.Error.Message, "max_template_size") {
		t.Fatalf("rename answered %d bytes, error %+v; want a refusal naming max_template_size", len(m.Result), m.Error)
	}
	if n := written.Load() - before; n > 4<<10 {
		t.Fatalf("the refusal took %d bytes", n)
	}
	if m := s.request(3, "textDocument/documentSymbol", fmt.Sprintf(`{"textDocument":{"uri":%q}}`, u)); m.Error != nil {
		t.Fatalf("documentSymbol after the rename: %+v", m.Error)
	}
}
