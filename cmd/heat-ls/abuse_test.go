package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"heat-ls/analysis/syntax/synthtest"
)

// The abuse suite drives the real binary with hostile or careless input.
// Every case runs in a fresh session with a "canary" document open; after
// the case the server must still answer a valid request about the canary
// correctly (it lost no open document), and its resident memory must stay
// under a bound read from /proc/<pid>/status.

const (
	canaryURI  = "file:///abuse/canary.yaml"
	canaryText = "heat_template_version: 2018-08-31\nparameters:\n  size: {type: number}\nresources:\n  canary_volume:\n    type: OS::Cinder::Volume\n    properties: {size: {get_param: size}}\n"
	// defaultRSSBound is the memory bound for all cases but the big document.
	defaultRSSBound = 300 << 20
)

// request sends a request and returns its answer, result or error,
// skipping notifications.
func (s *session) request(id int, method, params string) message {
	s.t.Helper()
	s.send(fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":%q,"params":%s}`, id, method, params))
	return s.answer(id)
}

// sendRaw writes bytes as they are, headers included.
func (s *session) sendRaw(b string) {
	s.t.Helper()
	if _, err := s.stdin.Write([]byte(b)); err != nil {
		s.t.Fatal(err)
	}
}

// startAbused starts a session, initializes it and opens the canary.
func startAbused(t *testing.T) *session {
	t.Helper()
	s := startSession(t)
	s.call(1, "initialize", `{"processId":null,"rootUri":null,"capabilities":{}}`)
	s.notify("initialized", `{}`)
	s.notify("textDocument/didOpen", fmt.Sprintf(`{"textDocument":{"uri":%q,"languageId":"yaml","version":1,"text":%s}}`, canaryURI, mustJSON(canaryText)))
	return s
}

// healthy checks that the server answers correctly about the canary and
// stays under bound bytes of resident memory.
func (s *session) healthy(id int, bound int64) {
	s.t.Helper()
	m := s.request(id, "textDocument/documentSymbol", fmt.Sprintf(`{"textDocument":{"uri":%q}}`, canaryURI))
	if m.Error != nil || !strings.Contains(string(m.Result), "canary_volume") {
		s.t.Fatalf("documentSymbol for the canary answered %s %+v\nstderr tail:\n%s", m.Result, m.Error, tail(s.stderr.String()))
	}
	// Hover on "get_param" in the canary's last line.
	m = s.request(id+1, "textDocument/hover", fmt.Sprintf(`{"textDocument":{"uri":%q},"position":{"line":6,"character":31}}`, canaryURI))
	if m.Error != nil || !strings.Contains(string(m.Result), "contents") {
		s.t.Fatalf("hover on the canary answered %s %+v", m.Result, m.Error)
	}
	if rss := residentBytes(s.t, s.cmd.Process.Pid); rss > bound {
		s.t.Fatalf("resident memory %d MiB exceeds %d MiB", rss>>20, bound>>20)
	} else {
		s.t.Logf("resident memory %d MiB", rss>>20)
	}
}

func tail(s string) string {
	if len(s) > 2000 {
		return s[len(s)-2000:]
	}
	return s
}

// residentBytes reads VmRSS from /proc/<pid>/status.
func residentBytes(t testing.TB, pid int) int64 { return procBytes(t, pid, "VmRSS") }

// diagnosticsFor waits for the diagnostics of uri at version, failing on
// diagnostics of a later version.
func (s *session) diagnosticsFor(uri string, version int) (published, []diagnostic) {
	s.t.Helper()
	for {
		m := s.next()
		if m.Method != "textDocument/publishDiagnostics" {
			continue
		}
		var p published
		if err := json.Unmarshal(m.Params, &p); err != nil {
			s.t.Fatal(err)
		}
		if p.URI != uri || p.Version == nil {
			continue
		}
		if *p.Version > version {
			s.t.Fatalf("diagnostics for version %d of %s while waiting for %d", *p.Version, uri, version)
		}
		if *p.Version < version {
			continue
		}
		var ds []diagnostic
		if err := json.Unmarshal(p.Diagnostics, &ds); err != nil {
			s.t.Fatal(err)
		}
		return p, ds
	}
}

func frame(body string) string { return fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(body), body) }

func TestAbuseBadHeaders(t *testing.T) {
	s := startAbused(t)
	s.sendRaw("X-Unknown: 1\r\n\r\n")
	s.sendRaw("Content-Length: abc\r\n\r\n")
	s.sendRaw("Content-Length: -5\r\n\r\n")
	s.sendRaw("content-length: 2\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n{}")
	s.sendRaw("garbage line without colon\r\n\r\n")
	s.healthy(100, defaultRSSBound)
}

