package main

import (
	"bytes"
	"context"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Floods: many messages, or one message carrying many items, that each
// cost little but used to cost work proportional to everything known
// (every indexed file, every folder) in the ordered queue. The cases run
// in-process at a size that keeps `go test` quick, held to the suite's
// allocation bounds (bytes allocated per byte of input); the benchmarks
// run them at full size through the built binary and report how long the
// next request waits:
//
//	go test -run '^$' -bench HostileFloods -benchtime 1x ./cmd/heat-ls

// floodSize sizes the three floods.
type floodSize struct {
	// events file-change events in one message, over eventFiles files.
	events, eventFiles int
	// ids unknown rule ids in a .heat-ls.yaml.
	ids int
	// folders workspace folders added in one message, one of them
	// holding folderFiles templates, then rounds remove+add rounds of it.
	folders, folderFiles, rounds int
}

// quickFlood keeps each case within a few seconds, under -race too.
var quickFlood = floodSize{events: 20_000, eventFiles: 50, ids: 5_000, folders: 300, folderFiles: 500, rounds: 20}

// fullFlood are the sizes the targets are stated for (docs/limits.md).
var fullFlood = floodSize{events: 100_000, eventFiles: 100, ids: 50_000, folders: 5_005, folderFiles: 10_000, rounds: 200}

// floodTemplate is a small template defining resource name and extra
// more resources.
func floodTemplate(name string, extra int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "heat_template_version: 2018-08-31\nparameters:\n  %s_size: {type: number, default: 1}\nresources:\n  %s:\n    type: OS::Cinder::Volume\n    properties: {size: {get_param: %s_size}}\n", name, name, name)
	for i := range extra {
		fmt.Fprintf(&b, "  %s_more%d:\n    type: OS::Cinder::Volume\n    properties:\n      size: {get_param: %s_size}\n      name: {list_join: ['-', [{get_resource: %s}, more]]}\n", name, i, name, name)
	}
	return b.String()
}

// writeTemplates writes n templates named prefix0.yaml… (each with extra
// more resources) into dir and returns the bytes written.
func writeTemplates(t testing.TB, dir, prefix string, n, extra int) int {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	total := 0
	for i := range n {
		text := floodTemplate(fmt.Sprintf("%s%d", prefix, i), extra)
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("%s%d.yaml", prefix, i)), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		total += len(text)
	}
	return total
}

func fileURI(path string) string { return (&url.URL{Scheme: "file", Path: path}).String() }

// openCanary opens the canary document at path and waits for its
// diagnostics.
func openCanary(s *session, path string) string {
	s.t.Helper()
	u := fileURI(path)
	s.notify("textDocument/didOpen", fmt.Sprintf(`{"textDocument":{"uri":%q,"languageId":"yaml","version":1,"text":%s}}`, u, mustJSON(canaryText)))
	return u
}

// hoverCanary asks for the hover of the canary's get_param and checks it.
func hoverCanary(s *session, id int, u string) {
	s.t.Helper()
	m := s.request(id, "textDocument/hover", fmt.Sprintf(`{"textDocument":{"uri":%q},"position":{"line":6,"character":36}}`, u))
	if m.Error != nil || !strings.Contains(string(m.Result), "size") || !strings.Contains(string(m.Result), "number") {
		s.t.Fatalf("hover on the canary: %s %+v", m.Result, m.Error)
	}
}

// awaitSymbol asks workspace/symbol for name until the index has it (the
// background work of a flood has landed), and returns how long it took.
func awaitSymbol(s *session, id int, name string) time.Duration {
	s.t.Helper()
	start := time.Now()
	for range 1200 {
		m := s.request(id, "workspace/symbol", fmt.Sprintf(`{"query":%q}`, name))
		if m.Error != nil {
			s.t.Fatalf("workspace/symbol: %+v", m.Error)
		}
		if strings.Contains(string(m.Result), `"`+name+`"`) {
			return time.Since(start)
		}
		time.Sleep(50 * time.Millisecond)
	}
	s.t.Fatalf("the index never held %s", name)
	return 0
}

