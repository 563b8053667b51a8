package lsp

import (
	"context"
	"errors"
	"fmt"
	"io"
	"reflect"
	"time"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.uber.org/zap"
)

// drainTimeout bounds how long Serve waits for running handlers after the
// session ends, so a stuck handler cannot keep the process alive.
const drainTimeout = 2 * time.Second

// Serve speaks LSP over in (client to server) and out (server to client)
// until the client sends exit or closes in. It returns the process exit
// status the protocol asks for: 0 when shutdown came before the end, 1
// otherwise. A write that fails (the client went away) is logged; the
// session then ends when the input does.
func (s *Server) Serve(ctx context.Context, in io.Reader, out io.Writer) int {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	s.out = newOutbox(out, s.log)
	s.queue = newOrderedQueue(s.log)
	s.diags = newDiagnostics(ctx, s)
	if s.gcHeadroom {
		s.gc.start(s.store.LargestText)
		defer s.gc.stop()
	}
	defer func() {
		cancel()
		s.cancelAll()
		// Background indexing is tied to the session, not to shutdown:
		// a client that leaves without shutdown must not keep it running.
		s.stopWorkspace()
		s.calls.abandon()
		s.diags.stop()
		s.queue.stop()
		s.waitWork()
		s.out.close(drainTimeout)
	}()

	frames := readFrames(ctx, newFrameReader(in))
	for !s.life.exited() {
		var f frame
		select {
		case <-ctx.Done():
			// Asked to stop from outside (SIGTERM, SIGINT): leave without
			// waiting for input that may never come.
			s.log.Info("stopping: " + context.Cause(ctx).Error())
			return s.life.exitCode()
		case f = <-frames:
		}
		if f.err != nil {
			if errors.Is(f.err, errBadHeader) {
				s.log.Warn("dropping a message with a bad header", zap.Error(f.err))
				s.reply(jsonrpc2.ID{}, nil, jsonrpc2.NewError(jsonrpc2.ParseError, f.err.Error()))
				continue
			}
			if !errors.Is(f.err, io.EOF) {
				s.log.Warn("input ended", zap.Error(f.err))
			}
			break
		}
		s.handleFrame(ctx, f.body)
	}
	return s.life.exitCode()
}

// frame is one read from the input: a message body or the error that
// ended (or spoiled) the read.
type frame struct {
	body []byte
	err  error
}

// readFrames reads frames on a goroutine of its own so the serving loop
// can also watch ctx: a blocked read of stdin must not keep the process
// alive after it was told to stop. The goroutine ends after a fatal read
// error, or at its next completed read once ctx is done: a read blocked on
// input that never comes holds it until the input is closed (in the
// process, until exit).
func readFrames(ctx context.Context, r *frameReader) <-chan frame {
	out := make(chan frame)
	go func() {
		for {
			body, err := readSafely(r)
			select {
			case out <- frame{body, err}:
			case <-ctx.Done():
				return
			}
			if err != nil && !errors.Is(err, errBadHeader) {
				return
			}
		}
	}()
	return out
}

// readSafely reads a frame, turning a panic in the reader into an error
// that ends the input: the reader's place in the stream is then unknown,
// but the session ends with a log line instead of taking the process down
// with unanswered requests and unsaved state in the editor.
func readSafely(r *frameReader) (body []byte, err error) {
	defer func() {
		if p := recover(); p != nil {
			body, err = nil, fmt.Errorf("reading a message failed: %v", p)
		}
	}()
	return r.read()
}

// handleFrame decodes one message and routes it. body is owned by the
// caller's loop iteration and not reused, so handlers may keep slices of it.
func (s *Server) handleFrame(ctx context.Context, body []byte) {
	msg, err := jsonrpc2.DecodeMessage(body)
	if err != nil {
		code := jsonrpc2.InvalidRequest
		if errors.Is(err, jsonrpc2.ErrParse) {
			code = jsonrpc2.ParseError
		}
		s.log.Warn("dropping a malformed message", zap.Error(err), zap.ByteString("body", truncate(body)))
		s.reply(jsonrpc2.ID{}, nil, jsonrpc2.NewError(code, err.Error()))
		return
	}
	switch m := msg.(type) {
	case *jsonrpc2.Response:
		s.calls.deliver(m)
	case *jsonrpc2.Call:
		s.dispatch(ctx, m.ID(), true, m.Method(), m.Params())
	case *jsonrpc2.Notification:
		s.dispatch(ctx, jsonrpc2.ID{}, false, m.Method(), m.Params())
	}
}