func TestAbuseInvalidJSON(t *testing.T) {
	s := startAbused(t)
	for _, body := range []string{`{"jsonrpc":"2.0","id":1,`, `not json`, "\x00\x01\x02", `[1,2,3]`, `{"jsonrpc":"2.0","id":7,"method":42}`, `"just a string"`, `{"jsonrpc":"1.0","id":8,"method":"textDocument/hover"}`} {
		s.sendRaw(frame(body))
	}
	s.healthy(100, defaultRSSBound)
}

func TestAbuseWrongParamTypes(t *testing.T) {
	s := startAbused(t)
	for i, params := range []string{
		`"a string"`, `[1,2]`, `{"textDocument":"x","position":{}}`,
		fmt.Sprintf(`{"textDocument":{"uri":%q},"position":{"line":"one","character":null}}`, canaryURI),
		fmt.Sprintf(`{"textDocument":{"uri":42},"position":{"line":1.5,"character":-1}}`),
	} {
		m := s.request(10+i, "textDocument/hover", params)
		if m.Error == nil && string(m.Result) != "null" {
			t.Errorf("hover with params %s answered %s", params, m.Result)
		}
	}
	s.notify("textDocument/didChange", `{"textDocument":{"uri":1},"contentChanges":"x"}`)
	s.notify("textDocument/didOpen", `{"textDocument":[]}`)
	s.healthy(100, defaultRSSBound)
}

func TestAbusePositionsPastTheEnd(t *testing.T) {
	s := startAbused(t)
	for i, pos := range []string{`{"line":1000000,"character":0}`, `{"line":0,"character":1000000}`, `{"line":-1,"character":-1}`, `{"line":2147483647,"character":2147483647}`} {
		for j, method := range []string{"textDocument/hover", "textDocument/completion", "textDocument/definition", "textDocument/references", "textDocument/documentHighlight", "textDocument/prepareRename"} {
			params := fmt.Sprintf(`{"textDocument":{"uri":%q},"position":%s,"context":{"includeDeclaration":true}}`, canaryURI, pos)
			if m := s.request(100+10*i+j, method, params); m.Error != nil && m.Error.Code == -32603 {
				t.Errorf("%s at %s: internal error %s", method, pos, m.Error.Message)
			}
		}
	}
	// Ranges past the end, reversed and negative.
	for i, rng := range []string{`{"start":{"line":0,"character":0},"end":{"line":99999,"character":99999}}`, `{"start":{"line":5,"character":9},"end":{"line":1,"character":0}}`, `{"start":{"line":-4,"character":0},"end":{"line":-1,"character":-1}}`} {
		params := fmt.Sprintf(`{"textDocument":{"uri":%q},"range":%s,"context":{"diagnostics":[]}}`, canaryURI, rng)
		if m := s.request(150+i, "textDocument/codeAction", params); m.Error != nil && m.Error.Code == -32603 {
			t.Errorf("codeAction over %s: internal error %s", rng, m.Error.Message)
		}
	}
	// A change whose range lies past the end is refused as a whole.
	s.notify("textDocument/didChange", fmt.Sprintf(`{"textDocument":{"uri":%q,"version":2},"contentChanges":[{"range":{"start":{"line":500,"character":0},"end":{"line":600,"character":3}},"text":"boom"}]}`, canaryURI))
	s.healthy(200, defaultRSSBound)
}

func TestAbuseUnopenedDocuments(t *testing.T) {
	s := startAbused(t)
	const nope = "file:///abuse/never-opened.yaml"
	for i, method := range []string{"textDocument/hover", "textDocument/completion", "textDocument/definition", "textDocument/references", "textDocument/documentSymbol", "textDocument/codeAction", "textDocument/rename", "textDocument/documentLink"} {
		params := fmt.Sprintf(`{"textDocument":{"uri":%q},"position":{"line":0,"character":0},"newName":"x","range":{"start":{"line":0,"character":0},"end":{"line":0,"character":0}},"context":{"diagnostics":[],"includeDeclaration":true}}`, nope)
		if m := s.request(10+i, method, params); m.Error != nil && m.Error.Code == -32603 {
			t.Errorf("%s on an unopened document: internal error %s", method, m.Error.Message)
		}
	}
	s.notify("textDocument/didChange", fmt.Sprintf(`{"textDocument":{"uri":%q,"version":2},"contentChanges":[{"text":"x"}]}`, nope))
	s.notify("textDocument/didClose", fmt.Sprintf(`{"textDocument":{"uri":%q}}`, nope))
	s.healthy(100, defaultRSSBound)
}

