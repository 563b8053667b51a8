package folding

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

// Ranges returns the foldable regions of any YAML document
// (templates and environments alike): every entry whose value spans
// lines, from its key's line to the value's last line; block scalars;
// multi-line flow collections. One range per start line (the largest),
// sorted by start line. The answer is computed once per document and kept
// with it (hot.Document.Derived), so it is shared: callers must not modify
// it.
func Ranges(doc *hot.Document) []Fold {
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
	f := newFolder(doc, 0, doc.Mapper.LineCount()+1)
	for _, root := range doc.Syntax.Docs {
		f.walk(root, 0)
	}
	return f.folds(make([]Fold, 0, f.count))
}

// folder finds the largest foldable range per start line, for the lines
// [base, base+len(ends)): the whole text, or one entry's lines
// (splice.go).
type folder struct {
	doc *hot.Document
	// ends[l-base] is the end line of the range starting on line l (0:
	// none); kinds[l-base] its kind; count the lines that have one.
	base  int
	ends  []int32
	kinds []FoldKind
	count int
	// line is the line of the last start: the walk meets starts in
	// source order, so each line is found from the last one
	// (source.Mapper.LineAfter), not searched for.
	line int
	// outside is set when a range started outside the lines.
	outside bool
}

func newFolder(doc *hot.Document, base, lines int) *folder {
	return &folder{doc: doc, base: base, ends: make([]int32, lines), kinds: make([]FoldKind, lines), line: base}
}

// span is the line range of [start, end), ok when it holds more than one
// line.
func (f *folder) span(start, end int) (sl, el int, ok bool) {
	src, m := f.doc.Src, f.doc.Mapper
	// Most nodes sit on one line ({get_param: x}, a scalar): a look for a
	// line break ("\n" or a lone "\r", the mapper's) in their text spares
	// the line look-ups.
	if e := min(end, len(src)); start >= 0 && start <= e {
		text := bytes.TrimSuffix(src[start:e], []byte("\n"))
		if bytes.IndexByte(text, '\n') < 0 && bytes.IndexByte(text, '\r') < 0 {
			return 0, 0, false
		}
	}
	if end > 0 && end <= len(src) && src[end-1] == '\n' {
		end--
	}
	f.line = m.LineAfter(f.line, start)
	sl, el = f.line, m.LineAfter(f.line, end)
	return sl, el, el > sl
}

func (f *folder) add(start, end int, kind FoldKind) {
	sl, el, ok := f.span(start, end)
	if !ok {
		return
	}
	i := sl - f.base
	if i < 0 || i >= len(f.ends) {
		f.outside = true
		return
	}
	if int32(el) > f.ends[i] {
		if f.ends[i] == 0 {
			f.count++
		}
		f.ends[i], f.kinds[i] = int32(el), kind
	}
}

func (f *folder) walk(n *syntax.Node, depth int) {
	if n == nil || depth > 200 {
		return
	}
	switch {
	case n.Kind == syntax.ScalarNode && (n.Style == syntax.Literal || n.Style == syntax.Folded):
		f.add(n.Span().Start, n.Span().End, FoldScalar)
	case n.Style == syntax.Flow && (n.Kind == syntax.MappingNode || n.Kind == syntax.SequenceNode):
		f.add(n.Span().Start, n.Span().End, FoldFlow)
	}
	switch n.Kind {
	case syntax.MappingNode:
		for _, p := range n.Pairs() {
			f.pair(p, depth)
		}
	case syntax.SequenceNode:
		for _, it := range n.Items() {
			if it.Kind == syntax.MappingNode && it.Style != syntax.Flow {
				f.add(it.Span().Start, it.Span().End, FoldBlock)
			}
			f.walk(it, depth+1)
		}
	}
}

// pair folds an entry of a mapping at depth, and what its value holds.
func (f *folder) pair(p syntax.Pair, depth int) {
	if p.Value.Kind != syntax.ScalarNode || p.Value.Style == syntax.Literal || p.Value.Style == syntax.Folded {
		f.add(p.Key.Span().Start, p.Value.Span().End, FoldBlock)
	}
	f.walk(p.Value, depth+1)
}

// folds appends the ranges found, by start line.
func (f *folder) folds(out []Fold) []Fold {
	for i, e := range f.ends {
		if e > 0 {
			out = append(out, Fold{StartLine: f.base + i, EndLine: int(e), Kind: f.kinds[i]})
		}
	}
	return out
}
