package lsp

import (
	"context"
	"fmt"
	"runtime/debug"
	"sync/atomic"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.uber.org/zap"
)

// guard runs a route's handler and turns a panic into an InternalError
// answer plus an error log line, so one bad input cannot end the session.
func (s *Server) guard(ctx context.Context, rt route, params []byte) (result any, err error) {
	defer func() {
		if p := recover(); p != nil {
			s.log.Error("handler panicked",
				zap.String("method", rt.method),
				zap.String("panic", fmt.Sprint(p)),
				zap.ByteString("stack", debug.Stack()))
			result = nil
			err = jsonrpc2.NewError(jsonrpc2.InternalError, fmt.Sprintf("internal error in %s: %v", rt.method, p))
		}
	}()
	return rt.handle(ctx, params)
}

// idKey identifies a request by its JSON-RPC id, numeric or string, so
// $/cancelRequest can find it either way.
type idKey struct {
	str   string
	num   int64
	isStr bool
}

func keyOf(id jsonrpc2.ID) idKey {
	if v, ok := id.StringValue(); ok {
		return idKey{str: v, isStr: true}
	}
	n, _ := id.Number()
	return idKey{num: n}
}

// inflightRequest is a request (or queued notification) being handled.
type inflightRequest struct {
	id     jsonrpc2.ID
	isCall bool
	ctx    context.Context
	cancel context.CancelFunc
	// byClient is set when $/cancelRequest named this request.
	byClient atomic.Bool
}

func (r *inflightRequest) cancelled() bool { return r.byClient.Load() }

// track gives a message a cancellable context; requests are registered
// under their id for $/cancelRequest. Until untrack, the message counts
// as work for the idle memory release.
func (s *Server) track(ctx context.Context, id jsonrpc2.ID, isCall bool) *inflightRequest {
	rctx, cancel := context.WithCancel(ctx)
	req := &inflightRequest{id: id, isCall: isCall, ctx: rctx, cancel: cancel}
	s.idle.begin()
	if isCall {
		s.reqMu.Lock()
		s.inflight[keyOf(id)] = req
		s.reqMu.Unlock()
	}
	return req
}

func (s *Server) untrack(req *inflightRequest) {
	req.cancel()
	s.idle.end()
	if !req.isCall {
		return
	}
	s.reqMu.Lock()
	if s.inflight[keyOf(req.id)] == req {
		delete(s.inflight, keyOf(req.id))
	}
	s.reqMu.Unlock()
}

// cancelRequest handles $/cancelRequest: the named request's context is
// cancelled and it is answered with RequestCancelled. Unknown ids (already
// answered) are ignored, as the protocol asks.
func (s *Server) cancelRequest(_ context.Context, p *protocol.CancelParams) error {
	var key idKey
	switch id := p.ID.(type) {
	case protocol.Integer:
		key = idKey{num: int64(id)}
	case protocol.String:
		key = idKey{str: string(id), isStr: true}
	default:
		return errInvalidParams("cancel id must be a number or a string")
	}
	s.reqMu.Lock()
	req := s.inflight[key]
	s.reqMu.Unlock()
	if req != nil {
		req.byClient.Store(true)
		req.cancel()
	}
	return nil
}

// cancelAll cancels every running request; used when the session ends.
func (s *Server) cancelAll() {
	s.reqMu.Lock()
	defer s.reqMu.Unlock()
	for _, req := range s.inflight {
		req.cancel()
	}
}
