package lsp

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"strconv"
	"testing"
	"time"
)

// stalledClient speaks to an in-process server over net.Pipe, whose
// writes block until the other side reads, and reads only when told to:
// a client that stops reading its input for a while (busy, swapped out,
// a slow terminal) is what it plays.
type stalledClient struct {
	t      *testing.T
	conn   net.Conn
	r      *frameReader
	server *Server
	exit   chan int
	msgs   chan wireMessage
}

func startStalled(t *testing.T, opts ...Option) *stalledClient {
	t.Helper()
	clientSide, serverSide := net.Pipe()
	srv := New(opts...)
	c := &stalledClient{t: t, conn: clientSide, r: newFrameReader(clientSide), server: srv, exit: make(chan int, 1)}
	go func() {
		c.exit <- srv.Serve(context.Background(), serverSide, serverSide)
		serverSide.Close()
	}()
	t.Cleanup(func() { clientSide.Close() })
	c.send(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"processId":null,"rootUri":null,"capabilities":{}}}`)
	for m := c.readOne(); string(m.ID) != "0"; m = c.readOne() {
	}
	c.send(`{"jsonrpc":"2.0","method":"initialized","params":{}}`)
	return c
}

// send writes one frame; the server reads its input on a goroutine of its
// own, so this never waits for the client's reading.
func (c *stalledClient) send(body string) {
	c.t.Helper()
	c.conn.SetWriteDeadline(time.Now().Add(testTimeout))
	if _, err := c.conn.Write([]byte("Content-Length: " + strconv.Itoa(len(body)) + "\r\n\r\n" + body)); err != nil {
		c.t.Fatalf("write: %v", err)
	}
}

func (c *stalledClient) readOne() wireMessage {
	c.t.Helper()
	c.conn.SetReadDeadline(time.Now().Add(testTimeout))
	body, err := c.r.read()
	if err != nil {
		c.t.Fatalf("read: %v", err)
	}
	var m wireMessage
	if err := json.Unmarshal(body, &m); err != nil {
		c.t.Fatalf("server sent invalid JSON %q: %v", body, err)
	}
	return m
}

// resume reads everything the server sends from now on.
func (c *stalledClient) resume() {
	c.msgs = make(chan wireMessage, 1024)
	c.conn.SetReadDeadline(time.Time{})
	go func() {
		defer close(c.msgs)
		for {
			body, err := c.r.read()
			if err != nil {
				return
			}
			var m wireMessage
			if json.Unmarshal(body, &m) == nil {
				c.msgs <- m
			}
		}
	}()
}

// until reads (after resume) until a message satisfies done, within
// testTimeout.
func (c *stalledClient) until(what string, done func(wireMessage) bool) {
	c.t.Helper()
	deadline := time.After(testTimeout)
	for {
		select {
		case m, ok := <-c.msgs:
			if !ok {
				c.t.Fatalf("the connection ended waiting for %s", what)
			}
			if done(m) {
				return
			}
		case <-deadline:
			c.t.Fatalf("no %s within %v", what, testTimeout)
		}
	}
}

func openParams(uri, text string, version int) string {
	raw, _ := json.Marshal(text)
	return fmt.Sprintf(`{"textDocument":{"uri":%q,"languageId":"yaml","version":%d,"text":%s}}`, uri, version, raw)
}

// TestStalledClientDoesNotHoldTheQueue: while the client reads nothing,
// a publish of diagnostics cannot be written; documents opened and
// changed meanwhile must still be applied (the document queue never waits
// for the client to read), and once the client reads again every request
// is answered and each document's last diagnostics are its newest
// version's, never an older one's after it.
func TestStalledClientDoesNotHoldTheQueue(t *testing.T) {
	c := startStalled(t)
	const text = "heat_template_version: 2018-08-31\nresources:\n  r:\n    type: OS::Nova::Nowhere\n"
	uri := func(i int) string { return fmt.Sprintf("file:///stalled/t%d.yaml", i) }
	c.send(`{"jsonrpc":"2.0","method":"textDocument/didOpen","params":` + openParams(uri(0), text, 1) + `}`)
	waitFor(t, "the first diagnostics to be sent", func() bool { return c.server.diags.published.Load() >= 1 })
	time.Sleep(20 * time.Millisecond) // the publish is now waiting for the client

	const docs = 6
	for i := 1; i < docs; i++ {
		c.send(`{"jsonrpc":"2.0","method":"textDocument/didOpen","params":` + openParams(uri(i), text, 1) + `}`)
	}
	for v := 2; v <= 4; v++ {
		c.send(fmt.Sprintf(`{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":%q,"version":%d},"contentChanges":[{"text":%q}]}}`, uri(0), v, text+"# "+strconv.Itoa(v)+"\n"))
	}
	c.send(`{"jsonrpc":"2.0","id":7,"method":"textDocument/documentSymbol","params":{"textDocument":{"uri":"` + uri(docs-1) + `"}}}`)
	deadline := time.Now().Add(2 * time.Second)
	for {
		last := c.server.store.Get(uri(docs - 1))
		first := c.server.store.Get(uri(0))
		if last != nil && first != nil && first.Version == 4 {
			break
		}
		if time.Now().After(deadline) {
			v := int32(0)
			if first != nil {
				v = first.Version
			}
			t.Fatalf("the document queue stopped while the client was not reading: t%d open %v, t0 at version %d", docs-1, last != nil, v)
		}
		time.Sleep(time.Millisecond)
	}

	c.resume()
	latest := map[string]int{}
	answered := false
	c.until("answer and the newest diagnostics of every document", func(m wireMessage) bool {
		if string(m.ID) == "7" {
			if m.Error != nil {
				t.Errorf("documentSymbol answered %+v", m.Error)
			}
			answered = true
		}
		if m.Method == "textDocument/publishDiagnostics" {
			var p struct {
				URI     string `json:"uri"`
				Version *int   `json:"version"`
			}
			json.Unmarshal(m.Params, &p)
			if p.Version != nil {
				if *p.Version < latest[p.URI] {
					t.Errorf("%s: diagnostics of version %d after those of version %d", p.URI, *p.Version, latest[p.URI])
				}
				latest[p.URI] = *p.Version
			}
		}
		if !answered || latest[uri(0)] != 4 {
			return false
		}
		for i := 1; i < docs; i++ {
			if latest[uri(i)] != 1 {
				return false
			}
		}
		return true
	})
	c.send(`{"jsonrpc":"2.0","id":8,"method":"shutdown"}`)
	c.until("shutdown answer", func(m wireMessage) bool { return string(m.ID) == "8" })
	c.send(`{"jsonrpc":"2.0","method":"exit"}`)
	select {
	case <-c.exit:
	case <-time.After(testTimeout):
		t.Fatal("the server did not exit")
	}
}
