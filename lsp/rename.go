package lsp

import (
	"context"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"heat-ls/analysis/feature"
)

// errRenameRefused tells the client why a rename cannot happen; clients
// show the message to the user.
func errRenameRefused(err error) error {
	return jsonrpc2.NewError(jsonrpc2.Code(protocol.LSPErrorCodesRequestFailed), err.Error())
}

// prepareRename answers the name's range and text, or an error saying why
// the thing under the cursor cannot be renamed.
func (s *Server) prepareRename(_ context.Context, p *protocol.PrepareRenameParams) (protocol.PrepareRenameResult, error) {
	if r, ok := s.workspacePrepareRename(p.TextDocument.URI, p.Position); ok { // other files (workspace_features.go)
		return r, nil
	}
	q, ok := s.queryNowAt(p.TextDocument.URI, p.Position)
	if !ok {
		return nil, nil
	}
	sp, name, err := feature.PrepareRename(q.view.Doc, q.offset)
	if err != nil {
		return nil, errRenameRefused(err)
	}
	r, ok := s.rangeOf(q, sp)
	if !ok {
		return nil, nil
	}
	return &protocol.PrepareRenamePlaceholder{Range: r, Placeholder: name}, nil
}

// rename answers a workspace edit renaming the definition and every use.
func (s *Server) rename(_ context.Context, p *protocol.RenameParams) (*protocol.WorkspaceEdit, error) {
	if we, ok, err := s.workspaceRename(p.TextDocument.URI, p.Position, p.NewName); ok { // other files (workspace_features.go)
		return we, err
	}
	q, ok := s.queryNowAt(p.TextDocument.URI, p.Position)
	if !ok {
		return nil, nil
	}
	if q.view.Stale() {
		// Edits computed on an older text could land on the wrong bytes.
		return nil, errRenameRefused(errText("the document has a YAML syntax error; fix it before renaming"))
	}
	edits, err := feature.Rename(q.view.Doc, q.offset, p.NewName)
	if err != nil {
		if feature.IsRenameError(err) {
			return nil, errRenameRefused(err)
		}
		return nil, err
	}
	return s.workspaceEdit(q, p.TextDocument.URI, edits), nil
}

// errText is an error carrying a fixed message.
type errText string

func (e errText) Error() string { return string(e) }

// workspaceEdit turns edits of one document into a WorkspaceEdit, using
// versioned documentChanges when the client supports them.
func (s *Server) workspaceEdit(q query, u uri.URI, edits []feature.Edit) *protocol.WorkspaceEdit {
	var tes []protocol.TextEdit
	for _, e := range edits {
		r, ok := s.rangeOf(q, e.Span)
		if !ok {
			continue
		}
		tes = append(tes, protocol.TextEdit{Range: r, NewText: e.NewText})
	}
	if s.Client().DocumentChanges {
		elems := make([]protocol.TextDocumentEditElement, len(tes))
		for i := range tes {
			elems[i] = &tes[i]
		}
		version := q.doc.Version
		return &protocol.WorkspaceEdit{DocumentChanges: []protocol.DocumentChange{&protocol.TextDocumentEdit{
			TextDocument: protocol.OptionalVersionedTextDocumentIdentifier{
				TextDocumentIdentifier: protocol.TextDocumentIdentifier{URI: u}, Version: &version},
			Edits: elems,
		}}}
	}
	return &protocol.WorkspaceEdit{Changes: map[uri.URI][]protocol.TextEdit{u: tes}}
}

func advertiseRename(c *protocol.ServerCapabilities, _ ClientCapabilities) {
	prepare := true
	c.RenameProvider = &protocol.RenameOptions{PrepareProvider: &prepare}
}
