package lsp

import (
	"context"

	"go.lsp.dev/protocol"

	"heat-ls/analysis/feature/completion"
	"heat-ls/analysis/source"
)

// completion answers textDocument/completion. The analysis works on byte
// offsets of the current text (it reads the cursor's place from the text
// and names from the last good parse), so this glue only converts the
// position, the items' edit spans and their kinds.
func (s *Server) completion(_ context.Context, p *protocol.CompletionParams) (*protocol.CompletionList, error) {
	doc := s.document(p.TextDocument.URI)
	if doc == nil {
		return nil, nil
	}
	off, _ := s.offset(doc, p.Position)
	cl := s.Client()
	// Text right after the cursor: replace a plain scalar, else offer
	// nothing rather than items that would break the line.
	ahead, ok := completion.TextAhead(doc.Doc.Src, off)
	if !ok {
		return &protocol.CompletionList{Items: []protocol.CompletionItem{}}, nil
	}
	wsItems, isEnv := s.workspaceCompletion(p.TextDocument.URI, off) // other files (workspace_features.go)
	for i := range wsItems {
		wsItems[i].Edit.End = max(wsItems[i].Edit.End, ahead)
	}
	var items []completion.Item
	if !isEnv {
		items = completion.Complete(completion.Request{
			Doc:            doc.Doc,
			LastGood:       doc.LastGood,
			Offset:         off,
			Schema:         s.currentSchema(),
			Snippets:       cl.SnippetSupport,
			MoreAttributes: s.moreAttributes(p.TextDocument.URI),
		})
	}
	items = append(items, wsItems...)
	m, enc := doc.Mapper(), s.encoding()
	out := make([]protocol.CompletionItem, 0, len(items))
	for _, it := range items {
		out = append(out, toCompletionItem(it, m, enc, cl.HoverMarkdown))
	}
	return &protocol.CompletionList{Items: out}, nil
}

// toCompletionItem converts one analysis item.
func toCompletionItem(it completion.Item, m *source.Mapper, enc source.Encoding, markdown bool) protocol.CompletionItem {
	ci := protocol.CompletionItem{
		Label:            it.Label,
		Kind:             completionKind(it.Kind),
		SortText:         protocol.NewOptional(it.SortText),
		InsertTextFormat: protocol.InsertTextFormatPlainText,
		TextEdit:         &protocol.TextEdit{Range: toRange(m, it.Edit, enc), NewText: it.Insert},
	}
	if it.Snippet {
		ci.InsertTextFormat = protocol.InsertTextFormatSnippet
	}
	if it.Detail != "" {
		ci.Detail = protocol.NewOptional(it.Detail)
	}
	if it.Required {
		req := "required"
		ci.LabelDetails = &protocol.CompletionItemLabelDetails{Description: &req}
	}
	if it.FilterText != "" {
		ci.FilterText = protocol.NewOptional(it.FilterText)
	}
	if it.Doc != "" {
		kind := protocol.MarkupKindPlainText
		if markdown {
			kind = protocol.MarkupKindMarkdown
		}
		ci.Documentation = &protocol.MarkupContent{Kind: kind, Value: it.Doc}
	}
	if it.Deprecated {
		ci.Tags = []protocol.CompletionItemTag{protocol.CompletionItemTagDeprecated}
		ci.Deprecated = protocol.NewOptional(true)
	}
	return ci
}

func completionKind(k completion.Kind) protocol.CompletionItemKind {
	switch k {
	case completion.CompleteFunction:
		return protocol.CompletionItemKindFunction
	case completion.CompleteKey:
		return protocol.CompletionItemKindKeyword
	case completion.CompleteReference:
		return protocol.CompletionItemKindReference
	case completion.CompleteProperty:
		return protocol.CompletionItemKindProperty
	case completion.CompleteAttribute:
		return protocol.CompletionItemKindField
	case completion.CompleteType:
		return protocol.CompletionItemKindClass
	}
	return protocol.CompletionItemKindValue
}

func advertiseCompletion(c *protocol.ServerCapabilities, _ ClientCapabilities) {
	c.CompletionProvider = &protocol.CompletionOptions{TriggerCharacters: []string{":", " ", "{", "[", ","}}
}
