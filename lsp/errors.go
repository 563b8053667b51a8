package lsp

import (
	"errors"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
)

func errInvalidParams(msg string) error {
	return jsonrpc2.NewError(jsonrpc2.InvalidParams, "invalid params: "+msg)
}

var (
	errNotInitialized   = jsonrpc2.NewError(jsonrpc2.ServerNotInitialized, "server not initialized")
	errInitializedTwice = jsonrpc2.NewError(jsonrpc2.InvalidRequest, "initialize may be sent only once")
	errShutDown         = jsonrpc2.NewError(jsonrpc2.InvalidRequest, "server is shut down")
	errCancelled        = jsonrpc2.NewError(protocol.CodeRequestCancelled, "request cancelled")
)

// wireError makes every error a JSON-RPC error object: coded errors keep
// their code; anything else is an internal error. Messages often repeat
// what the client sent (a method name, a decoder's complaint), so they are
// made valid UTF-8 and bounded (echo).
func wireError(err error) *jsonrpc2.Error {
	var w *jsonrpc2.Error
	if !errors.As(err, &w) {
		return jsonrpc2.NewError(jsonrpc2.InternalError, echo(err.Error(), maxEchoedMessage))
	}
	if msg := echo(w.Message, maxEchoedMessage); msg != w.Message {
		return &jsonrpc2.Error{Code: w.Code, Message: msg, Data: w.Data}
	}
	return w
}
