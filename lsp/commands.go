package lsp

import (
	"context"
	"encoding/json"
	"slices"
	"sort"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// This file serves workspace/executeCommand. Each command heat-ls runs is
// one entry of serverCommands; executeCommandProvider advertises exactly
// those names.

// commandFunc runs one command with its raw JSON arguments.
type commandFunc func(ctx context.Context, args []json.RawMessage) (any, error)

func (s *Server) serverCommands() map[string]commandFunc {
	return map[string]commandFunc{
		commandGraph:   s.graphCommand,   // graph.go
		commandPreview: s.previewCommand, // preview.go
	}
}

func (s *Server) executeCommand(ctx context.Context, p *protocol.ExecuteCommandParams) (any, error) {
	run, ok := s.serverCommands()[p.Command]
	if !ok {
		return nil, errInvalidParams("unknown command " + p.Command)
	}
	args := make([]json.RawMessage, len(p.Arguments))
	for i, a := range p.Arguments {
		args[i] = json.RawMessage(a)
	}
	return run(ctx, args)
}

func (s *Server) advertiseExecuteCommand(c *protocol.ServerCapabilities, _ ClientCapabilities) {
	var names []string
	for name := range s.serverCommands() {
		names = append(names, name)
	}
	sort.Strings(names)
	c.ExecuteCommandProvider = protocol.ExecuteCommandOptions{Commands: slices.Clip(names)}
}

// documentURI reads a document URI given as a command argument the way
// the protocol's decoder reads one in a request (it normalises the
// escaping: "file:///a=b" is stored as "file:///a%3Db"), so that it
// names the same open document.
func documentURI(s string) uri.URI {
	raw, err := json.Marshal(map[string]string{"uri": s})
	var id protocol.TextDocumentIdentifier
	if err != nil || protocol.Unmarshal(raw, &id) != nil || id.URI == "" {
		return uri.URI(s)
	}
	return id.URI
}
