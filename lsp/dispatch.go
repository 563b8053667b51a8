// Package lsp serves the Language Server Protocol for heat-ls. It is the only
// package that imports go.lsp.dev; everything it answers comes from the
// protocol-free document store (lsp/store) and the analysis packages.
//
// # How a message travels
//
// The reading loop (conn.go) reads one frame at a time, decodes the JSON-RPC
// envelope with jsonrpc2, and looks the method up in the route table built by
// Server.routeTable below. The lifecycle gate (lifecycle.go) answers requests
// that arrive before initialize or after shutdown. Each route runs in one of
// three modes:
//
//   - modeInline: on the reading loop itself. Only the lifecycle messages
//     and $/cancelRequest, which must take effect before the next message is
//     read, and which are cheap.
//   - modeOrdered: on the single document queue (queue.go), strictly in the
//     order received. Document synchronisation and settings changes.
//   - modeConcurrent: on a goroutine of its own, once every ordered message
//     received before it has been applied, so a query always sees the text
//     the client had when it asked. Every query feature uses this mode.
//
// Every handler is wrapped (middleware.go) with panic recovery (a panic
// becomes an InternalError answer and an error log line; the server keeps
// serving) and, for requests, a cancellable context that $/cancelRequest
// cancels (the answer is then RequestCancelled).
//
// Answers, notifications and the server's own requests leave through one
// writer goroutine (outbox.go) in the order they were sent: no handler,
// diagnostics run or queued change waits for the client to read.
//
// # Adding a feature
//
// A feature is one new file in this package plus one line in routeTable:
//
//  1. lsp/hover.go: a method on *Server with the typed shape
//     func (s *Server) hover(ctx context.Context, p *protocol.HoverParams) (*protocol.Hover, error)
//     that is thin glue: s.document(uri) for the store snapshot, s.offset
//     to turn the protocol position into a byte offset, one call into
//     analysis/feature, and s.toRange / protocol types for the answer. Put
//     the capability it needs in the same file:
//     func advertiseHover(c *protocol.ServerCapabilities, cl ClientCapabilities) { c.HoverProvider = protocol.Boolean(true) }
//  2. One line in routeTable:
//     {method: protocol.MethodTextDocumentHover, call: true, mode: modeConcurrent, handle: request(s.hover), advertise: advertiseHover},
//
// Capabilities are computed from the route table, so the server advertises
// exactly what is registered. request / notification / requestNoParams
// decode params into the typed struct and answer InvalidParams on a
// mismatch. Read the client's abilities with s.Client() and the user's
// settings with s.Settings(); both are plain values.
package lsp

import (
	"context"
	"encoding/json"

	"go.lsp.dev/protocol"
)

// mode says where a route's handler runs; see the package comment.
type mode int

const (
	modeInline mode = iota
	modeOrdered
	modeConcurrent
)

// handlerFunc is the untyped shape every route reduces to. params is the raw
// JSON of the message's params (nil when absent or null).
type handlerFunc func(ctx context.Context, params []byte) (result any, err error)

// route is one registered method.
type route struct {
	method string
	// call is true for requests (they get an answer), false for
	// notifications.
	call   bool
	mode   mode
	handle handlerFunc
	// advertise, when set, adds the route's capability to the initialize
	// result.
	advertise func(c *protocol.ServerCapabilities, cl ClientCapabilities)
}

