package lsp

import (
	"context"
	"encoding/json"
	"errors"
	"testing"
	"time"

	"go.lsp.dev/jsonrpc2"
)

func TestRequestsBeforeInitializeAreRefused(t *testing.T) {
	c := startServer(t)
	for i, method := range []string{"shutdown", "textDocument/hover", "no/such/method"} {
		id := jsonString(i + 1)
		wantError(t, c.call(id, method, `{}`), int(jsonrpc2.ServerNotInitialized))
	}
	// Notifications before initialize are dropped, not answered.
	c.notify("textDocument/didOpen", `{"textDocument":{"uri":"file:///a.yaml","languageId":"yaml","version":1,"text":"a: 1"}}`)
	c.initialize(`{}`)
	if c.server.Store().Get("file:///a.yaml") != nil {
		t.Fatal("didOpen before initialize was applied")
	}
}

func TestSecondInitializeIsAnError(t *testing.T) {
	c := startServer(t)
	c.initialize(`{}`)
	wantError(t, c.call("9", "initialize", `{"processId":null,"rootUri":null,"capabilities":{}}`), int(jsonrpc2.InvalidRequest))
	wantResult(t, c.call("10", "shutdown", ""))
}

func TestInitializeWithWrongParamTypesCanBeRetried(t *testing.T) {
	c := startServer(t)
	wantError(t, c.call("1", "initialize", `{"processId":"not a number","capabilities":{}}`), int(jsonrpc2.InvalidParams))
	wantError(t, c.call("2", "initialize", `[1,2]`), int(jsonrpc2.InvalidParams))
	c.initialize(`{}`)
}

func TestAfterShutdownRequestsAreInvalid(t *testing.T) {
	c := startServer(t)
	c.initialize(`{}`)
	m := c.call("1", "shutdown", "")
	wantResult(t, m)
	if string(m.Result) != "null" {
		t.Fatalf("shutdown result = %s, want null", m.Result)
	}
	wantError(t, c.call("2", "textDocument/hover", `{}`), int(jsonrpc2.InvalidRequest))
	wantError(t, c.call("3", "shutdown", ""), int(jsonrpc2.InvalidRequest))
	c.notify("exit", "")
	if code := c.exitStatus(); code != 0 {
		t.Fatalf("exit after shutdown: status %d, want 0", code)
	}
}

// After shutdown the server sends no request of its own: the client may
// already be gone when it would answer.
func TestNoServerRequestAfterShutdown(t *testing.T) {
	c := startServer(t)
	c.initialize(`{}`)
	wantResult(t, c.call("1", "shutdown", ""))
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	if err := c.server.call(ctx, "workspace/codeLens/refresh", nil, nil); !errors.Is(err, errSessionEnded) {
		t.Fatalf("a request after shutdown gave %v, want %v", err, errSessionEnded)
	}
	c.notify("exit", "")
	if code := c.exitStatus(); code != 0 {
		t.Fatalf("exit after shutdown: status %d, want 0", code)
	}
}

func TestExitStatus(t *testing.T) {
	tests := []struct {
		name        string
		shutdown    bool
		shutdownArg string // params JSON, "" for absent
		exitArg     string
		want        int
	}{
		{"shutdown absent, exit absent", true, "", "", 0},
		{"shutdown null, exit null", true, "null", "null", 0},
		{"shutdown {}, exit {}", true, "{}", "{}", 0},
		{"no shutdown, exit absent", false, "", "", 1},
		{"no shutdown, exit {}", false, "", "{}", 1},
		{"no shutdown, exit null", false, "", "null", 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := startServer(t)
			c.initialize(`{}`)
			if tc.shutdown {
				wantResult(t, c.call("1", "shutdown", tc.shutdownArg))
			}
			c.notify("exit", tc.exitArg)
			if code := c.exitStatus(); code != tc.want {
				t.Fatalf("status %d, want %d", code, tc.want)
			}
		})
	}
}

func TestExitBeforeInitializeAndEndOfInput(t *testing.T) {
	c := startServer(t)
	c.notify("exit", "")
	if code := c.exitStatus(); code != 1 {
		t.Fatalf("exit before initialize: status %d, want 1", code)
	}
	c = startServer(t)
	c.initialize(`{}`)
	c.conn.Close()
	if code := c.exitStatus(); code != 1 {
		t.Fatalf("input closed without shutdown: status %d, want 1", code)
	}
}

func TestUnknownMethodsAndNotifications(t *testing.T) {
	c := startServer(t)
	c.initialize(`{}`)
	c.notify("$/unknownThing", `{"x":1}`)
	c.notify("custom/notification", "")
	c.notify("$/setTrace", `{"value":"off"}`)
	wantError(t, c.call("1", "custom/method", `{}`), int(jsonrpc2.MethodNotFound))
	wantError(t, c.call("2", "$/unknownRequest", `{}`), int(jsonrpc2.MethodNotFound))
	// A notification method sent as a request has no answer to give.
	wantError(t, c.call("3", "textDocument/didSave", `{"textDocument":{"uri":"file:///x"}}`), int(jsonrpc2.MethodNotFound))
	for _, n := range c.notes {
		t.Errorf("unexpected message for a notification: %+v", n)
	}
}