// dispatch applies the lifecycle gate and runs the route in its mode.
func (s *Server) dispatch(ctx context.Context, id jsonrpc2.ID, isCall bool, method string, params []byte) {
	rt, known := s.routes[method]
	if gateErr := s.life.gate(method, isCall); gateErr != nil {
		if isCall {
			s.reply(id, nil, gateErr)
		} else {
			s.log.Debug("dropping a notification", zap.String("method", method), zap.Error(gateErr))
		}
		return
	}
	if !known || rt.call != isCall {
		if isCall {
			s.reply(id, nil, jsonrpc2.NewError(jsonrpc2.MethodNotFound, "method not found: "+method))
		} else {
			s.log.Debug("ignoring a notification", zap.String("method", method))
		}
		return
	}

	switch rt.mode {
	case modeInline:
		s.run(ctx, rt, id, isCall, params)
	case modeOrdered:
		req := s.track(ctx, id, isCall)
		s.queue.pushKeyed(rt.method, params, func() { s.finish(req, rt, params) }, func() { s.untrack(req) })
	case modeConcurrent:
		req := s.track(ctx, id, isCall)
		applied := s.queue.barrier()
		s.work.Add(1)
		go func() {
			defer s.work.Done()
			select {
			case <-applied:
			case <-req.ctx.Done():
			}
			s.finish(req, rt, params)
		}()
	}
}

// run executes an inline route and answers it.
func (s *Server) run(ctx context.Context, rt route, id jsonrpc2.ID, isCall bool, params []byte) {
	result, err := s.guard(ctx, rt, params)
	s.answer(rt.method, id, isCall, result, err)
}

// finish executes a tracked route, answers it and forgets it.
func (s *Server) finish(req *inflightRequest, rt route, params []byte) {
	defer s.untrack(req)
	var result any
	var err error
	if req.ctx.Err() == nil {
		result, err = s.guard(req.ctx, rt, params)
	}
	if req.ctx.Err() != nil && (req.cancelled() || err != nil || result == nil) {
		// Cancelled by the client, or the session is ending.
		result, err = nil, errCancelled
	}
	s.answer(rt.method, req.id, req.isCall, result, err)
}

// answer replies to a request, or logs a notification handler's failure.
func (s *Server) answer(method string, id jsonrpc2.ID, isCall bool, result any, err error) {
	if isCall {
		s.reply(id, result, err)
		return
	}
	if err != nil {
		s.log.Warn("notification failed", zap.String("method", method), zap.Error(err))
	}
}

// reply writes a response. A result that cannot be encoded becomes an
// internal error.
func (s *Server) reply(id jsonrpc2.ID, result any, err error) {
	var raw []byte
	if err == nil {
		raw, err = encodeResult(result)
	}
	var wire error
	if err != nil {
		wire = wireError(err)
		raw = nil
	}
	s.write(jsonrpc2.AppendResponse(nil, id, raw, wire))
}

// notify sends a notification to the client.
func (s *Server) notify(method string, params any) error { return s.notifyKeyed(method, params, "") }

// notifyKeyed sends a notification that supersedes the one of the same
// key still waiting to be written (outbox): a document's diagnostics.
func (s *Server) notifyKeyed(method string, params any, key string) error {
	raw, err := protocol.Marshal(params)
	if err != nil {
		return err
	}
	return s.out.post(jsonrpc2.AppendNotification(nil, method, raw), key)
}

// write queues a message for the client (outbox.go). It fails only once
// the client is gone (the writer logs why) or the session has ended.
func (s *Server) write(body []byte) error { return s.out.post(body, "") }

func encodeResult(result any) ([]byte, error) {
	if result == nil {
		return nil, nil
	}
	if v := reflect.ValueOf(result); v.Kind() == reflect.Pointer && v.IsNil() {
		return nil, nil
	}
	return protocol.Marshal(result)
}

// truncate keeps log lines short when echoing a bad message.
func truncate(b []byte) []byte {
	if len(b) > 200 {
		return b[:200]
	}
	return b
}

// waitWork waits for request goroutines, but not forever.
func (s *Server) waitWork() {
	done := make(chan struct{})
	go func() { s.work.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(drainTimeout):
		s.log.Warn("handlers still running at exit")
	}
}
