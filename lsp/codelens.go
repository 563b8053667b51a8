package lsp

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"heat-ls/analysis/feature"
)

// commandShowReferences is the command every lens runs when clicked. It
// is the client's to carry out (each editor integration maps it to its
// own references view), so it is not among the server's commands.
// Arguments: the document URI, the position of the lens, and the
// locations to show (LSP Location objects) — the shape of VS Code's
// editor.action.showReferences.
const commandShowReferences = "heat-ls.showReferences"

// lensData is what an unresolved reference-count lens carries to
// codeLens/resolve.
type lensData struct {
	URI       string            `json:"uri"`
	Position  protocol.Position `json:"position"`
	Namespace string            `json:"namespace"`
	Name      string            `json:"name"`
}

// codeLens puts a reference count on each parameter, condition and
// resource (resolved lazily: counting means finding the references,
// across files too), and, when the workspace nests this template, a lens
// on its first line naming the templates and environments that use it and
// a count on each output (which only those parents' get_attr can read).
func (s *Server) codeLens(_ context.Context, p *protocol.CodeLensParams) ([]protocol.CodeLens, error) {
	out := []protocol.CodeLens{}
	doc := s.document(p.TextDocument.URI)
	if doc == nil {
		return out, nil
	}
	// While the text is broken, the last parse's entries keep their lenses
	// where their lines are unchanged.
	q := query{doc: doc, view: feature.NewView(doc.Doc, doc.LastGood)}
	if q.view.Doc == nil || q.view.Doc.Template == nil {
		return out, nil
	}
	nested := false
	if path := filePath(p.TextDocument.URI); path != "" {
		var l protocol.CodeLens
		if l, nested = s.nestingLens(p.TextDocument.URI, path); nested {
			out = append(out, l)
		}
		out = append(out, s.conditionLenses(q, path)...) // effective.go
	}
	for _, d := range feature.Declarations(q.view.Doc, nested) {
		r, ok := s.rangeOf(q, d.Span)
		if !ok {
			continue
		}
		data, _ := json.Marshal(lensData{URI: string(p.TextDocument.URI), Position: r.Start, Namespace: d.Namespace.String(), Name: d.Name})
		out = append(out, protocol.CodeLens{Range: r, Data: data})
	}
	return out, nil
}

// nestingLens is the "used by" lens of a nested template.
func (s *Server) nestingLens(u uri.URI, path string) (protocol.CodeLens, bool) {
	uses := s.workspaceSnapshot().NestingUses(path)
	if len(uses) == 0 {
		return protocol.CodeLens{}, false
	}
	var names []string
	var locs []protocol.Location
	for _, use := range uses {
		name := filepath.Base(use.Path) + " (" + use.Label + ")"
		if len(names) < 3 {
			names = append(names, name)
		}
		if use.Doc != nil {
			locs = append(locs, protocol.Location{URI: uri.File(use.Path), Range: toRange(use.Doc.Mapper, use.Span, s.encoding())})
		}
	}
	title := "used by " + strings.Join(names, ", ")
	if len(uses) > len(names) {
		title += fmt.Sprintf(" and %d more", len(uses)-len(names))
	}
	zero := protocol.Range{}
	return protocol.CodeLens{Range: zero, Command: showReferences(title, u, zero.Start, locs)}, true
}

// codeLensResolve counts the references of a lens's entry: exactly the
// locations find-references answers (declaration excluded), plus, for an
// output, the get_attr calls of the templates nesting this one.
func (s *Server) codeLensResolve(ctx context.Context, l *protocol.CodeLens) (*protocol.CodeLens, error) {
	var d lensData
	if err := json.Unmarshal(l.Data, &d); err != nil || d.URI == "" {
		return l, nil
	}
	u := uri.URI(d.URI)
	locs, err := s.references(ctx, &protocol.ReferenceParams{
		TextDocumentPositionParams: protocol.TextDocumentPositionParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}, Position: d.Position},
	})
	if err != nil {
		return nil, err
	}
	if d.Namespace == feature.NamespaceOutput.String() {
		if path := filePath(u); path != "" {
			for _, loc := range s.workspaceSnapshot().OutputReferences(path, d.Name) {
				locs = append(locs, protocol.Location{URI: uri.File(loc.Path), Range: toRange(loc.Doc.Mapper, loc.Span, s.encoding())})
			}
		}
	}
	title := fmt.Sprintf("%d references", len(locs))
	if len(locs) == 1 {
		title = "1 reference"
	}
	out := *l
	out.Command = showReferences(title, u, d.Position, locs)
	return &out, nil
}

func showReferences(title string, u uri.URI, pos protocol.Position, locs []protocol.Location) protocol.Command {
	if locs == nil {
		locs = []protocol.Location{}
	}
	arg := func(v any) protocol.LSPAny { b, _ := json.Marshal(v); return b }
	return protocol.Command{Title: title, Command: commandShowReferences, Arguments: []protocol.LSPAny{arg(u), arg(pos), arg(locs)}}
}

func advertiseCodeLens(c *protocol.ServerCapabilities, cl ClientCapabilities) {
	if cl.Visual.CodeLens {
		resolve := true
		c.CodeLensProvider = &protocol.CodeLensOptions{ResolveProvider: &resolve}
	}
}
