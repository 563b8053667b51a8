package lsp

import (
	"sort"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"heat-ls/analysis/feature"
	"heat-ls/analysis/feature/completion"
	"heat-ls/analysis/feature/envfile"
	"heat-ls/analysis/feature/hover"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/workspace"
	"heat-ls/lsp/store"
)

// This file is the glue between the feature handlers (definition, hover,
// completion, references, rename) and the workspace's cross-file answers.
// Each handler asks here first; a false ok means "nothing cross-file at
// this position" and the handler goes on with its single-file answer.

// wsQuery is a position query with the document's path and the workspace
// snapshot (open documents laid over the index).
type wsQuery struct {
	query
	uri  uri.URI
	path string
	snap *workspace.Snapshot
}

// wsQueryAt is a position query over the query snapshot: while a line is
// in flux, other lines of every open document keep their settled structure.
func (s *Server) wsQueryAt(u uri.URI, pos protocol.Position) (wsQuery, bool) {
	return s.wsQueryIn(u, pos, true)
}

// wsQueryNowAt is wsQueryAt on the current parses, for rename.
func (s *Server) wsQueryNowAt(u uri.URI, pos protocol.Position) (wsQuery, bool) {
	return s.wsQueryIn(u, pos, false)
}

func (s *Server) wsQueryIn(u uri.URI, pos protocol.Position, flux bool) (wsQuery, bool) {
	path := filePath(u)
	if path == "" {
		return wsQuery{}, false
	}
	q, ok := s.queryIn(u, pos, flux)
	if !ok {
		return wsQuery{}, false
	}
	return wsQuery{query: q, uri: u, path: path, snap: s.snapshotOf(flux)}, true
}

// wsLocation converts a workspace location: spans of the queried parse go
// through its view; spans of an open document's other parse (its settled
// or last good one) are mapped onto its current text; other files use
// their own parse's mapper; files without one (scripts) get their start.
func (s *Server) wsLocation(q wsQuery, loc workspace.Location) (protocol.Location, bool) {
	if loc.Path == q.path && (loc.Doc == q.view.Doc || loc.Doc == nil) {
		return s.location(q.query, q.uri, loc.Span)
	}
	target := uri.File(loc.Path)
	if loc.Path == q.path {
		target = q.uri
	}
	if loc.Doc == nil {
		return protocol.Location{URI: target}, true
	}
	if d := s.openDocumentAt(loc.Path); d != nil && loc.Doc != d.Doc && isOlderParse(d, loc.Doc) {
		sp, ok := feature.ViewOf(d.Doc, loc.Doc).Span(loc.Span)
		if !ok {
			return protocol.Location{}, false
		}
		return protocol.Location{URI: target, Range: toRange(d.Mapper(), sp, s.encoding())}, true
	}
	return protocol.Location{URI: target, Range: toRange(loc.Doc.Mapper, loc.Span, s.encoding())}, true
}

// isOlderParse reports whether doc is an older parse d keeps: its settled
// version's or its last good one.
func isOlderParse(d *store.Document, doc *hot.Document) bool {
	return d.Settled != nil && d.Settled.Doc == doc || d.LastGood == doc
}

// workspaceDefinition answers definition for cross-file targets.
func (s *Server) workspaceDefinition(u uri.URI, pos protocol.Position) (protocol.DefinitionResult, bool) {
	q, ok := s.wsQueryAt(u, pos)
	if !ok {
		return nil, false
	}
	var locs []workspace.Location
	if q.view.Doc.Env != nil {
		locs = s.envDefinition(q)
	} else {
		locs = q.snap.Definition(q.path, q.view.Doc, q.offset)
	}
	if len(locs) == 0 {
		return nil, false
	}
	out := protocol.LocationSlice{}
	for _, l := range locs {
		if pl, ok := s.wsLocation(q, l); ok {
			out = append(out, pl)
		}
	}
	if len(out) == 0 {
		return nil, false
	}
	return out, true
}

// workspaceHover answers hover for cross-file targets.
func (s *Server) workspaceHover(u uri.URI, pos protocol.Position) (*protocol.Hover, bool) {
	q, ok := s.wsQueryAt(u, pos)
	if !ok {
		return nil, false
	}
	md := s.Client().HoverMarkdown
	var h hover.Result
	if q.view.Doc.Env != nil {
		h, ok = s.envHover(q, md)
	} else {
		h, ok = q.snap.Hover(q.path, q.view.Doc, s.currentSchema(), q.offset, md)
	}
	if !ok {
		return nil, false
	}
	r, ok := s.rangeOf(q.query, h.Span)
	if !ok {
		return nil, false
	}
	kind := protocol.MarkupKindPlainText
	if md {
		kind = protocol.MarkupKindMarkdown
	}
	return &protocol.Hover{Contents: &protocol.MarkupContent{Kind: kind, Value: h.Text}, Range: &r}, true
}

// workspaceCompletion returns cross-file items at offset of the current
// text: nested-template parameters as property keys, and everything in
// environment files. isEnv tells the caller the single-file engine has
// nothing to add.
func (s *Server) workspaceCompletion(u uri.URI, offset int) (items []completion.Item, isEnv bool) {
	path := filePath(u)
	doc := s.document(u)
	if path == "" || doc == nil {
		return nil, false
	}
	snap := s.workspaceSnapshot()
	if doc.Doc.Env != nil || doc.LastGood != nil && doc.LastGood.Env != nil && doc.Doc.Template == nil {
		return s.envCompletion(snap, path, doc.Doc, offset), true
	}
	names := doc.Doc
	if names.Template == nil || !names.Syntax.HasTree() && doc.LastGood != nil {
		names = doc.LastGood
	}
	return snap.Complete(path, doc.Doc, names, offset), false
}

