package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"heat-ls/analysis/bench"
	"heat-ls/analysis/syntax/synthtest"
)

// BenchmarkE2EPreview measures the preview in the editor: the built
// binary over pipes, a generated template (synthtest.GenerateTemplate) of
// about 1,700 and 12,000 lines on disk in a workspace with 20 environment
// files, all of them its active set (heat-ls.environments: ["env/*.yaml"]).
// One iteration types a character and sends heat-ls.preview at once
// (after-change: the answer for the new text), asks for the preview again
// at rest, then hovers on a get_param (hover: the effective value, the
// first question about the new text after the previews) and hovers there
// restHovers times more (hover-rest: the same answer asked again, as a
// pointer resting on a name asks). Each as p50/p99 in milliseconds;
// server-cpu-ms/op is the server's processor time for one whole
// iteration. A p99 needs 200 samples or more to be more than the largest
// of a few: 200 iterations for hover, 20 for hover-rest.
//
//	go test -run '^$' -bench E2EPreview$ -benchtime 200x ./cmd/heat-ls
func BenchmarkE2EPreview(b *testing.B) {
	for _, size := range []int{1700, 12000} {
		src := synthtest.GenerateTemplate(size)
		b.Run(fmt.Sprintf("lines=%d", bytes.Count(src, []byte("\n"))), func(b *testing.B) {
			e2ePreview(b, src)
		})
	}
}

// previewWorkspace writes the template and 20 environment files setting
// its parameters (later files win for flavor).
func previewWorkspace(b *testing.B, src []byte) (dir, path string) {
	dir = b.TempDir()
	path = filepath.Join(dir, "big.yaml")
	files := map[string]string{"big.yaml": string(src), "scripts/setup.sh": "#!/bin/sh\necho set up\n"}
	for i := range 20 {
		files[fmt.Sprintf("env/env%02d.yaml", i)] = fmt.Sprintf("parameter_defaults:\n  flavor: m1.f%d\n  key_name: key%d\nparameters:\n  image: image-%d\n", i, i, i)
	}
	for name, text := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	return dir, path
}

// previewAnswer is the part of heat-ls.preview's answer the benchmark
// checks.
type previewAnswer struct {
	Version      int      `json:"version"`
	Text         string   `json:"text"`
	Environments []string `json:"environments"`
}

func e2ePreview(b *testing.B, src []byte) {
	dir, path := previewWorkspace(b, src)
	uri := "file://" + path
	s := startBenchSession(b)
	s.call(1, "initialize", fmt.Sprintf(`{"processId":null,"rootUri":%q,"capabilities":{"textDocument":{"hover":{"contentFormat":["markdown"]}}},"initializationOptions":{"heat-ls":{"environments":["env/*.yaml"]}}}`, "file://"+dir))
	s.notify("initialized", `{}`)
	s.notify("textDocument/didOpen", fmt.Sprintf(`{"textDocument":{"uri":%q,"languageId":"yaml","version":1,"text":%s}}`, uri, mustJSON(string(src))))
	s.diagnostics(1)
	pt := findPoints(b, src)
	hoverAt := pointAfter(b, src, "flavor: {get_param: ")

	version, id := 1, 100
	preview := func() (previewAnswer, time.Duration) {
		id++
		start := time.Now()
		m := s.call(id, "workspace/executeCommand", fmt.Sprintf(`{"command":"heat-ls.preview","arguments":[{"uri":%q}]}`, uri))
		took := time.Since(start)
		var a previewAnswer
		if err := json.Unmarshal(m.Result, &a); err != nil || len(a.Environments) != 20 || len(a.Text) < len(src)/4 {
			b.Fatalf("preview: %v, %d environments, %d bytes", err, len(a.Environments), len(a.Text))
		}
		return a, took
	}
	hoverOnce := func() time.Duration {
		id++
		start := time.Now()
		h := s.call(id, "textDocument/hover", fmt.Sprintf(`{"textDocument":{"uri":%q},"position":{"line":%d,"character":%d}}`, uri, hoverAt[0], hoverAt[1]))
		took := time.Since(start)
		if !bytes.Contains(h.Result, []byte("m1.f19")) {
			b.Fatalf("the hover lacks the effective value: %s", h.Result)
		}
		return took
	}
	var afterChange, atRest, hover, hoverRest bench.Latencies
	step := func(record bool) {
		version++
		ch := edit(pt.edit[0], pt.edit[1], pt.edit[1], "x")
		if version%2 == 1 {
			ch = edit(pt.edit[0], pt.edit[1], pt.edit[1]+1, "")
		}
		start := time.Now()
		s.notify("textDocument/didChange", fmt.Sprintf(`{"textDocument":{"uri":%q,"version":%d},"contentChanges":[%s]}`, uri, version, ch))
		a, _ := preview()
		changed := time.Since(start)
		if a.Version != version {
			b.Fatalf("preview of version %d after version %d was sent (%s)\n%.300s", a.Version, version, uri, a.Text)
		}
		_, rest := preview()
		took := hoverOnce()
		var again [restHovers]time.Duration
		for i := range again {
			again[i] = hoverOnce()
		}
		s.held = nil // the diagnostics published meanwhile
		if record {
			afterChange = append(afterChange, changed)
			atRest = append(atRest, rest)
			hover = append(hover, took)
			hoverRest = append(hoverRest, again[:]...)
		}
	}
	for range 4 {
		step(false)
	}
	pid := s.cmd.Process.Pid
	cpu0 := procCPU(b, pid)
	for b.Loop() {
		step(true)
	}
	// The server's processor time per iteration (a keystroke's parse and
	// diagnostics, two previews, a hover): wall times stretch with the
	// load of a shared machine.
	b.ReportMetric(float64(procCPU(b, pid)-cpu0)/float64(b.N)/float64(time.Millisecond), "server-cpu-ms/op")
	reportPercentiles(b, "after-change", afterChange)
	reportPercentiles(b, "at-rest", atRest)
	reportPercentiles(b, "hover", hover)
	reportPercentiles(b, "hover-rest", hoverRest)
}

// restHovers is how many hovers follow the first after each keystroke in
// BenchmarkE2EPreview.
const restHovers = 10

// pointAfter is the line and character just after the first needle from
// the middle of src on.
func pointAfter(b *testing.B, src []byte, needle string) [2]int {
	lines := bytes.Split(src, []byte("\n"))
	for k := range lines {
		i := (len(lines)/2 + k) % len(lines)
		if c := bytes.Index(lines[i], []byte(needle)); c >= 0 {
			return [2]int{i, c + len(needle)}
		}
	}
	b.Fatalf("%q not in the template", needle)
	return [2]int{}
}