// floodResult is what a flood cost: the input's bytes (messages and files
// on disk), how long the request sent right after it waited, and how long
// until its background work had landed.
type floodResult struct {
	input          int
	wait, landed   time.Duration
	during         time.Duration // folders: a second document's wait, while indexing
	diagnostics    int
	checkOutput    int
	checkLines     int
	checkTook      time.Duration
	checkTruncated bool
}

// watchedExtra sizes the files the change events name: each re-read of
// one costs a parse of a few kilobytes.
const watchedExtra = 20

// watchedFilesFlood: one didChangeWatchedFiles message of size.events
// events, each file reported again and again, and one file created; the
// canary's hover is asked right after it, then the new file must reach
// the index.
func watchedFilesFlood(s *session, dir string, size floodSize, filesBytes int) floodResult {
	s.t.Helper()
	canary := openCanary(s, filepath.Join(dir, "canary.yaml"))
	s.diagnosticsFor(canary, 1)
	late := floodTemplate("late_resource", 0)
	if err := os.WriteFile(filepath.Join(dir, "late.yaml"), []byte(late), 0o644); err != nil {
		s.t.Fatal(err)
	}
	var b strings.Builder
	b.WriteString(`{"changes":[`)
	for i := range size.events {
		fmt.Fprintf(&b, `{"uri":%q,"type":2},`, fileURI(filepath.Join(dir, fmt.Sprintf("w%d.yaml", i%size.eventFiles))))
	}
	fmt.Fprintf(&b, `{"uri":%q,"type":1}]}`, fileURI(filepath.Join(dir, "late.yaml")))
	params := b.String()
	start := time.Now()
	s.notify("workspace/didChangeWatchedFiles", params)
	hoverCanary(s, 10, canary)
	wait := time.Since(start)
	landed := awaitSymbol(s, 11, "late_resource") + wait
	return floodResult{input: len(params) + filesBytes + len(late), wait: wait, landed: landed}
}

// unknownIDsConfig is a .heat-ls.yaml disabling n rule ids heat-ls does
// not have.
func unknownIDsConfig(n int) string {
	var b strings.Builder
	b.WriteString("disable:\n")
	for i := range n {
		fmt.Fprintf(&b, "- bad%d\n", i)
	}
	return b.String()
}

// configFlood: the canary opened beside a project file of size.ids
// unknown rule ids; its hover is asked at once, and its diagnostics must
// stay within the per-document bound.
func configFlood(s *session, dir string, cfgBytes int) floodResult {
	s.t.Helper()
	start := time.Now()
	canary := openCanary(s, filepath.Join(dir, "canary.yaml"))
	hoverCanary(s, 10, canary)
	wait := time.Since(start)
	_, ds := s.diagnosticsFor(canary, 1)
	return floodResult{input: cfgBytes, wait: wait, landed: time.Since(start), diagnostics: len(ds)}
}

