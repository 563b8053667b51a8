package lsp

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"go.lsp.dev/uri"
)

// TestMalformedRangesAreRefused checks that a didChange whose range is
// present but not a range leaves the document as it was (the protocol
// decoder would otherwise read it as a whole-document replacement) and
// that the client is told through window/logMessage.
func TestMalformedRangesAreRefused(t *testing.T) {
	const uri = "file:///t.yaml"
	const start = "a: 1\nb: 2\n"
	pos := func(l, c string) string { return `{"line":` + l + `,"character":` + c + `}` }
	change := func(rng string) string { return `[{"range":` + rng + `,"text":"FRAGMENT"}]` }
	tests := []struct{ name, changes string }{
		{"negative line", change(`{"start":` + pos("-1", "0") + `,"end":` + pos("0", "0") + `}`)},
		{"negative character", change(`{"start":` + pos("0", "0") + `,"end":` + pos("0", "-3") + `}`)},
		{"line of 2^32", change(`{"start":` + pos("4294967296", "0") + `,"end":` + pos("4294967296", "0") + `}`)},
		{"fraction", change(`{"start":` + pos("0.5", "0") + `,"end":` + pos("1", "0") + `}`)},
		{"exponent", change(`{"start":` + pos("1e0", "0") + `,"end":` + pos("1", "0") + `}`)},
		{"string number", change(`{"start":` + pos(`"1"`, "0") + `,"end":` + pos("1", "0") + `}`)},
		{"range is a number", change(`7`)},
		{"range is null", change(`null`)},
		{"range is a string", change(`"0:0-1:0"`)},
		{"start missing", change(`{"end":` + pos("1", "0") + `}`)},
		{"character missing", change(`{"start":{"line":0},"end":` + pos("1", "0") + `}`)},
		{"change is not an object", `[5]`},
		{"negative rangeLength", `[{"range":{"start":` + pos("0", "0") + `,"end":` + pos("0", "1") + `},"rangeLength":-1,"text":"FRAGMENT"}]`},
		{"good change then a broken one", `[{"range":{"start":` + pos("0", "0") + `,"end":` + pos("0", "1") + `},"text":"z"},` + change(`{}`)[1:]},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := startServer(t)
			c.initialize(`{}`)
			openDoc(c, uri, 1, start)
			changeDoc(c, uri, 2, tc.changes)
			if got, v := text(c, uri); got != start || v != 1 {
				t.Fatalf("document is now version %d %q, want it unchanged", v, got)
			}
			var p struct {
				Type    int    `json:"type"`
				Message string `json:"message"`
			}
			if err := json.Unmarshal(c.notification("window/logMessage").Params, &p); err != nil || !strings.Contains(p.Message, uri) || p.Type != 2 {
				t.Fatalf("log message %+v (%v), want a warning naming the document", p, err)
			}
			// A good change still applies.
			changeDoc(c, uri, 3, `[`+edit(1, 3, 1, 4, "3")+`]`)
			if got, v := text(c, uri); got != "a: 1\nb: 3\n" || v != 3 {
				t.Fatalf("after a good change: version %d %q", v, got)
			}
		})
	}
}

// TestOutOfBoundsChangeIsReportedToTheClient checks that the range checks
// the store makes also reach the client, not only the server's log.
func TestOutOfBoundsChangeIsReportedToTheClient(t *testing.T) {
	c := startServer(t)
	c.initialize(`{}`)
	openDoc(c, "file:///t.yaml", 1, "a: 1\n")
	changeDoc(c, "file:///t.yaml", 2, `[`+edit(9, 0, 9, 0, "x")+`]`)
	if m := c.notification("window/logMessage"); !strings.Contains(string(m.Params), "outside the document") {
		t.Fatalf("log message %s", m.Params)
	}
}

// TestInvalidUTF8IsNotEchoed checks that an error answer repeating what
// the client sent is valid UTF-8 (strict JSON decoders reject anything
// else) and short.
func TestInvalidUTF8IsNotEchoed(t *testing.T) {
	c := startServer(t)
	c.initialize(`{}`)
	for i, method := range []string{"bad\xff\xfe/method", strings.Repeat("long/", 10000)} {
		id := jsonString(i + 1)
		c.sendRaw(`{"jsonrpc":"2.0","id":` + id + `,"method":"` + method + `"}`)
		m := c.response(id)
		if m.Error == nil {
			t.Fatalf("%q: no error", method)
		}
		if !utf8.Valid(m.raw) || len(m.Error.Message) > 2*maxEchoedMessage {
			t.Fatalf("error message is not valid UTF-8 or too long: %d bytes %q", len(m.Error.Message), m.Error.Message[:min(80, len(m.Error.Message))])
		}
	}
}

type stoppedScan string

func (s stoppedScan) Stopped() string { return string(s) }

// TestIndexBudgetIsShown checks that a scan that stopped within its
// budget is reported to the user with the reason.
func TestIndexBudgetIsShown(t *testing.T) {
	c := startServer(t)
	c.initialize(`{}`)
	c.server.reportIndexBudget(stoppedScan(""))
	c.server.reportIndexBudget(stoppedScan("the folders hold too much"))
	m := c.notification("window/showMessage")
	if !strings.Contains(string(m.Params), "indexing stopped early because the folders hold too much") {
		t.Fatalf("message %s", m.Params)
	}
}

// TestFilePathResolvesDotSegments: "%2e%2e" segments of a document URI
// are decoded and resolved before the guard sees the path, so a URI
// cannot pose as lying inside a folder it leaves.
func TestFilePathResolvesDotSegments(t *testing.T) {
	for u, want := range map[string]string{
		"file:///ws/%2e%2e/%2E%2E/etc/t.yaml": "/etc/t.yaml",
		"file:///ws/proj/%2e%2e/t.yaml":       "/ws/t.yaml",
		"file:///ws/..%2f..%2fetc/t.yaml":     "/etc/t.yaml",
		"file:///ws/./a/t.yaml":               "/ws/a/t.yaml",
	} {
		if got := filePath(uri.URI(u)); got != want {
			t.Errorf("filePath(%s) = %s, want %s", u, got, want)
		}
	}
}
