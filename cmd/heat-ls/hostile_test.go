package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"go.uber.org/zap"

	"heat-ls/lsp"
	"heat-ls/schema"
)

// The hostile-input suite runs every generated input (hostile_gen_test.go)
// through "check" and through the server, in-process so that allocations
// can be counted, and holds each to its size: it must be answered, and
// what heat-ls writes and allocates must stay within a fixed multiple of
// the input's size (plus a constant for the fixed costs). Counted, never
// timed. With -short the inputs are about 32 KiB; otherwise 1 MiB (32 KiB
// under the race detector too); HEAT_LS_HOSTILE_SIZE sets another size.

// The bounds: bytes written and bytes allocated per byte of input, on top
// of a constant (the schema, the session, the capped diagnostics list).
const (
	hostileOutPerByte = 16
	hostileOutConst   = 4 << 20
	// hostileAllocPerByte covers the server's worst class, a chain of
	// conditions (about 380 bytes a byte for the open document's run),
	// plus the workspace index's own parse of the same file on disk when
	// it lands inside the measured window (the spread 380–490 a byte).
	hostileAllocPerByte = 560
	// hostileAllocConst: the schema, the session, the capped diagnostics
	// list, and a return of memory when the server falls idle inside the
	// measured window, which may refill up to 64 MiB of heap to reach
	// pages the runtime's own return skips (lsp/return_memory.go).
	hostileAllocConst = 128 << 20
	hostileSeed       = 18
)

func hostileSize() int {
	if v, err := strconv.Atoi(os.Getenv("HEAT_LS_HOSTILE_SIZE")); err == nil && v > 0 {
		return v
	}
	if testing.Short() || raceEnabled {
		return 32 << 10
	}
	return 1 << 20
}

var hostileSchema struct {
	sync.Once
	sc  *schema.Schema
	err error
}

func loadHostileSchema(t *testing.T) *schema.Schema {
	t.Helper()
	hostileSchema.Do(func() { hostileSchema.sc, hostileSchema.err = schema.Load() })
	if hostileSchema.err != nil {
		t.Fatal(hostileSchema.err)
	}
	return hostileSchema.sc
}