// routeTable is the registration table: one line per method heat-ls implements.
func (s *Server) routeTable() []route {
	return []route{
		// Lifecycle (lifecycle.go).
		{method: protocol.MethodInitialize, call: true, mode: modeInline, handle: request(s.initialize)},
		{method: protocol.MethodInitialized, mode: modeInline, handle: notification(s.initialized)},
		{method: protocol.MethodShutdown, call: true, mode: modeInline, handle: s.shutdown},
		{method: protocol.MethodExit, mode: modeInline, handle: s.exit},
		{method: protocol.MethodCancelRequest, mode: modeInline, handle: notification(s.cancelRequest)},
		{method: protocol.MethodSetTrace, mode: modeInline, handle: ignore},

		// Document synchronisation (textsync.go).
		{method: protocol.MethodTextDocumentDidOpen, mode: modeOrdered, handle: notification(s.didOpen), advertise: advertiseTextSync},
		{method: protocol.MethodTextDocumentDidChange, mode: modeOrdered, handle: s.didChangeChecked},
		{method: protocol.MethodTextDocumentDidClose, mode: modeOrdered, handle: notification(s.didClose)},
		{method: protocol.MethodTextDocumentDidSave, mode: modeOrdered, handle: ignore},

		// Navigation and hover (hover.go, definition.go, references.go, highlight.go, rename.go, symbols.go, codeaction.go).
		{method: protocol.MethodTextDocumentHover, call: true, mode: modeConcurrent, handle: request(s.hover), advertise: advertiseHover},
		{method: protocol.MethodTextDocumentDefinition, call: true, mode: modeConcurrent, handle: request(s.definition), advertise: advertiseDefinition},
		{method: protocol.MethodTextDocumentReferences, call: true, mode: modeConcurrent, handle: request(s.references), advertise: advertiseReferences},
		{method: protocol.MethodTextDocumentDocumentHighlight, call: true, mode: modeConcurrent, handle: request(s.documentHighlight), advertise: advertiseDocumentHighlight},
		{method: protocol.MethodTextDocumentPrepareRename, call: true, mode: modeConcurrent, handle: request(s.prepareRename)},
		{method: protocol.MethodTextDocumentRename, call: true, mode: modeConcurrent, handle: request(s.rename), advertise: advertiseRename},
		{method: protocol.MethodTextDocumentDocumentSymbol, call: true, mode: modeConcurrent, handle: request(s.documentSymbol), advertise: advertiseDocumentSymbol},
		{method: protocol.MethodWorkspaceSymbol, call: true, mode: modeConcurrent, handle: request(s.workspaceSymbol), advertise: advertiseWorkspaceSymbol},
		{method: protocol.MethodTextDocumentCodeAction, call: true, mode: modeConcurrent, handle: request(s.codeAction), advertise: advertiseCodeAction},

		// Settings (settings.go).
		{method: protocol.MethodWorkspaceDidChangeConfiguration, mode: modeOrdered, handle: notification(s.didChangeConfiguration)},

		// Workspace index and cross-file links (workspace.go, workspace_folders.go, links.go).
		{method: protocol.MethodWorkspaceDidChangeWatchedFiles, mode: modeOrdered, handle: notification(s.didChangeWatchedFiles)},
		{method: protocol.MethodWorkspaceDidChangeWorkspaceFolders, mode: modeOrdered, handle: notification(s.didChangeWorkspaceFolders), advertise: advertiseWorkspaceFolders},
		{method: protocol.MethodTextDocumentDocumentLink, call: true, mode: modeConcurrent, handle: request(s.documentLink), advertise: advertiseDocumentLink},

		// Seeing the template (semantic.go, semantic_delta.go, folding.go, signature.go, inlay.go, codelens.go).
		{method: protocol.MethodTextDocumentSemanticTokensFull, call: true, mode: modeConcurrent, handle: request(s.semanticTokensFullWithID), advertise: advertiseSemanticTokens},
		{method: protocol.MethodTextDocumentSemanticTokensFullDelta, call: true, mode: modeConcurrent, handle: request(s.semanticTokensDelta)},
		{method: protocol.MethodTextDocumentSemanticTokensRange, call: true, mode: modeConcurrent, handle: request(s.semanticTokensRange)},
		{method: protocol.MethodTextDocumentFoldingRange, call: true, mode: modeConcurrent, handle: request(s.foldingRange), advertise: advertiseFoldingRange},
		{method: protocol.MethodTextDocumentSelectionRange, call: true, mode: modeConcurrent, handle: request(s.selectionRange), advertise: advertiseSelectionRange},
		{method: protocol.MethodTextDocumentSignatureHelp, call: true, mode: modeConcurrent, handle: request(s.signatureHelp), advertise: advertiseSignatureHelp},
		{method: protocol.MethodTextDocumentInlayHint, call: true, mode: modeConcurrent, handle: request(s.inlayHint), advertise: advertiseInlayHint},
		{method: protocol.MethodTextDocumentCodeLens, call: true, mode: modeConcurrent, handle: request(s.codeLens), advertise: advertiseCodeLens},
		{method: protocol.MethodCodeLensResolve, call: true, mode: modeConcurrent, handle: request(s.codeLensResolve)},

		// Commands (commands.go): heat-ls.graph.
		{method: protocol.MethodWorkspaceExecuteCommand, call: true, mode: modeConcurrent, handle: request(s.executeCommand), advertise: s.advertiseExecuteCommand},

		// The process's own figures (debug.go), for long-running tests.
		{method: methodDebug, call: true, mode: modeConcurrent, handle: s.debug},

		// Completion (completion.go).
		{method: protocol.MethodTextDocumentCompletion, call: true, mode: modeConcurrent, handle: request(s.completion), advertise: advertiseCompletion},
	}
}

// request adapts a typed request handler.
func request[P, R any](fn func(ctx context.Context, p *P) (R, error)) handlerFunc {
	return func(ctx context.Context, params []byte) (any, error) {
		p := new(P)
		if err := decodeParams(params, p); err != nil {
			return nil, err
		}
		return fn(ctx, p)
	}
}

// notification adapts a typed notification handler.
func notification[P any](fn func(ctx context.Context, p *P) error) handlerFunc {
	return func(ctx context.Context, params []byte) (any, error) {
		p := new(P)
		if err := decodeParams(params, p); err != nil {
			return nil, err
		}
		return nil, fn(ctx, p)
	}
}

// ignore accepts a message heat-ls has nothing to do for.
func ignore(context.Context, []byte) (any, error) { return nil, nil }

// decodeParams decodes params into p with the protocol package's codec,
// turning any failure into an InvalidParams error. Absent params decode as
// an empty object.
func decodeParams(params []byte, p any) error {
	if len(params) == 0 {
		params = []byte("{}")
	}
	if !json.Valid(params) {
		return errInvalidParams("params are not valid JSON")
	}
	if err := protocol.Unmarshal(params, p); err != nil {
		return errInvalidParams(err.Error())
	}
	return nil
}
