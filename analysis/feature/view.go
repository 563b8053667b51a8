package feature

import (
	"heat-ls/analysis/hot"
	"heat-ls/analysis/source"
	"heat-ls/analysis/syntax"
)

// View is the parse a query runs on: the current one, recovered from the
// current text when it is broken YAML (syntax.ParseAfter). Only when no
// tree could be recovered does a query use the last good parse, and then
// only where the lines around the cursor are the same in both texts:
// offsets are mapped through
// the lines the two texts share at their start and at their end, and
// anything in the edited lines in between is out of reach (the query then
// finds nothing, which is better than answering about text that changed).
type View struct {
	// Doc is the parse to query.
	Doc *hot.Document
	// lines maps offsets when Doc is an older text; nil when Doc is current.
	lines *LineMap
}

// NewView picks the parse for a query: cur when it has a tree (its YAML
// parsed or was recovered), else lastGood (mapped), else cur.
func NewView(cur, lastGood *hot.Document) View {
	if cur == nil {
		return View{Doc: lastGood}
	}
	if cur.Syntax == nil || !cur.Syntax.Broken || cur.Syntax.HasTree() || lastGood == nil || lastGood == cur {
		return View{Doc: cur}
	}
	m := NewLineMap(cur.Src, lastGood.Src)
	return View{Doc: lastGood, lines: &m}
}

// NewFluxView picks the parse for a query at off, an offset of cur's text,
// while one line of cur is in flux (syntax.InFlux) over settled, the last
// version in which that line was complete (the caller decides; here
// settled need only differ from cur in one line): on any other line the query
// reads settled's parse, so an emptied or half-typed line does not move
// the lines around it (an emptied "parameters:" would make every
// parameter part of the text above); on the edited line itself it reads
// cur (NewView). Answers on settled's edited line map onto cur's edited
// line, clamped to its length: a definition whose key is being typed
// again points at the line being typed. With settled nil this is NewView.
func NewFluxView(cur, lastGood, settled *hot.Document, off int) View {
	if cur == nil || settled == nil || settled.Syntax == nil || !settled.Syntax.HasTree() {
		return NewView(cur, lastGood)
	}
	line, ok := syntax.OneEditedLine(cur.Src, settled.Src)
	if !ok || off >= line.Start && off <= line.CurEnd {
		return NewView(cur, lastGood)
	}
	return View{Doc: settled, lines: fluxLineMap(cur.Src, settled.Src, line)}
}

// fluxLineMap relates cur to old, which differ inside line only: old's
// offsets on that line map onto cur's, clamped to its end.
func fluxLineMap(cur, old []byte, line syntax.FluxLine) *LineMap {
	m := NewLineMap(cur, old)
	m.flux, m.curLineEnd = true, line.CurEnd
	return &m
}

// Offset maps an offset in the current text to one in View.Doc; ok is false
// when the cursor's line was edited since.
func (v View) Offset(off int) (int, bool) {
	if v.lines == nil {
		return off, true
	}
	return v.lines.ToOld(off)
}

// Span maps a span of View.Doc back to the current text; ok is false when
// it lies in edited lines.
func (v View) Span(sp source.Span) (source.Span, bool) {
	if v.lines == nil {
		return sp, true
	}
	return v.lines.FromOld(sp)
}

// Stale reports whether View.Doc is an older text than the current one.
func (v View) Stale() bool { return v.lines != nil }

// LineMap relates two texts through their common leading lines and their
// common trailing lines.
type LineMap struct {
	// prefix is the byte length of the shared leading lines (same in both).
	prefix int
	// curSuffix and oldSuffix are where the shared trailing lines start.
	curSuffix, oldSuffix int
	curLen, oldLen       int
	// flux is set when the edited lines are one line in both texts, whose
	// old offsets map onto the current line, clamped to curLineEnd.
	flux       bool
	curLineEnd int
}

// NewLineMap compares cur and old line-wise.
func NewLineMap(cur, old []byte) LineMap {
	p, ci, oi := syntax.EditedLines(cur, old)
	return LineMap{prefix: p, curSuffix: ci, oldSuffix: oi, curLen: len(cur), oldLen: len(old)}
}

// ToOld maps an offset of the current text into the old one.
func (m LineMap) ToOld(off int) (int, bool) {
	switch {
	case off < 0:
		return 0, false
	case off < m.prefix:
		return off, true
	case off >= m.curSuffix && off <= m.curLen && m.curSuffix < m.curLen:
		return off - m.curSuffix + m.oldSuffix, true
	}
	return 0, false
}

// FromOld maps a span of the old text into the current one. Each end is
// mapped on its own, so an entry that encloses the edited lines (a section
// being typed in) keeps a range that encloses them in the current text;
// a span with an end inside the edited lines does not map.
func (m LineMap) FromOld(sp source.Span) (source.Span, bool) {
	if sp.Start < 0 || sp.End < sp.Start || sp.End > m.oldLen {
		return source.Span{}, false
	}
	start, ok1 := m.pointFromOld(sp.Start)
	end, ok2 := m.pointFromOld(sp.End)
	if !ok1 || !ok2 {
		return source.Span{}, false
	}
	return source.Span{Start: start, End: end}, true
}

func (m LineMap) pointFromOld(p int) (int, bool) {
	// The suffix first: when lines were only inserted, the line start
	// where both meet belongs to the line after the insertion.
	switch {
	case p >= m.oldSuffix && m.oldSuffix < m.oldLen:
		return p + m.curSuffix - m.oldSuffix, true
	case p <= m.prefix:
		return p, true
	case m.flux:
		return min(p, m.curLineEnd), true
	}
	return 0, false
}

// ViewOf is the view of an older parse of cur's document (its settled
// version while a line is in flux, or its last good parse), for answers
// computed on that parse elsewhere (another file's query reading this
// document through the workspace): its spans map onto cur's text as
// NewFluxView's and NewView's do. With older nil or cur itself, the view
// is cur.
func ViewOf(cur, older *hot.Document) View {
	if cur == nil || older == nil || older == cur {
		return View{Doc: cur}
	}
	if line, ok := syntax.OneEditedLine(cur.Src, older.Src); ok {
		return View{Doc: older, lines: fluxLineMap(cur.Src, older.Src, line)}
	}
	m := NewLineMap(cur.Src, older.Src)
	return View{Doc: older, lines: &m}
}
