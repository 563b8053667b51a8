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
// their code; anything else is an internal error.
func wireError(err error) *jsonrpc2.Error {
	var w *jsonrpc2.Error
	if errors.As(err, &w) {
		return w
	}
	return jsonrpc2.NewError(jsonrpc2.InternalError, err.Error())
}
