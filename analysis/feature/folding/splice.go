package folding

import (
	"slices"

	"heat-ls/analysis/hot"
	"heat-ls/analysis/syntax"
)

// RangesAfter is Ranges for a document made from the
// previous version by sp (nil: parsed in full, or not known): when the
// previous document's ranges are kept, the first answer reuses them
// (splicedFolds).
func RangesAfter(doc *hot.Document, sp *hot.Splice) []Fold {
	if doc == nil || doc.Syntax == nil {
		return nil
	}
	return doc.Derived(foldingKey{}, func() any {
		if out, ok := splicedFolds(doc, sp); ok {
			return out
		}
		return foldingRanges(doc)
	}).([]Fold)
}

// splicedFolds computes the folding ranges of doc from those kept with
// the previous version, when doc was made from it by reparsing one entry
// (sp; below the entry, member.go folds the member alone when it
// can). Folding reads only the tree, and a range starts at a node: the
// ranges starting before the entry's lines are the same, but for the
// section holding the entry, whose end is found again; the entry's own
// are found again; the ones starting after it move by the change in
// lines. ok is false when the previous ranges are not kept or the tree is
// not as a splice leaves it; the caller then folds the whole text.
func splicedFolds(doc *hot.Document, sp *hot.Splice) (out []Fold, ok bool) {
	defer func() {
		if recover() != nil {
			out, ok = nil, false
		}
	}()
	prev := sp.Prev()
	if prev == nil || prev.Syntax == nil || doc.Syntax == nil || len(prev.Syntax.Docs) != 1 || len(doc.Syntax.Docs) != 1 {
		return nil, false
	}
	v, kept := prev.Known(foldingKey{})
	if !kept {
		return nil, false
	}
	old := v.([]Fold)
	if sp.Nested {
		if out, ok := splicedMemberFolds(doc, prev, old, sp); ok {
			return out, true
		}
	}
	oldSec, okOld := sectionPair(prev.Syntax.Docs[0], sp)
	newSec, okNew := sectionPair(doc.Syntax.Docs[0], sp)
	if !okOld || !okNew || newSec.Value.Pair(sp.Entry).Key.Span() != oldSec.Value.Pair(sp.Entry).Key.Span() {
		return nil, false
	}
	fromLine := doc.Mapper.LineOf(sp.From)
	oldTo, newTo := prev.Mapper.LineOf(sp.OldTo), doc.Mapper.LineOf(sp.NewTo)
	if sp.OldTo == len(prev.Src) || sp.NewTo == len(doc.Src) {
		// The entry runs to the end of the text: nothing comes after it,
		// and its last line is the text's last one.
		oldTo, newTo = prev.Mapper.LineCount(), doc.Mapper.LineCount()
	}
	shift := newTo - oldTo

	// The section's range, before and after: it must be the range kept
	// for its line, the only one starting before the entry and reaching
	// into it.
	oldF := newFolder(prev, 0, 0)
	secLine, oldEnd, oldFolds := oldF.span(oldSec.Key.Span().Start, oldSec.Value.Span().End)
	newF := newFolder(doc, 0, 0)
	newSecLine, newEnd, newFolds := newF.span(newSec.Key.Span().Start, newSec.Value.Span().End)
	if !oldFolds || !newFolds || secLine != newSecLine || secLine >= fromLine {
		return nil, false
	}

	before, _ := slices.BinarySearchFunc(old, fromLine, func(f Fold, l int) int { return f.StartLine - l })
	after, _ := slices.BinarySearchFunc(old, oldTo, func(f Fold, l int) int { return f.StartLine - l })
	if after < before {
		return nil, false
	}
	// The entry's ranges, found as the walk of the whole tree finds them
	// (the entry is a pair of the section's mapping, at depth 1); each
	// must start on the entry's lines.
	entry := newFolder(doc, fromLine, max(newTo-fromLine, 0))
	entry.pair(newSec.Value.Pair(sp.Entry), 1)
	if entry.outside {
		return nil, false
	}

	out = make([]Fold, 0, before+entry.count+len(old)-after)
	for _, f := range old[:before] {
		switch {
		case f.StartLine == secLine:
			if f.EndLine != oldEnd {
				return nil, false
			}
			f.EndLine = newEnd
		case f.EndLine >= fromLine:
			return nil, false
		}
		out = append(out, f)
	}
	out = entry.folds(out)
	for _, f := range old[after:] {
		f.StartLine += shift
		f.EndLine += shift
		out = append(out, f)
	}
	return out, true
}

// sectionPair returns the section pair holding the spliced entry, when
// the tree has it where sp says.
func sectionPair(root *syntax.Node, sp *hot.Splice) (syntax.Pair, bool) {
	if root == nil || root.Kind != syntax.MappingNode || sp.Section < 0 || sp.Section >= root.NumPairs() {
		return syntax.Pair{}, false
	}
	sec := root.Pair(sp.Section)
	if sec.Value == nil || sec.Value.Kind != syntax.MappingNode || sp.Entry < 0 || sp.Entry >= sec.Value.NumPairs() {
		return syntax.Pair{}, false
	}
	return sec, true
}
