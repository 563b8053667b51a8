package feature

import (
	"bytes"

	"heat-ls/analysis/hot"
	"heat-ls/analysis/syntax"
)

// FoldKind says what a folding range holds.
type FoldKind int

// Fold kinds.
const (
	// FoldBlock is a mapping entry or list item whose value spans lines:
	// a section, a parameter, resource or output, properties, ...
	FoldBlock FoldKind = iota
	// FoldScalar is a literal or folded block scalar (a script, a
	// description).
	FoldScalar
	// FoldFlow is a flow collection written over several lines.
	FoldFlow
)

// Fold is one foldable line range (zero-based lines, both included).
type Fold struct {
	StartLine, EndLine int
	Kind               FoldKind
}

// FoldingRanges returns the foldable regions of any YAML document
// (templates and environments alike): every entry whose value spans
// lines, from its key's line to the value's last line; block scalars;
// multi-line flow collections. One range per start line (the largest),
// sorted by start line. The answer is computed once per document and kept
// with it (hot.Document.Derived), so it is shared: callers must not modify
// it.
func FoldingRanges(doc *hot.Document) []Fold {
	if doc == nil || doc.Syntax == nil {
		return nil
	}
	return doc.Derived(foldingKey{}, func() any { return foldingRanges(doc) }).([]Fold)
}

// foldingKey keys the folding ranges kept with a document.
type foldingKey struct{}

func foldingRanges(doc *hot.Document) (out []Fold) {
	defer func() {
		if recover() != nil {
			out = nil
		}
	}()
	if doc == nil || doc.Syntax == nil {
		return nil
	}
	m := doc.Mapper
	// The largest range per start line; ends[l] is its end (0: none).
	ends := make([]int32, m.LineCount()+1)
	kinds := make([]FoldKind, len(ends))
	folds := 0
	// The walk meets starts in source order: each line is found from the
	// last one (source.Mapper.LineAfter), not searched for.
	line := 0
	add := func(start, end int, kind FoldKind) {
		// Most nodes sit on one line ({get_param: x}, a scalar): a look
		// for a line break ("\n" or a lone "\r", the mapper's) in their
		// text spares the line look-ups.
		if e := min(end, len(doc.Src)); start >= 0 && start <= e {
			text := bytes.TrimSuffix(doc.Src[start:e], []byte("\n"))
			if bytes.IndexByte(text, '\n') < 0 && bytes.IndexByte(text, '\r') < 0 {
				return
			}
		}
		if end > 0 && end <= len(doc.Src) && doc.Src[end-1] == '\n' {
			end--
		}
		line = m.LineAfter(line, start)
		sl, el := line, m.LineAfter(line, end)
		if el <= sl || sl >= len(ends) {
			return
		}
		if int32(el) > ends[sl] {
			if ends[sl] == 0 {
				folds++
			}
			ends[sl], kinds[sl] = int32(el), kind
		}
	}
	var walk func(n *syntax.Node, depth int)
	walk = func(n *syntax.Node, depth int) {
		if n == nil || depth > 200 {
			return
		}
		switch {
		case n.Kind == syntax.ScalarNode && (n.Style == syntax.Literal || n.Style == syntax.Folded):
			add(n.Span.Start, n.Span.End, FoldScalar)
		case n.Style == syntax.Flow && (n.Kind == syntax.MappingNode || n.Kind == syntax.SequenceNode):
			add(n.Span.Start, n.Span.End, FoldFlow)
		}
		switch n.Kind {
		case syntax.MappingNode:
			for _, p := range n.Pairs {
				if p.Value.Kind != syntax.ScalarNode || p.Value.Style == syntax.Literal || p.Value.Style == syntax.Folded {
					add(p.Key.Span.Start, p.Value.Span.End, FoldBlock)
				}
				walk(p.Value, depth+1)
			}
		case syntax.SequenceNode:
			for _, it := range n.Items {
				if it.Kind == syntax.MappingNode && it.Style != syntax.Flow {
					add(it.Span.Start, it.Span.End, FoldBlock)
				}
				walk(it, depth+1)
			}
		}
	}
	for _, root := range doc.Syntax.Docs {
		walk(root, 0)
	}
	out = make([]Fold, 0, folds)
	for l, e := range ends {
		if e > 0 {
			out = append(out, Fold{StartLine: l, EndLine: int(e), Kind: kinds[l]})
		}
	}
	return out
}
