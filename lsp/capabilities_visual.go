package lsp

import "go.lsp.dev/protocol"

// VisualCapabilities records what the client can show of the features that
// draw the template for the reader: semantic tokens, folding and selection
// ranges, signature help, inlay hints and code lenses. Each is advertised
// only when the client says it supports it.
type VisualCapabilities struct {
	// SemanticTokensFull / Range: the client sends those requests.
	SemanticTokensFull, SemanticTokensRange bool
	// SemanticTokensDelta: the client asks for full/delta.
	SemanticTokensDelta bool
	// FoldingRange: the client asks for folding ranges; FoldingLineOnly
	// means it folds whole lines only (no start/end characters).
	FoldingRange, FoldingLineOnly bool
	// FoldingRangeLimit is the most ranges the client wants (0: any).
	FoldingRangeLimit int
	SelectionRange    bool
	// SignatureHelp: the client asks for signature help;
	// SignatureActiveParameter: it reads activeParameter per signature;
	// SignatureLabelOffsets: parameter labels may be [start, end] offsets.
	SignatureHelp, SignatureActiveParameter, SignatureLabelOffsets bool
	// SignatureMarkdown: documentation may be Markdown.
	SignatureMarkdown bool
	InlayHint         bool
	CodeLens          bool
	// The client accepts workspace/{inlayHint,codeLens,semanticTokens}/refresh.
	InlayHintRefresh, CodeLensRefresh, SemanticTokensRefresh bool
}

func readVisualCapabilities(c protocol.ClientCapabilities) VisualCapabilities {
	var v VisualCapabilities
	if w := c.Workspace; w != nil {
		v.InlayHintRefresh = w.InlayHint != nil && isTrue(w.InlayHint.RefreshSupport)
		v.CodeLensRefresh = w.CodeLens != nil && isTrue(w.CodeLens.RefreshSupport)
		v.SemanticTokensRefresh = w.SemanticTokens != nil && isTrue(w.SemanticTokens.RefreshSupport)
	}
	t := c.TextDocument
	if t == nil {
		return v
	}
	st := t.SemanticTokens.Requests
	switch f := st.Full.(type) {
	case protocol.Boolean:
		v.SemanticTokensFull = bool(f)
	case *protocol.ClientSemanticTokensRequestFullDelta:
		v.SemanticTokensFull = true
		v.SemanticTokensDelta = f != nil && isTrue(f.Delta)
	}
	switch r := st.Range.(type) {
	case protocol.Boolean:
		v.SemanticTokensRange = bool(r)
	case *protocol.SemanticTokensOptionsRange:
		v.SemanticTokensRange = r != nil
	}
	if f := t.FoldingRange; f != nil {
		v.FoldingRange = true
		v.FoldingLineOnly = isTrue(f.LineFoldingOnly)
		if f.RangeLimit != nil {
			v.FoldingRangeLimit = int(*f.RangeLimit)
		}
	}
	v.SelectionRange = t.SelectionRange != nil
	if s := t.SignatureHelp; s != nil {
		v.SignatureHelp = true
		if si := s.SignatureInformation; si != nil {
			v.SignatureActiveParameter = isTrue(si.ActiveParameterSupport)
			if pi := si.ParameterInformation; pi != nil {
				v.SignatureLabelOffsets = isTrue(pi.LabelOffsetSupport)
			}
			for _, k := range si.DocumentationFormat {
				v.SignatureMarkdown = v.SignatureMarkdown || k == protocol.MarkupKindMarkdown
			}
		}
	}
	v.InlayHint = t.InlayHint != nil
	v.CodeLens = t.CodeLens != nil
	return v
}