func TestAbuseLifecycleOrder(t *testing.T) {
	s := startSession(t)
	// Before initialize: requests are refused with ServerNotInitialized,
	// notifications are dropped.
	if m := s.request(1, "textDocument/hover", fmt.Sprintf(`{"textDocument":{"uri":%q},"position":{"line":0,"character":0}}`, canaryURI)); m.Error == nil || m.Error.Code != -32002 {
		t.Fatalf("hover before initialize answered %+v %s", m.Error, m.Result)
	}
	s.notify("textDocument/didOpen", `{"textDocument":{"uri":"file:///early.yaml","languageId":"yaml","version":1,"text":"a: 1"}}`)
	s.call(2, "initialize", `{"processId":null,"rootUri":null,"capabilities":{}}`)
	if m := s.request(3, "initialize", `{"processId":null,"rootUri":null,"capabilities":{}}`); m.Error == nil {
		t.Errorf("a second initialize succeeded")
	}
	s.notify("initialized", `{}`)
	s.notify("textDocument/didOpen", fmt.Sprintf(`{"textDocument":{"uri":%q,"languageId":"yaml","version":1,"text":%s}}`, canaryURI, mustJSON(canaryText)))
	s.healthy(10, defaultRSSBound)
	if m := s.request(20, "shutdown", `null`); m.Error != nil {
		t.Fatalf("shutdown: %+v", m.Error)
	}
	// After shutdown every request is refused as InvalidRequest, and the
	// server still answers each one.
	for i := range 5 {
		if m := s.request(30+i, "textDocument/documentSymbol", fmt.Sprintf(`{"textDocument":{"uri":%q}}`, canaryURI)); m.Error == nil || m.Error.Code != -32600 {
			t.Fatalf("request after shutdown answered %+v %s", m.Error, m.Result)
		}
	}
	s.notify("exit", "")
	if status := s.wait(); status != 0 {
		t.Fatalf("exit status %d", status)
	}
}

