package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"heat-ls/analysis/syntax/synthtest"
)

// BenchmarkE2EWorkspaceMemory starts the built binary on a generated
// workspace the shape of a large real project (321 templates of 100–400
// lines, 265 environment files: synthtest.WriteWorkspace) and reports the
// server's resident memory (VmRSS, MiB) at three points: just initialized
// (empty-rss-MiB), once the workspace is indexed with nothing open
// (indexed-rss-MiB), and with the 321 templates open as well: right after
// the last of them has its diagnostics (opened-rss-MiB) and once the
// server has been idle a few seconds (open-rss-MiB); hwm-MiB is the peak.
// Each iteration is one whole session. Run it with
//
//	go test -run '^$' -bench E2EWorkspaceMemory -benchtime 3x ./cmd/heat-ls
//
// The Go heap behind these figures: BenchmarkWorkspaceMemory in lsp.
func BenchmarkE2EWorkspaceMemory(b *testing.B) {
	dir := b.TempDir()
	templates, err := synthtest.WriteWorkspace(dir, synthtest.WorkspaceTemplates, synthtest.WorkspaceEnvironments)
	if err != nil {
		b.Fatal(err)
	}
	var empty, indexed, opened, settled, peak float64
	for b.Loop() {
		e, x, o, s, p := workspaceSession(b, dir, templates)
		empty, indexed, opened, settled, peak = empty+e, indexed+x, opened+o, settled+s, peak+p
	}
	n := float64(b.N)
	b.ReportMetric(empty/n, "empty-rss-MiB")
	b.ReportMetric(indexed/n, "indexed-rss-MiB")
	b.ReportMetric(opened/n, "opened-rss-MiB")
	b.ReportMetric(settled/n, "open-rss-MiB")
	b.ReportMetric(peak/n, "hwm-MiB")
}

// workspaceSession runs one session and returns RSS after initialize,
// after indexing, after opening every template, and the peak, in MiB.
func workspaceSession(b *testing.B, dir string, templates []string) (empty, indexed, opened, settled, peak float64) {
	s := startBenchSession(b)
	defer func() {
		s.cmd.Process.Kill()
		s.cmd.Wait()
	}()
	mib := func(field string) float64 { return float64(procBytes(b, s.cmd.Process.Pid, field)) / (1 << 20) }
	s.call(1, "initialize", fmt.Sprintf(`{"processId":null,"rootUri":%q,"capabilities":{"window":{"workDoneProgress":true}}}`, "file://"+dir))
	empty = mib("VmRSS")
	s.notify("initialized", `{}`)
	for ended := false; !ended; {
		m := s.next()
		switch {
		case m.Method != "" && len(m.ID) > 0: // a request from the server: accept it
			s.send(fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"result":null}`, m.ID))
		case m.Method == "$/progress":
			var p struct {
				Value struct{ Kind, Message string } `json:"value"`
			}
			json.Unmarshal(m.Params, &p)
			if p.Value.Kind == "end" {
				want := fmt.Sprint(len(templates) + synthtest.WorkspaceEnvironments)
				if !strings.HasPrefix(p.Value.Message, want+" ") {
					b.Fatalf("indexed %q, want %s files", p.Value.Message, want)
				}
				ended = true
			}
		}
	}
	indexed = mib("VmRSS")
	for _, path := range templates {
		text, err := os.ReadFile(path)
		if err != nil {
			b.Fatal(err)
		}
		s.notify("textDocument/didOpen", fmt.Sprintf(`{"textDocument":{"uri":%q,"languageId":"yaml","version":1,"text":%s}}`,
			"file://"+filepath.ToSlash(path), mustJSON(string(text))))
	}
	for seen := map[string]bool{}; len(seen) < len(templates); {
		m := s.next()
		if m.Method == "textDocument/publishDiagnostics" {
			var p published
			json.Unmarshal(m.Params, &p)
			seen[p.URI] = true
		}
	}
	opened = mib("VmRSS")
	// The server gives freed memory back once it has been idle a second
	// (lsp/idle_memory.go): the figure a user sees after the burst.
	time.Sleep(3 * time.Second)
	settled = mib("VmRSS")
	peak = mib("VmHWM")
	return empty, indexed, opened, settled, peak
}
