package lsp

import (
	"slices"

	"go.lsp.dev/protocol"

	"heat-ls/analysis/source"
)

// ClientCapabilities is what heat-ls remembers of the client's initialize
// capabilities, as plain flags features can test. Read it with s.Client();
// add a field here (and its line in readClientCapabilities) when a feature
// needs to know more.
type ClientCapabilities struct {
	// Name and Version come from clientInfo (may be empty).
	Name    string
	Version string
	// PositionEncoding is the negotiated encoding of every Position
	// exchanged: UTF-8 when the client offers it, else UTF-16.
	PositionEncoding source.Encoding
	// SnippetSupport: completion items may use snippet syntax.
	SnippetSupport bool
	// HoverMarkdown: hover content may be Markdown.
	HoverMarkdown bool
	// WatchedFilesDynamicRegistration: the server may register file
	// watchers (workspace/didChangeWatchedFiles) at run time.
	WatchedFilesDynamicRegistration bool
	// ConfigurationDynamicRegistration: the server may register for
	// workspace/didChangeConfiguration at run time.
	ConfigurationDynamicRegistration bool
	// WorkDoneProgress: the server may create window/workDoneProgress.
	WorkDoneProgress bool
	// Configuration: the client answers workspace/configuration.
	Configuration bool
	// RelatedInformation: diagnostics may carry related locations.
	RelatedInformation bool
	// DiagnosticTags: the client renders unnecessary/deprecated tags.
	DiagnosticTags bool
	// CodeActionLiterals: code actions may be CodeAction literals rather
	// than bare commands.
	CodeActionLiterals bool
	// HierarchicalSymbols: documentSymbol may answer DocumentSymbol trees.
	HierarchicalSymbols bool
	// PrepareRename: the client sends textDocument/prepareRename.
	PrepareRename bool
	// DocumentChanges: workspace edits may use versioned documentChanges.
	DocumentChanges bool
	// Visual: semantic tokens, folding, signatures, hints, lenses
	// (capabilities_visual.go).
	Visual VisualCapabilities
}

// Client returns the capabilities recorded at initialize (zero before).
func (s *Server) Client() ClientCapabilities { return *s.client.Load() }

func readClientCapabilities(p *protocol.InitializeParams) ClientCapabilities {
	cl := ClientCapabilities{Name: p.ClientInfo.Name}
	if v, ok := p.ClientInfo.Version.Get(); ok {
		cl.Version = v
	}
	c := p.Capabilities
	cl.Visual = readVisualCapabilities(c)
	cl.PositionEncoding = source.UTF16
	if g := c.General; g != nil && slices.Contains(g.PositionEncodings, protocol.PositionEncodingKindUTF8) {
		cl.PositionEncoding = source.UTF8
	}
	if w := c.Workspace; w != nil {
		cl.Configuration = isTrue(w.Configuration)
		if f := w.DidChangeWatchedFiles; f != nil {
			cl.WatchedFilesDynamicRegistration = isTrue(f.DynamicRegistration)
		}
		if e := w.WorkspaceEdit; e != nil {
			cl.DocumentChanges = isTrue(e.DocumentChanges)
		}
		if f := w.DidChangeConfiguration; f != nil {
			cl.ConfigurationDynamicRegistration = isTrue(f.DynamicRegistration)
		}
	}
	if w := c.Window; w != nil {
		cl.WorkDoneProgress = isTrue(w.WorkDoneProgress)
	}
	if t := c.TextDocument; t != nil {
		if comp := t.Completion; comp != nil && comp.CompletionItem != nil {
			cl.SnippetSupport = isTrue(comp.CompletionItem.SnippetSupport)
		}
		if h := t.Hover; h != nil {
			cl.HoverMarkdown = slices.Contains(h.ContentFormat, protocol.MarkupKindMarkdown)
		}
		if d := t.PublishDiagnostics; d != nil {
			cl.RelatedInformation = isTrue(d.RelatedInformation)
			cl.DiagnosticTags = len(d.TagSupport.ValueSet) > 0
		}
		if a := t.CodeAction; a != nil {
			cl.CodeActionLiterals = len(a.CodeActionLiteralSupport.CodeActionKind.ValueSet) > 0
		}
		if d := t.DocumentSymbol; d != nil {
			cl.HierarchicalSymbols = isTrue(d.HierarchicalDocumentSymbolSupport)
		}
		if r := t.Rename; r != nil {
			cl.PrepareRename = isTrue(r.PrepareSupport)
		}
	}
	return cl
}

func isTrue(b *bool) bool { return b != nil && *b }

// encodingKind names enc in the protocol.
func encodingKind(enc source.Encoding) protocol.PositionEncodingKind {
	switch enc {
	case source.UTF8:
		return protocol.PositionEncodingKindUTF8
	case source.UTF32:
		return protocol.PositionEncodingKindUTF32
	}
	return protocol.PositionEncodingKindUTF16
}
