package folding

import (
	"slices"

	"heat-ls/analysis/hot"
	"heat-ls/analysis/syntax"
)

// splicedMemberFolds is splicedFolds for a splice that parsed again only
// a member below the entry (sp.Nested): old, the previous version's
// ranges, are kept but for those starting on the member's lines, which
// are found again by walking the member alone; the ranges after them move
// by the change in lines; those that enclose the member (its ancestors',
// starting before it and reaching into it) end that many lines later, or
// with the member when they ended on its lines. ok is false when the tree
// is not as the splice says; the caller then folds the whole entry again.
func splicedMemberFolds(doc, prev *hot.Document, old []Fold, sp *hot.Splice) ([]Fold, bool) {
	coll, idx, ok := sp.MemberIn(doc.Syntax.Docs[0])
	if !ok {
		return nil, false
	}
	fromLine := doc.Mapper.LineOf(sp.MemberFrom)
	oldTo, newTo := prev.Mapper.LineOf(sp.MemberOldTo), doc.Mapper.LineOf(sp.MemberNewTo)
	if sp.MemberOldTo == len(prev.Src) || sp.MemberNewTo == len(doc.Src) {
		oldTo, newTo = prev.Mapper.LineCount(), doc.Mapper.LineCount()
	}
	shift := newTo - oldTo
	before, _ := slices.BinarySearchFunc(old, fromLine, func(f Fold, l int) int { return f.StartLine - l })
	after, _ := slices.BinarySearchFunc(old, oldTo, func(f Fold, l int) int { return f.StartLine - l })
	if after < before {
		return nil, false
	}
	// The member, walked as the walk of the whole tree meets it: the
	// collection holding it is at depth len(MemberPath)-1.
	member := newFolder(doc, fromLine, max(newTo-fromLine, 0))
	depth := len(sp.MemberPath) - 1
	var end int
	if coll.Kind == syntax.MappingNode {
		member.pair(coll.Pair(idx), depth)
		end = coll.Pair(idx).Span().End
	} else {
		it := coll.Items()[idx]
		if it.Kind == syntax.MappingNode && it.Style != syntax.Flow {
			member.add(it.Span().Start, it.Span().End, FoldBlock)
		}
		member.walk(it, depth+1)
		end = it.Span().End
	}
	if member.outside {
		return nil, false
	}
	// An enclosing range that ended on the member's lines ended with the
	// member (it was the last thing in it), and ends with it now: on the
	// member's last line, counted as a range's end is (folder.span).
	if end > 0 && end <= len(doc.Src) && doc.Src[end-1] == '\n' {
		end--
	}
	endLine := doc.Mapper.LineOf(end)
	out := make([]Fold, 0, before+member.count+len(old)-after)
	for _, f := range old[:before] {
		switch {
		case f.EndLine >= oldTo:
			f.EndLine += shift
		case f.EndLine >= fromLine:
			if endLine <= f.StartLine {
				return nil, false
			}
			f.EndLine = endLine
		}
		out = append(out, f)
	}
	out = member.folds(out)
	for _, f := range old[after:] {
		f.StartLine += shift
		f.EndLine += shift
		out = append(out, f)
	}
	return out, true
}