// folderFlood: one message adding size.folders folders (one holding
// size.folderFiles templates), then size.rounds messages removing and
// adding that one back; a document opened next must be answered at once,
// and the templates must reach the index in the end.
func folderFlood(s *session, root string, size floodSize, filesBytes int) floodResult {
	s.t.Helper()
	folder := func(path string) string {
		return fmt.Sprintf(`{"uri":%q,"name":%q}`, fileURI(path), filepath.Base(path))
	}
	big := folder(filepath.Join(root, "big"))
	var b strings.Builder
	b.WriteString(`{"event":{"added":[` + big)
	for i := 1; i < size.folders; i++ {
		b.WriteString("," + folder(filepath.Join(root, fmt.Sprintf("f%d", i))))
	}
	b.WriteString(`],"removed":[]}}`)
	input := b.Len() + filesBytes
	s.notify("workspace/didChangeWorkspaceFolders", b.String())
	remove := `{"event":{"added":[],"removed":[` + big + `]}}`
	add := `{"event":{"added":[` + big + `],"removed":[]}}`
	for range size.rounds {
		s.notify("workspace/didChangeWorkspaceFolders", remove)
		s.notify("workspace/didChangeWorkspaceFolders", add)
		input += len(remove) + len(add)
	}
	start := time.Now()
	canary := openCanary(s, filepath.Join(root, "f1", "canary.yaml"))
	hoverCanary(s, 10, canary)
	wait := time.Since(start)
	// A second document opened while the added folder is being indexed.
	time.Sleep(300 * time.Millisecond)
	second := time.Now()
	canary = openCanary(s, filepath.Join(root, "f2", "canary.yaml"))
	hoverCanary(s, 12, canary)
	during := time.Since(second)
	landed := awaitSymbol(s, 11, fmt.Sprintf("b%d", size.folderFiles-1)) + time.Since(start) - time.Since(second) + during
	return floodResult{input: input, wait: wait, during: during, landed: landed}
}