func TestAbuseCancellationStorm(t *testing.T) {
	s := startAbused(t)
	// 1,000 cancels: unknown ids, string ids, odd shapes, and the ids of
	// real requests sent just before.
	var b strings.Builder
	for i := range 100 {
		b.WriteString(frame(fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"textDocument/completion","params":{"textDocument":{"uri":%q},"position":{"line":6,"character":20}}}`, 1000+i, canaryURI)))
	}
	for i := range 1000 {
		var id string
		switch {
		case i < 100:
			id = strconv.Itoa(1000 + i)
		case i%3 == 0:
			id = strconv.Quote("s" + strconv.Itoa(i))
		case i%7 == 0:
			id = `{"x":1}`
		default:
			id = strconv.Itoa(500000 + i)
		}
		b.WriteString(frame(fmt.Sprintf(`{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":%s}}`, id)))
	}
	s.sendRaw(b.String())
	// Every real request gets exactly one answer: a result or RequestCancelled.
	answered := map[string]bool{}
	for len(answered) < 100 {
		m := s.next()
		if m.Method != "" {
			continue
		}
		if answered[string(m.ID)] {
			t.Fatalf("two answers for request %s", m.ID)
		}
		answered[string(m.ID)] = true
		if m.Error != nil && m.Error.Code != -32800 {
			t.Fatalf("request %s answered %+v", m.ID, m.Error)
		}
	}
	s.healthy(5000, defaultRSSBound)
}

func TestAbuseRapidEdits(t *testing.T) {
	s := startAbused(t)
	const uri = "file:///abuse/edited.yaml"
	s.notify("textDocument/didOpen", fmt.Sprintf(`{"textDocument":{"uri":%q,"languageId":"yaml","version":1,"text":%s}}`, uri, mustJSON("heat_template_version: 2018-08-31\nresources:\n  r:\n    type: OS::Heat::None\n")))
	// 1,000 edits, each inserting at the start of the resource name on
	// line 2: alternately "é" (one UTF-16 unit, two bytes) and "x".
	var b strings.Builder
	var want []string
	for i := range 1000 {
		ins := "x"
		if i%2 == 0 {
			ins = "é"
		}
		want = append([]string{ins}, want...)
		b.WriteString(frame(fmt.Sprintf(`{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":%q,"version":%d},"contentChanges":[%s]}}`, uri, i+2, edit(2, 2, 2, ins))))
	}
	s.sendRaw(b.String())
	name := strings.Join(want, "") + "r"
	m := s.request(10, "textDocument/documentSymbol", fmt.Sprintf(`{"textDocument":{"uri":%q}}`, uri))
	if m.Error != nil || !bytes.Contains(m.Result, []byte(mustJSON(name))) {
		t.Fatalf("after 1,000 edits the symbols are %.300s, want the resource %.40s…", m.Result, name)
	}
	// The diagnostics of the last version arrive, and none of an older one
	// after it.
	s.diagnosticsFor(uri, 1001)
	s.healthy(20, defaultRSSBound)
}

func TestAbuseAliasBomb(t *testing.T) {
	s := startAbused(t)
	var b strings.Builder
	b.WriteString("heat_template_version: 2018-08-31\nparameters:\n  a0: {type: string, default: [lol, lol, lol, lol, lol, lol, lol, lol, lol]}\n")
	b.WriteString("x0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n")
	for i := 1; i < 12; i++ {
		fmt.Fprintf(&b, "x%d: &a%d [", i, i)
		for j := range 9 {
			if j > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, "*a%d", i-1)
		}
		b.WriteString("]\n")
	}
	b.WriteString("resources:\n  r:\n    type: OS::Heat::Value\n    properties: {value: *a11}\noutputs:\n  o: {value: {get_attr: [r, value, *a11]}}\n")
	const uri = "file:///abuse/bomb.yaml"
	s.notify("textDocument/didOpen", fmt.Sprintf(`{"textDocument":{"uri":%q,"languageId":"yaml","version":1,"text":%s}}`, uri, mustJSON(b.String())))
	p, ds := s.diagnosticsFor(uri, 1)
	if len(p.Diagnostics) > 1<<20 {
		t.Fatalf("diagnostics for %s: %d bytes", p.URI, len(p.Diagnostics))
	}
	t.Logf("%d diagnostics", len(ds))
	for i, method := range []string{"textDocument/hover", "textDocument/completion", "textDocument/references", "textDocument/documentSymbol"} {
		s.request(10+i, method, fmt.Sprintf(`{"textDocument":{"uri":%q},"position":{"line":16,"character":40},"context":{"includeDeclaration":true}}`, uri))
	}
	s.healthy(100, defaultRSSBound)
}

func TestAbuseDeepNesting(t *testing.T) {
	s := startAbused(t)
	const depth = 100000
	texts := map[string]string{
		"flow":  "heat_template_version: 2018-08-31\nresources: " + strings.Repeat("[", depth) + strings.Repeat("]", depth) + "\n",
		"maps":  "heat_template_version: 2018-08-31\nresources: " + strings.Repeat("{a: ", depth) + "1" + strings.Repeat("}", depth) + "\n",
		"block": "heat_template_version: 2018-08-31\nresources:\n" + strings.Repeat("- ", depth) + "x\n",
		"calls": "heat_template_version: 2018-08-31\noutputs:\n  o:\n    value: " + strings.Repeat("{get_param: [", depth/4) + "p" + strings.Repeat("]}", depth/4) + "\n",
	}
	i := 0
	start := time.Now()
	for name, text := range texts {
		i++
		uri := "file:///abuse/deep-" + name + ".yaml"
		s.notify("textDocument/didOpen", fmt.Sprintf(`{"textDocument":{"uri":%q,"languageId":"yaml","version":1,"text":%s}}`, uri, mustJSON(text)))
		if p, _ := s.diagnosticsFor(uri, 1); len(p.Diagnostics) > 1<<20 {
			t.Fatalf("%s: diagnostics for %s: %d bytes", name, p.URI, len(p.Diagnostics))
		}
		t.Logf("%s: diagnostics after %v", name, time.Since(start))
		for j, method := range []string{"textDocument/hover", "textDocument/completion", "textDocument/documentSymbol"} {
			t.Logf("%s: %s at %v", name, method, time.Since(start))
			s.request(100*i+j, method, fmt.Sprintf(`{"textDocument":{"uri":%q},"position":{"line":1,"character":%d}}`, uri, depth/2))
		}
	}
	s.healthy(10, defaultRSSBound)
}

// TestAbuseHugeDocument opens a 50 MB template (the generated kind, so it
// is all structure, the worst case for memory). Under the race detector
// only the test process is instrumented, not the binary, so the size is
// the same.
func TestAbuseHugeDocument(t *testing.T) {
	if testing.Short() {
		t.Skip("the 50 MB document takes a while; skipped with -short (run without -short)")
	}
	s := startAbused(t)
	const uri = "file:///abuse/huge.yaml"
	src := synthtest.GenerateTemplate(50 << 20 / 28)
	t.Logf("document of %d MiB", len(src)>>20)
	start := time.Now()
	s.notify("textDocument/didOpen", fmt.Sprintf(`{"textDocument":{"uri":%q,"languageId":"yaml","version":1,"text":%s}}`, uri, mustJSON(string(src))))
	s.healthy(10, 1536<<20)
	t.Logf("answered after %v", time.Since(start))
	p, ds := s.diagnosticsFor(uri, 1)
	if len(p.Diagnostics) > 4<<20 || !strings.Contains(string(p.Diagnostics), "document-too-large") {
		t.Fatalf("diagnostics for %s: %d bytes", p.URI, len(p.Diagnostics))
	}
	t.Logf("%d diagnostics after %v", len(ds), time.Since(start))
	s.healthy(20, 1536<<20)
}