// allocatedDuring returns the bytes the process allocated while fn ran.
func allocatedDuring(fn func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	fn()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// writeHostile puts the input's files in a new directory and returns the
// document's path.
func writeHostile(t *testing.T, in hostileInput) string {
	t.Helper()
	dir := t.TempDir()
	for name, text := range in.files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	path := filepath.Join(dir, "attack.yaml")
	if err := os.WriteFile(path, []byte(in.doc), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func withinBounds(t *testing.T, in hostileInput, out int, alloc uint64) {
	t.Helper()
	size := in.size()
	t.Logf("%s: input %d bytes, output %d (%.1f/byte), allocated %d (%.0f/byte)", in.class, size, out, float64(out)/float64(size), alloc, float64(alloc)/float64(size))
	if limit := hostileOutPerByte*size + hostileOutConst; out > limit {
		t.Errorf("%s: wrote %d bytes for %d of input (limit %d)", in.class, out, size, limit)
	}
	if limit := uint64(hostileAllocPerByte*size + hostileAllocConst); alloc > limit {
		t.Errorf("%s: allocated %d bytes for %d of input (limit %d)", in.class, alloc, size, limit)
	}
}

func TestHostileCheck(t *testing.T) {
	sc := loadHostileSchema(t)
	for _, in := range generateHostile(hostileSeed, hostileSize()) {
		t.Run(in.class, func(t *testing.T) {
			path := writeHostile(t, in)
			var out, errOut bytes.Buffer
			var status int
			alloc := allocatedDuring(func() {
				status = runCheck(context.Background(), []string{"--severity", "info", path}, sc, &out, &errOut)
			})
			if status != 0 && status != 1 {
				t.Fatalf("%s: status %d\n%s", in.class, status, errOut.String())
			}
			withinBounds(t, in, out.Len()+errOut.Len(), alloc)
		})
	}
}

// countingWriter counts the bytes the server writes.
type countingWriter struct {
	w io.Writer
	n *atomic.Int64
}

func (c countingWriter) Write(p []byte) (int, error) {
	c.n.Add(int64(len(p)))
	return c.w.Write(p)
}

// hostileSession is an in-process server over pipes.
type hostileSession struct {
	*session
	srv     *lsp.Server
	written atomic.Int64
}

// startHostile starts an in-process server on dir ("": no workspace
// folder).
func startHostile(t *testing.T, dir string) *hostileSession {
	t.Helper()
	h := &hostileSession{session: &session{t: t, msgs: make(chan message, 4096), readErr: make(chan error, 1)}}
	h.srv = lsp.New(lsp.WithSchema(loadHostileSchema(t)), lsp.WithLogger(zap.NewNop()))
	clientIn, serverOut := io.Pipe()
	serverIn, clientOut := io.Pipe()
	h.stdin = clientOut
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		h.srv.Serve(ctx, serverIn, countingWriter{serverOut, &h.written})
		serverOut.Close()
	}()
	go func() { h.readErr <- readFrames(clientIn, h.msgs) }()
	t.Cleanup(func() {
		cancel()
		clientOut.Close()
		serverIn.Close()
		go func() {
			for range h.msgs {
			}
		}()
		<-done
	})
	root := "null" // no folder at all
	if dir != "" {
		root = strconv.Quote((&url.URL{Scheme: "file", Path: dir}).String())
	}
	h.call(1, "initialize", fmt.Sprintf(`{"processId":null,"rootUri":%s,"capabilities":{}}`, root))
	h.notify("initialized", `{}`)
	return h
}

// answerTo waits for the response with a numeric id, result or error.
func (h *hostileSession) answerTo(id int) message {
	h.t.Helper()
	return h.answer(id)
}

func TestHostileServer(t *testing.T) {
	for _, in := range generateHostile(hostileSeed, hostileSize()) {
		t.Run(in.class, func(t *testing.T) {
			path := writeHostile(t, in)
			dir := filepath.Dir(path)
			canaryPath := filepath.Join(dir, "canary.yaml")
			canary := (&url.URL{Scheme: "file", Path: canaryPath}).String()
			attack := (&url.URL{Scheme: "file", Path: path}).String()
			h := startHostile(t, dir)
			h.notify("textDocument/didOpen", fmt.Sprintf(`{"textDocument":{"uri":%q,"languageId":"yaml","version":1,"text":%s}}`, canary, mustJSON(canaryText)))
			h.diagnosticsFor(canary, 1)

			version := 1
			startOut := h.written.Load()
			alloc := allocatedDuring(func() {
				h.notify("textDocument/didOpen", fmt.Sprintf(`{"textDocument":{"uri":%q,"languageId":"yaml","version":1,"text":%s}}`, attack, mustJSON(in.doc)))
				for _, f := range in.frames {
					if _, err := io.WriteString(h.stdin, strings.ReplaceAll(f, "%URI%", attack)); err != nil {
						t.Fatal(err)
					}
				}
				if in.changes != "" {
					version = 100
					h.notify("textDocument/didChange", fmt.Sprintf(`{"textDocument":{"uri":%q,"version":%d},"contentChanges":%s}`, attack, version, in.changes))
				}
				h.request(50, "textDocument/documentSymbol", fmt.Sprintf(`{"textDocument":{"uri":%q}}`, attack))
				h.diagnosticsFor(attack, version)
			})
			withinBounds(t, in, int(h.written.Load()-startOut), alloc)

			want := in.doc
			if in.want != "" {
				want = in.want
			}
			if d := h.srv.Store().Get(attack); d == nil || string(d.Text) != want || int(d.Version) != version {
				t.Fatalf("the attacked document does not hold the text it should (version %d)", d.Version)
			}
			if d := h.srv.Store().Get(canary); d == nil || string(d.Text) != canaryText {
				t.Fatal("the canary document changed")
			}
			// A normal hover is answered correctly: the parameter `size` of a get_param.
			m := h.request(60, "textDocument/hover", fmt.Sprintf(`{"textDocument":{"uri":%q},"position":{"line":6,"character":36}}`, canary))
			var hover struct {
				Contents struct{ Value string } `json:"contents"`
			}
			if m.Error != nil || json.Unmarshal(m.Result, &hover) != nil || !strings.Contains(hover.Contents.Value, "size") || !strings.Contains(hover.Contents.Value, "number") {
				t.Fatalf("hover on the canary after the attack: %s %+v", m.Result, m.Error)
			}
		})
	}
}
