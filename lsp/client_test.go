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

// wireMessage is any JSON-RPC message as the test client sees it.
type wireMessage struct {
	ID     json.RawMessage `json:"id,omitempty"`
	Method string          `json:"method,omitempty"`
	Params json.RawMessage `json:"params,omitempty"`
	Result json.RawMessage `json:"result,omitempty"`
	Error  *testWireError  `json:"error,omitempty"`
	// raw is the message as sent, before JSON decoding mended it.
	raw []byte
}

type testWireError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

// testClient drives an in-process Server over net.Pipe.
type testClient struct {
	t      *testing.T
	conn   net.Conn
	msgs   chan wireMessage
	exit   chan int
	server *Server
	// notes keeps notifications and server requests seen while waiting
	// for a response.
	notes []wireMessage
}

const testTimeout = 10 * time.Second

func startServer(t *testing.T, opts ...Option) *testClient {
	t.Helper()
	clientSide, serverSide := net.Pipe()
	settleRoute := withRoute(route{method: "test/settle", call: true, mode: modeConcurrent,
		handle: func(context.Context, []byte) (any, error) { return "settled", nil }})
	srv := New(append([]Option{settleRoute}, opts...)...)
	c := &testClient{t: t, conn: clientSide, msgs: make(chan wireMessage, 1024), exit: make(chan int, 1), server: srv}
	go func() {
		c.exit <- srv.Serve(context.Background(), serverSide, serverSide)
		serverSide.Close()
	}()
	go func() {
		r := newFrameReader(clientSide)
		for {
			body, err := r.read()
			if err != nil {
				close(c.msgs)
				return
			}
			var m wireMessage
			if err := json.Unmarshal(body, &m); err != nil {
				t.Errorf("server sent invalid JSON %q: %v", body, err)
				continue
			}
			m.raw = body
			c.msgs <- m
		}
	}()
	t.Cleanup(func() { clientSide.Close() })
	return c
}

// sendRaw writes body as one frame.
func (c *testClient) sendRaw(body string) {
	c.t.Helper()
	c.sendBytes([]byte("Content-Length: " + strconv.Itoa(len(body)) + "\r\n\r\n" + body))
}

func (c *testClient) sendBytes(b []byte) {
	c.t.Helper()
	c.conn.SetWriteDeadline(time.Now().Add(testTimeout))
	if _, err := c.conn.Write(b); err != nil {
		c.t.Fatalf("write: %v", err)
	}
}

// request sends a request whose id is given as JSON (1 or "a"); params
// is JSON or "" for none.
func (c *testClient) request(id, method, params string) {
	c.t.Helper()
	body := `{"jsonrpc":"2.0","id":` + id + `,"method":` + strconv.Quote(method)
	if params != "" {
		body += `,"params":` + params
	}
	c.sendRaw(body + "}")
}

func (c *testClient) notify(method, params string) {
	c.t.Helper()
	body := `{"jsonrpc":"2.0","method":` + strconv.Quote(method)
	if params != "" {
		body += `,"params":` + params
	}
	c.sendRaw(body + "}")
}

// next returns the next message from the server.
func (c *testClient) next() wireMessage {
	c.t.Helper()
	select {
	case m, ok := <-c.msgs:
		if !ok {
			c.t.Fatal("server closed the connection")
		}
		return m
	case <-time.After(testTimeout):
		c.t.Fatal("timed out waiting for the server")
	}
	return wireMessage{}
}

// response waits for the response with the given JSON id.
func (c *testClient) response(id string) wireMessage {
	c.t.Helper()
	for {
		m := c.next()
		if m.Method == "" && string(m.ID) == id {
			return m
		}
		c.notes = append(c.notes, m)
	}
}

// call sends a request and waits for its response.
func (c *testClient) call(id, method, params string) wireMessage {
	c.t.Helper()
	c.request(id, method, params)
	return c.response(id)
}

// notification waits for the next notification (or server request) with
// method, looking first at those already seen.
func (c *testClient) notification(method string) wireMessage {
	c.t.Helper()
	for i, m := range c.notes {
		if m.Method == method {
			c.notes = append(c.notes[:i:i], c.notes[i+1:]...)
			return m
		}
	}
	for {
		m := c.next()
		if m.Method == method {
			return m
		}
		c.notes = append(c.notes, m)
	}
}

// initialize runs the handshake with the given capabilities JSON.
func (c *testClient) initialize(capabilities string) wireMessage {
	c.t.Helper()
	m := c.call("0", "initialize", `{"processId":null,"rootUri":null,"capabilities":`+capabilities+`}`)
	if m.Error != nil {
		c.t.Fatalf("initialize failed: %+v", m.Error)
	}
	c.notify("initialized", `{}`)
	return m
}

// exitStatus waits for Serve to return.
func (c *testClient) exitStatus() int {
	c.t.Helper()
	select {
	case code := <-c.exit:
		return code
	case <-time.After(testTimeout):
		c.t.Fatal("server did not exit")
	}
	return -1
}

func wantError(t *testing.T, m wireMessage, code int) {
	t.Helper()
	if m.Error == nil {
		t.Fatalf("want error %d, got result %s", code, m.Result)
	}
	if m.Error.Code != code {
		t.Fatalf("want error %d, got %d (%s)", code, m.Error.Code, m.Error.Message)
	}
}

func wantResult(t *testing.T, m wireMessage) {
	t.Helper()
	if m.Error != nil {
		t.Fatalf("want a result, got error %d (%s)", m.Error.Code, m.Error.Message)
	}
}

func quote(s string) string { return strconv.Quote(s) }

func jsonString(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(fmt.Sprint(err))
	}
	return string(b)
}
