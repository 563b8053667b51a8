package lsp

import (
	"context"

	"go.lsp.dev/protocol"

	"heat-ls/analysis/feature"
	"heat-ls/analysis/feature/folding"
)

// foldingRange answers the foldable regions of the current text (its
// tolerant parse: while the text is broken, what parsed still folds). A
// version made by reparsing one entry reuses the previous version's
// ranges for the rest (folding.RangesAfter).
func (s *Server) foldingRange(_ context.Context, p *protocol.FoldingRangeParams) ([]protocol.FoldingRange, error) {
	doc := s.document(p.TextDocument.URI)
	if doc == nil || doc.Doc == nil {
		return []protocol.FoldingRange{}, nil
	}
	limit := s.Client().Visual.FoldingRangeLimit
	folds := folding.RangesAfter(doc.Doc, doc.Splice)
	n := len(folds)
	if limit > 0 {
		n = min(n, limit)
	}
	out := make([]protocol.FoldingRange, 0, n)
	for _, f := range folds {
		if limit > 0 && len(out) >= limit {
			break
		}
		out = append(out, protocol.FoldingRange{StartLine: uint32(f.StartLine), EndLine: uint32(f.EndLine)})
	}
	return out, nil
}

// selectionRange answers, for each position, the chain of YAML nodes
// around it (feature.SelectionRanges), innermost first.
func (s *Server) selectionRange(_ context.Context, p *protocol.SelectionRangeParams) ([]protocol.SelectionRange, error) {
	out := make([]protocol.SelectionRange, 0, len(p.Positions))
	for _, pos := range p.Positions {
		sel := protocol.SelectionRange{Range: protocol.Range{Start: pos, End: pos}}
		if q, ok := s.queryAt(p.TextDocument.URI, pos); ok {
			var chain []protocol.Range
			for _, sp := range feature.SelectionRanges(q.view.Doc, q.offset) {
				if r, ok := s.rangeOf(q, sp); ok {
					chain = append(chain, r)
				}
			}
			// Build from the outside in, so each range's parent is the
			// next larger one.
			var parent *protocol.SelectionRange
			for i := len(chain) - 1; i >= 0; i-- {
				parent = &protocol.SelectionRange{Range: chain[i], Parent: parent}
			}
			if parent != nil {
				sel = *parent
			}
		}
		out = append(out, sel)
	}
	return out, nil
}

func advertiseFoldingRange(c *protocol.ServerCapabilities, cl ClientCapabilities) {
	if cl.Visual.FoldingRange {
		c.FoldingRangeProvider = protocol.Boolean(true)
	}
}

func advertiseSelectionRange(c *protocol.ServerCapabilities, cl ClientCapabilities) {
	if cl.Visual.SelectionRange {
		c.SelectionRangeProvider = protocol.Boolean(true)
	}
}