// folderTree writes the folders of folderFlood under root: big with the
// templates, f1… empty (the canaries are opened in f1 and f2 without
// being written).
func folderTree(t testing.TB, root string, size floodSize) int {
	t.Helper()
	n := writeTemplates(t, filepath.Join(root, "big"), "b", size.folderFiles, 0)
	for i := 1; i < size.folders; i++ {
		if err := os.MkdirAll(filepath.Join(root, fmt.Sprintf("f%d", i)), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return n
}

// TestHostileFloods runs the floods in-process at quickFlood's size: each
// must leave the server answering correctly, its background work must
// land, and what it allocates must stay within the suite's bound on the
// input (messages and files).
func TestHostileFloods(t *testing.T) {
	size := quickFlood
	t.Run("watched-files", func(t *testing.T) {
		dir := t.TempDir()
		files := writeTemplates(t, dir, "w", size.eventFiles, watchedExtra)
		h := startHostile(t, dir)
		var r floodResult
		alloc := allocatedDuring(func() { r = watchedFilesFlood(h.session, dir, size, files) })
		floodBounds(t, "watched-files", r.input, alloc)
	})
	t.Run("config-unknown-ids", func(t *testing.T) {
		dir := t.TempDir()
		cfg := unknownIDsConfig(size.ids)
		if err := os.WriteFile(filepath.Join(dir, ".heat-ls.yaml"), []byte(cfg), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "canary.yaml"), []byte(canaryText), 0o644); err != nil {
			t.Fatal(err)
		}
		in := hostileInput{class: "config-unknown-ids", doc: cfg}
		var out, errOut bytes.Buffer
		alloc := allocatedDuring(func() {
			runCheck(context.Background(), []string{filepath.Join(dir, "canary.yaml")}, loadHostileSchema(t), &out, &errOut)
		})
		withinBounds(t, in, out.Len()+errOut.Len(), alloc)
		if lines := strings.Count(out.String(), "\n"); lines > 1000+1 {
			t.Errorf("check wrote %d lines for %d unknown ids; at most 999, a count and a summary", lines, size.ids)
		}
		h := startHostile(t, dir)
		var r floodResult
		alloc = allocatedDuring(func() { r = configFlood(h.session, dir, len(cfg)) })
		floodBounds(t, "config-unknown-ids", r.input, alloc)
		if r.diagnostics > 1000 {
			t.Errorf("the canary got %d diagnostics; at most 1000", r.diagnostics)
		}
	})
	t.Run("folder-churn", func(t *testing.T) {
		root := t.TempDir()
		files := folderTree(t, root, size)
		h := startHostileFolders(t)
		var r floodResult
		alloc := allocatedDuring(func() { r = folderFlood(h.session, root, size, files) })
		floodBounds(t, "folder-churn", r.input, alloc)
	})
}

// floodBounds holds what a flood allocated to the suite's bound on its
// input's size.
func floodBounds(t *testing.T, class string, input int, alloc uint64) {
	t.Helper()
	t.Logf("%s: input %d bytes, allocated %d (%.0f/byte)", class, input, alloc, float64(alloc)/float64(input))
	if limit := uint64(hostileAllocPerByte*input + hostileAllocConst); alloc > limit {
		t.Errorf("%s: allocated %d bytes for %d of input (limit %d)", class, alloc, input, limit)
	}
}

// startHostileFolders starts an in-process server with no folder at all.
func startHostileFolders(t *testing.T) *hostileSession {
	t.Helper()
	return startHostile(t, "")
}

// startBinaryFolders starts the built server with no folder at all.
func startBinaryFolders(t testing.TB) *session {
	t.Helper()
	s := startCommand(t, exec.Command(binary(t)), nil)
	s.call(1, "initialize", `{"processId":null,"rootUri":null,"capabilities":{"workspace":{"workspaceFolders":true}}}`)
	s.notify("initialized", `{}`)
	return s
}

// BenchmarkHostileFloods runs the floods at full size through the built
// binary (HEAT_LS_FLOOD=quick: quickFlood's size) and reports how long the
// request sent right after each waited (wait-ms) and how long until its
// background work had landed (landed-ms); for the project file, also
// "heat-ls check"'s time and output.
func BenchmarkHostileFloods(b *testing.B) {
	size := fullFlood
	if os.Getenv("HEAT_LS_FLOOD") == "quick" {
		size = quickFlood
	}
	report := func(b *testing.B, r floodResult) {
		b.ReportMetric(float64(r.wait.Microseconds())/1000, "wait-ms")
		b.ReportMetric(float64(r.landed.Microseconds())/1000, "landed-ms")
		b.ReportMetric(float64(r.input), "input-bytes")
	}
	b.Run("watched-files", func(b *testing.B) {
		for range b.N {
			dir := b.TempDir()
			files := writeTemplates(b, dir, "w", size.eventFiles, watchedExtra)
			s := startCommand(b, exec.Command(binary(b)), nil)
			s.call(1, "initialize", fmt.Sprintf(`{"processId":null,"rootUri":%q,"capabilities":{}}`, fileURI(dir)))
			s.notify("initialized", `{}`)
			report(b, watchedFilesFlood(s, dir, size, files))
		}
	})
	b.Run("config-unknown-ids", func(b *testing.B) {
		for range b.N {
			dir := b.TempDir()
			cfg := unknownIDsConfig(size.ids)
			if err := os.WriteFile(filepath.Join(dir, ".heat-ls.yaml"), []byte(cfg), 0o644); err != nil {
				b.Fatal(err)
			}
			canaryPath := filepath.Join(dir, "canary.yaml")
			if err := os.WriteFile(canaryPath, []byte(canaryText), 0o644); err != nil {
				b.Fatal(err)
			}
			start := time.Now()
			out, _ := exec.Command(binary(b), "check", canaryPath).Output()
			took := time.Since(start)
			s := startCommand(b, exec.Command(binary(b)), nil)
			s.call(1, "initialize", fmt.Sprintf(`{"processId":null,"rootUri":%q,"capabilities":{}}`, fileURI(dir)))
			s.notify("initialized", `{}`)
			r := configFlood(s, dir, len(cfg))
			report(b, r)
			b.ReportMetric(float64(r.diagnostics), "diagnostics")
			b.ReportMetric(float64(took.Microseconds())/1000, "check-ms")
			b.ReportMetric(float64(len(out)), "check-bytes")
			b.ReportMetric(float64(bytes.Count(out, []byte("\n"))), "check-lines")
		}
	})
	b.Run("folder-churn", func(b *testing.B) {
		for range b.N {
			root := b.TempDir()
			files := folderTree(b, root, size)
			s := startBinaryFolders(b)
			r := folderFlood(s, root, size, files)
			report(b, r)
			b.ReportMetric(float64(r.during.Microseconds())/1000, "while-indexing-wait-ms")
		}
	})
}
