package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"heat-ls/analysis/bench"
)

// The typing benchmarks measure yaml-language-server beside heat-ls, in
// the same run and on the same edits, as the anchor a YAML author knows:
// the YAML server with no schema (what it does on a HOT file), from a
// change to the diagnostics it publishes for it. It is an npm package:
//
//	npm install --prefix ~/.cache/heat-ls-bench yaml-language-server
//	HEAT_LS_YAMLLS=~/.cache/heat-ls-bench/node_modules/.bin/yaml-language-server \
//	  go test -run '^$' -bench E2EDeep -benchtime 200x ./cmd/heat-ls
//
// Without HEAT_LS_YAMLLS the command is looked up on PATH; when there is
// none, the yaml-language-server sub-benchmarks skip and say how to get it.

// yamlLSSamples bounds the edits timed on yaml-language-server: each
// costs it hundreds of milliseconds, and fifty give a steady median.
const yamlLSSamples = 50

// yamlLSCommand is the yaml-language-server to run, or "" when there is none.
func yamlLSCommand() string {
	if p := os.Getenv("HEAT_LS_YAMLLS"); p != "" {
		return p
	}
	p, err := exec.LookPath("yaml-language-server")
	if err != nil {
		return ""
	}
	return p
}

// runBeside runs the heat-ls typing benchmark on src under name, then the
// same edits on yaml-language-server under name+"-yaml-language-server",
// which also reports how many times slower it is than heat-ls at the
// median (x-heat-ls-p50).
func runBeside(b *testing.B, name string, src []byte) {
	var ours float64
	b.Run(name, func(b *testing.B) { ours = e2eTyping(b, src) })
	b.Run(name+"-yaml-language-server", func(b *testing.B) {
		cmd := yamlLSCommand()
		if cmd == "" {
			b.Skip("yaml-language-server not found: npm install --prefix ~/.cache/heat-ls-bench yaml-language-server, " +
				"then set HEAT_LS_YAMLLS=~/.cache/heat-ls-bench/node_modules/.bin/yaml-language-server")
		}
		theirs := yamlLSTyping(b, cmd, src)
		if ours > 0 && theirs > 0 {
			b.ReportMetric(theirs/ours, "x-heat-ls-p50")
		}
	})
}

// yamlLSTyping makes yaml-language-server go through the edits e2eTyping
// makes (one character typed at the same place, deleted again) and
// reports change→publishDiagnostics p50/p99 in milliseconds; it returns
// the p50. The server sends requests of its own (its configuration,
// capability registrations); each is answered with nothing, which leaves
// it at its defaults: YAML syntax checks, no schema.
func yamlLSTyping(b *testing.B, command string, src []byte) float64 {
	const uri = "file:///tmp/e2e-bench/big.yaml"
	s := startCommand(b, exec.Command(command, "--stdio"), nil)
	// Seconds an edit on the largest texts, and more on a busy machine.
	s.patience = 3 * time.Minute
	y := yamlLS{s: s}
	y.s.send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":null,"rootUri":null,"capabilities":{"textDocument":{"publishDiagnostics":{}}}}}`)
	y.until(func(m message) bool { return m.Method == "" && string(m.ID) == "1" })
	s.notify("initialized", `{}`)
	s.notify("textDocument/didOpen", fmt.Sprintf(`{"textDocument":{"uri":%q,"languageId":"yaml","version":1,"text":%s}}`, uri, mustJSON(string(src))))
	y.until(y.publishedFor(uri))
	pt := findPoints(b, src)
	var change bench.Latencies
	version := 1
	step := func() time.Duration {
		version++
		ch := edit(pt.edit[0], pt.edit[1], pt.edit[1], "x")
		if version%2 == 1 {
			ch = edit(pt.edit[0], pt.edit[1], pt.edit[1]+1, "")
		}
		start := time.Now()
		s.notify("textDocument/didChange", fmt.Sprintf(`{"textDocument":{"uri":%q,"version":%d},"contentChanges":[%s]}`, uri, version, ch))
		y.until(y.publishedFor(uri))
		return time.Since(start)
	}
	for range 4 {
		step()
	}
	var total time.Duration
	for range min(b.N, yamlLSSamples) {
		took := step()
		change = append(change, took)
		total += took
	}
	reportPercentiles(b, "change", change)
	// At most yamlLSSamples edits are made, not b.N: the time per edit
	// replaces the benchmark's own figure.
	b.ReportMetric(float64(total.Nanoseconds())/float64(len(change)), "ns/op")
	return percentile(change, 50)
}

// yamlLS reads yaml-language-server's messages, answering its requests.
type yamlLS struct{ s *session }

// until reads messages until done accepts one, answering every request of
// the server's on the way.
func (y yamlLS) until(done func(message) bool) {
	for {
		m := y.s.next()
		if m.Method != "" && len(m.ID) > 0 {
			y.s.send(fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"result":%s}`, m.ID, emptyAnswer(m)))
			continue
		}
		if done(m) {
			return
		}
	}
}

// publishedFor accepts a publishDiagnostics for uri.
func (y yamlLS) publishedFor(uri string) func(message) bool {
	return func(m message) bool {
		if m.Method != "textDocument/publishDiagnostics" {
			return false
		}
		var p published
		return json.Unmarshal(m.Params, &p) == nil && p.URI == uri
	}
}

// emptyAnswer is the answer to a server request that leaves the server at
// its defaults: one null per configuration item asked, null otherwise.
func emptyAnswer(m message) string {
	if m.Method != "workspace/configuration" {
		return "null"
	}
	var p struct {
		Items []json.RawMessage `json:"items"`
	}
	json.Unmarshal(m.Params, &p)
	return "[" + strings.TrimSuffix(strings.Repeat("null,", len(p.Items)), ",") + "]"
}