// moreAttributes is completion's hook for get_attr names: the outputs of
// the nested templates a resource stands for.
func (s *Server) moreAttributes(u uri.URI) func(r *hot.Resource) []string {
	path := filePath(u)
	if path == "" {
		return nil
	}
	return s.workspaceSnapshot().MoreAttributes(path)
}

// workspaceReferences answers references for cross-file names.
func (s *Server) workspaceReferences(u uri.URI, pos protocol.Position, includeDecl bool) ([]protocol.Location, bool) {
	q, ok := s.wsQueryAt(u, pos)
	if !ok {
		return nil, false
	}
	sym, ok := q.snap.SymbolAt(q.path, q.view.Doc, q.offset)
	if !ok || !q.snap.CrossFile(sym, q.path) {
		return nil, false
	}
	out := []protocol.Location{}
	for _, r := range q.snap.References(sym) {
		if r.Definition && !includeDecl {
			continue
		}
		if loc, ok := s.wsLocation(q, r.Location); ok {
			out = append(out, loc)
		}
	}
	return out, true
}

// workspacePrepareRename accepts cross-file names.
func (s *Server) workspacePrepareRename(u uri.URI, pos protocol.Position) (protocol.PrepareRenameResult, bool) {
	q, ok := s.wsQueryNowAt(u, pos)
	if !ok {
		return nil, false
	}
	sym, ok := q.snap.SymbolAt(q.path, q.view.Doc, q.offset)
	if !ok || !q.snap.CrossFile(sym, q.path) {
		return nil, false
	}
	r, ok := s.rangeOf(q.query, sym.NameSpan)
	if !ok {
		return nil, false
	}
	return &protocol.PrepareRenamePlaceholder{Range: r, Placeholder: sym.Name}, true
}

// workspaceRename renames a cross-file name in every file that writes it.
func (s *Server) workspaceRename(u uri.URI, pos protocol.Position, newName string) (*protocol.WorkspaceEdit, bool, error) {
	q, ok := s.wsQueryNowAt(u, pos)
	if !ok {
		return nil, false, nil
	}
	sym, ok := q.snap.SymbolAt(q.path, q.view.Doc, q.offset)
	if !ok || !q.snap.CrossFile(sym, q.path) {
		return nil, false, nil
	}
	if q.view.Stale() {
		return nil, true, errRenameRefused(errText("the document has a YAML syntax error; fix it before renaming"))
	}
	edits, err := q.snap.Rename(sym, newName)
	if err != nil {
		if feature.IsRenameError(err) {
			return nil, true, errRenameRefused(err)
		}
		return nil, true, err
	}
	byFile := map[uri.URI][]protocol.TextEdit{}
	for _, e := range edits {
		loc, ok := s.wsLocation(q, workspace.Location{Path: e.Path, Span: e.Span, Doc: e.Doc})
		if !ok {
			continue
		}
		byFile[loc.URI] = append(byFile[loc.URI], protocol.TextEdit{Range: loc.Range, NewText: e.NewText})
	}
	if !s.Client().DocumentChanges {
		return &protocol.WorkspaceEdit{Changes: byFile}, true, nil
	}
	uris := make([]string, 0, len(byFile))
	for k := range byFile {
		uris = append(uris, string(k))
	}
	sort.Strings(uris)
	var changes []protocol.DocumentChange
	for _, k := range uris {
		tes := byFile[uri.URI(k)]
		elems := make([]protocol.TextDocumentEditElement, len(tes))
		for i := range tes {
			elems[i] = &tes[i]
		}
		id := protocol.OptionalVersionedTextDocumentIdentifier{TextDocumentIdentifier: protocol.TextDocumentIdentifier{URI: uri.URI(k)}}
		if d := s.document(uri.URI(k)); d != nil {
			v := d.Version
			id.Version = &v
		}
		changes = append(changes, &protocol.TextDocumentEdit{TextDocument: id, Edits: elems})
	}
	return &protocol.WorkspaceEdit{DocumentChanges: changes}, true, nil
}

// workspaceDocuments is the workspace/symbol source: every indexed
// template and environment, open documents' text winning.
func (s *Server) workspaceDocuments() []feature.NamedDocument {
	var out []feature.NamedDocument
	for _, f := range s.workspaceSnapshot().Files() {
		out = append(out, feature.NamedDocument{URI: string(uri.File(f.Path)), Doc: f.Doc, Symbols: f.Symbols()})
	}
	seen := map[string]bool{}
	for _, d := range out {
		seen[d.URI] = true
	}
	for _, d := range s.openDocuments() {
		if !seen[d.URI] {
			out = append(out, d)
		}
	}
	return out
}

// envDefinition answers definition in an environment file.
func (s *Server) envDefinition(q wsQuery) []workspace.Location {
	var out []workspace.Location
	for _, l := range envfile.Definition(q.view.Doc, q.offset, q.snap.EnvIndex(), q.path) {
		out = append(out, workspace.Location{Path: l.Path, Span: l.Span, Doc: l.Doc})
	}
	return out
}

// envHover answers hover in an environment file.
func (s *Server) envHover(q wsQuery, markdown bool) (hover.Result, bool) {
	return envfile.Hover(q.view.Doc, q.offset, s.currentSchema(), q.snap.EnvIndex(), q.path, markdown)
}

// envCompletion answers completion in an environment file.
func (s *Server) envCompletion(snap *workspace.Snapshot, path string, doc *hot.Document, offset int) []completion.Item {
	return envfile.Complete(envfile.CompletionRequest{Doc: doc, Offset: offset, Schema: s.currentSchema(), Index: snap.EnvIndex(), Path: path})
}