// waitRoute is a test request that runs until cancelled.
func waitRoute(started chan<- struct{}) Option {
	return withRoute(route{method: "test/wait", call: true, mode: modeConcurrent, handle: func(ctx context.Context, _ []byte) (any, error) {
		started <- struct{}{}
		<-ctx.Done()
		return nil, ctx.Err()
	}})
}

func TestCancelRequest(t *testing.T) {
	for _, id := range []string{`7`, `"seven"`, `"7"`} {
		t.Run(id, func(t *testing.T) {
			started := make(chan struct{}, 1)
			c := startServer(t, waitRoute(started))
			c.initialize(`{}`)
			c.request(id, "test/wait", `{}`)
			<-started
			c.notify("$/cancelRequest", `{"id":`+id+`}`)
			wantError(t, c.response(id), -32800)
			// Cancelling an id that is no longer running is ignored.
			c.notify("$/cancelRequest", `{"id":`+id+`}`)
			c.notify("$/cancelRequest", `{"id":{"bad":true}}`)
			wantResult(t, c.call("100", "shutdown", ""))
		})
	}
}

func TestPanicInHandlerBecomesInternalError(t *testing.T) {
	boom := withRoute(route{method: "test/panic", call: true, mode: modeConcurrent, handle: func(context.Context, []byte) (any, error) {
		panic("deliberate test panic")
	}})
	boomNote := withRoute(route{method: "test/panicNote", mode: modeOrdered, handle: func(context.Context, []byte) (any, error) {
		panic("deliberate test panic in a notification")
	}})
	c := startServer(t, boom, boomNote)
	c.initialize(`{}`)
	wantError(t, c.call("1", "test/panic", `{}`), int(jsonrpc2.InternalError))
	c.notify("test/panicNote", `{}`)
	wantError(t, c.call("2", "test/panic", `{}`), int(jsonrpc2.InternalError))
	wantResult(t, c.call("3", "shutdown", ""))
}

func TestMalformedMessagesKeepTheServerRunning(t *testing.T) {
	c := startServer(t)
	c.initialize(`{}`)

	c.sendRaw(`{"jsonrpc":"2.0","id":1,"method":`)
	wantError(t, c.response("null"), int(jsonrpc2.ParseError))

	c.sendRaw(`not json at all`)
	wantError(t, c.response("null"), int(jsonrpc2.ParseError))

	c.sendRaw(`{"jsonrpc":"1.0","id":2,"method":"shutdown"}`)
	wantError(t, c.response("null"), int(jsonrpc2.InvalidRequest))

	c.sendBytes([]byte("Content-Length: lots\r\n\r\n{}"))
	wantError(t, c.response("null"), int(jsonrpc2.ParseError))

	c.sendBytes([]byte("Content-Type: application/json\r\n\r\n"))
	wantError(t, c.response("null"), int(jsonrpc2.ParseError))

	// Wrong param types: a request gets InvalidParams, a notification is
	// dropped (logged).
	c.notify("textDocument/didOpen", `{"textDocument":5}`)
	c.notify("textDocument/didChange", `{"textDocument":{"uri":"file:///a.yaml","version":"two"},"contentChanges":[]}`)
	c.notify("$/cancelRequest", `"nonsense"`)

	wantResult(t, c.call("3", "shutdown", ""))
	c.notify("exit", "")
	if code := c.exitStatus(); code != 0 {
		t.Fatalf("status %d, want 0", code)
	}
}

func TestServerInfoAndPositionEncoding(t *testing.T) {
	tests := []struct {
		name, caps, want string
	}{
		{"utf-8 offered", `{"general":{"positionEncodings":["utf-16","utf-8"]}}`, "utf-8"},
		{"utf-32 and utf-16 offered", `{"general":{"positionEncodings":["utf-32","utf-16"]}}`, "utf-16"},
		{"nothing offered", `{}`, "utf-16"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := startServer(t, WithVersion("1.2.3"))
			m := c.initialize(tc.caps)
			var res struct {
				Capabilities struct {
					PositionEncoding string `json:"positionEncoding"`
					TextDocumentSync struct {
						OpenClose bool `json:"openClose"`
						Change    int  `json:"change"`
					} `json:"textDocumentSync"`
					HoverProvider any `json:"hoverProvider"`
				} `json:"capabilities"`
				ServerInfo struct {
					Name    string `json:"name"`
					Version string `json:"version"`
				} `json:"serverInfo"`
			}
			if err := json.Unmarshal(m.Result, &res); err != nil {
				t.Fatal(err)
			}
			if res.Capabilities.PositionEncoding != tc.want {
				t.Errorf("positionEncoding = %q, want %q", res.Capabilities.PositionEncoding, tc.want)
			}
			if res.ServerInfo.Name != "heat-ls" || res.ServerInfo.Version != "1.2.3" {
				t.Errorf("serverInfo = %+v", res.ServerInfo)
			}
			if !res.Capabilities.TextDocumentSync.OpenClose || res.Capabilities.TextDocumentSync.Change != 2 {
				t.Errorf("textDocumentSync = %+v, want open/close and incremental", res.Capabilities.TextDocumentSync)
			}
			if res.Capabilities.HoverProvider != true {
				t.Errorf("hoverProvider = %v, want true", res.Capabilities.HoverProvider)
			}
		})
	}
}
