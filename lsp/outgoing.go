package lsp

import (
	"context"
	"encoding/json"
	"errors"
	"sync"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
)

// outgoing tracks the server's own requests to the client
// (workspace/configuration, later registrations and progress).
type outgoing struct {
	mu      sync.Mutex
	next    int64
	waiting map[int64]chan *jsonrpc2.Response
	closed  bool
}

var errSessionEnded = errors.New("session ended")

// call sends a request to the client and decodes the answer into result
// with encoding/json. It must not run on the reading loop or the document
// queue: the answer is read by the loop.
func (s *Server) call(ctx context.Context, method string, params, result any) error {
	var raw []byte // nil params: a request without any (the refresh requests)
	if params != nil {
		var err error
		if raw, err = protocol.Marshal(params); err != nil {
			return err
		}
	}
	o := &s.calls
	o.mu.Lock()
	if o.closed {
		o.mu.Unlock()
		return errSessionEnded
	}
	if o.waiting == nil {
		o.waiting = make(map[int64]chan *jsonrpc2.Response)
	}
	o.next++
	id := o.next
	ch := make(chan *jsonrpc2.Response, 1)
	o.waiting[id] = ch
	o.mu.Unlock()

	if err := s.write(jsonrpc2.AppendCall(nil, jsonrpc2.NewNumberID(id), method, raw)); err != nil {
		o.forget(id)
		return err
	}
	select {
	case resp, ok := <-ch:
		if !ok {
			return errSessionEnded
		}
		if resp.Err() != nil {
			return resp.Err()
		}
		if result == nil || len(resp.Result()) == 0 {
			return nil
		}
		return json.Unmarshal(resp.Result(), result)
	case <-ctx.Done():
		o.forget(id)
		return ctx.Err()
	}
}

func (o *outgoing) forget(id int64) {
	o.mu.Lock()
	delete(o.waiting, id)
	o.mu.Unlock()
}

// deliver hands a client's response to the call waiting for it; answers
// nobody waits for are dropped.
func (o *outgoing) deliver(resp *jsonrpc2.Response) {
	n, ok := resp.ID().Number()
	if !ok {
		return
	}
	o.mu.Lock()
	ch := o.waiting[n]
	delete(o.waiting, n)
	o.mu.Unlock()
	if ch != nil {
		ch <- resp
	}
}

// abandon releases every waiting call when the session ends.
func (o *outgoing) abandon() {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.closed = true
	for id, ch := range o.waiting {
		close(ch)
		delete(o.waiting, id)
	}
}
