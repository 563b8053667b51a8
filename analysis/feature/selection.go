package feature

import (
	"heat-ls/analysis/hot"
	"heat-ls/analysis/source"
	"heat-ls/analysis/syntax"
)

// SelectionRanges returns, for an offset, the spans an editor's "expand
// selection" steps through, innermost first: the scalar's text without
// quotes, the scalar, the key/value pair it belongs to, the mapping or
// list holding it, that collection's own entry, and so on up to the
// section and the whole document. Each span contains the one before it;
// repeats are dropped. Nil when no document covers the offset. At most
// MaxSelectionSteps spans come back, the innermost ones.
func SelectionRanges(doc *hot.Document, offset int) (out []source.Span) {
	defer func() {
		if recover() != nil {
			out = nil
		}
	}()
	if doc == nil || doc.Syntax == nil {
		return nil
	}
	path := doc.Syntax.NodeAt(offset)
	if len(path) == 0 {
		return nil
	}
	add := func(sp source.Span) {
		if len(out) >= MaxSelectionSteps {
			return
		}
		if len(out) > 0 {
			last := out[len(out)-1]
			if sp == last || sp.Start > last.Start || sp.End < last.End {
				return // not larger, or not containing the previous step
			}
		}
		out = append(out, sp)
	}
	leaf := path[len(path)-1]
	if leaf.Kind == syntax.ScalarNode {
		add(InnerSpan(leaf))
	}
	for i := len(path) - 1; i >= 0 && len(out) < MaxSelectionSteps; i-- {
		n := path[i]
		add(n.Span())
		if i == 0 {
			break
		}
		if parent := path[i-1]; parent.Kind == syntax.MappingNode {
			for _, p := range parent.Pairs() {
				if p.Key == n || p.Value == n {
					add(p.Span())
					break
				}
			}
		}
	}
	return out
}

// MaxSelectionSteps bounds the steps of one position's selection chain:
// a document nested thousands of levels deep would otherwise answer each
// position of a request with thousands of ranges, each nested in the
// answer's JSON inside the next. Nobody expands a selection a hundred
// times; the outer steps past it are left out.
const MaxSelectionSteps = 100
