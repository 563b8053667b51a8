package semantic

import (
	"slices"

	"heat-ls/analysis/hot"
	"heat-ls/analysis/source"
	"heat-ls/schema"
)

// splicedTokens computes the whole-document tokens of doc from those kept
// with the previous version, when doc was made from it by reparsing one
// entry or a member below it (sp; Reparsed says which lines): the tokens
// before those lines are the same, theirs are classified again, and the
// ones after them move by the change in length. nil when the previous tokens are not kept or anything the
// classification reads outside the entry may have changed; the caller
// then classifies the whole document.
//
// Why only the entry: a token is a name whose kind comes from its own
// node and place, from which names the template declares (parameters,
// resources, conditions: by the keys of their sections), from the
// declared version (removed functions, pseudo parameters) and from the
// schema (the key of the kept answer). A splice never changes a key line,
// nor any top-level pair, so the declared names and the version stay;
// the cheap checks below hold it to that. Below an entry, a token's kind
// reads its own node and the calls around it (a condition function's
// place), never a sibling's content, so a member's lines are enough.
func splicedTokens(doc *hot.Document, sp *hot.Splice, sc *schema.Schema) *documentTokens {
	prev := sp.Prev()
	if prev == nil || prev.Template == nil || doc.Template == nil {
		return nil
	}
	v, ok := prev.Known(tokensKey{sc})
	if !ok {
		return nil
	}
	old := v.(*documentTokens)
	if old.within.End >= 0 || !sameDeclarations(prev.Template, doc.Template) {
		return nil
	}
	from, oldTo, newTo := ReclassifiedLines(doc, sp)
	delta := newTo - oldTo
	if from < 0 || from > oldTo || oldTo > len(prev.Src) || newTo > len(doc.Src) || len(doc.Src)-len(prev.Src) != delta {
		return nil
	}
	// The tokens of the lines parsed again: the collector asked for those
	// lines only, then held to tokens that start on them (a range takes
	// what touches it).
	entry := collectTokens(doc, sc, source.Span{Start: from, End: newTo})
	inEntry := func(s source.Span) bool { return s.Start >= from && s.Start < newTo }
	mid := slices.DeleteFunc(entry.tokens, func(tk Token) bool { return !inEntry(tk.Span) })
	midAttrs := slices.DeleteFunc(entry.attrs, func(a attrName) bool { return !inEntry(a.span) })

	before, after := splitAt(old.tokens, from, oldTo, func(tk Token) int { return tk.Span.Start })
	tokens := make([]Token, 0, before+len(mid)+len(old.tokens)-after)
	tokens = append(append(tokens, old.tokens[:before]...), mid...)
	for _, tk := range old.tokens[after:] {
		tk.Span = source.Span{Start: tk.Span.Start + delta, End: tk.Span.End + delta}
		tokens = append(tokens, tk)
	}

	aBefore, aAfter := splitAt(old.attrs, from, oldTo, func(a attrName) int { return a.span.Start })
	var attrs []attrName
	if n := aBefore + len(midAttrs) + len(old.attrs) - aAfter; n > 0 {
		attrs = make([]attrName, 0, n)
		attrs = append(append(attrs, old.attrs[:aBefore]...), midAttrs...)
		for _, a := range old.attrs[aAfter:] {
			a.span = source.Span{Start: a.span.Start + delta, End: a.span.End + delta}
			attrs = append(attrs, a)
		}
	}
	return &documentTokens{within: old.within, tokens: tokens, attrs: attrs}
}

// ReclassifiedLines returns the part of doc's text whose semantic tokens
// are classified again after the splice sp (splicedTokens): the lines sp
// parsed again (SplicedEntry.Reparsed), widened over every get_attr call
// that encloses them, whose attribute name is an output reference only
// while its first argument names a resource: an edit of that argument
// changes a token outside the member. The text before from is the same
// in both versions, and the previous text from oldTo on is the new text
// from newTo on.
func ReclassifiedLines(doc *hot.Document, sp *hot.Splice) (from, oldTo, newTo int) {
	from, oldTo, newTo = sp.Reparsed()
	if !sp.Nested || doc.Template == nil {
		return from, oldTo, newTo
	}
	delta := newTo - oldTo
	for _, c := range doc.Template.Calls {
		m := c.Map.Span()
		if m.Start >= from {
			break // calls are sorted by start: none of the rest encloses the lines
		}
		if c.Name != "get_attr" || m.End < newTo {
			continue
		}
		from = min(from, m.Start)
		newTo = max(newTo, m.End)
	}
	return from, newTo - delta, newTo
}

// splitAt finds, in a list sorted by start, the first element starting at
// or after from and the first starting at or after to.
func splitAt[T any](list []T, from, to int, start func(T) int) (before, after int) {
	cmp := func(x T, off int) int { return start(x) - off }
	before, _ = slices.BinarySearchFunc(list, from, cmp)
	after, _ = slices.BinarySearchFunc(list[before:], to, cmp)
	return before, before + after
}

// sameDeclarations reports whether two versions of a template declare as
// many parameters, resources, outputs and conditions under the same
// version: what a splice keeps by construction, checked cheaply so that a
// splice that ever did more falls back to the whole classification.
func sameDeclarations(a, b *hot.Template) bool {
	return a.VersionText == b.VersionText && len(a.Parameters) == len(b.Parameters) &&
		len(a.Resources) == len(b.Resources) && len(a.Outputs) == len(b.Outputs) &&
		len(a.Conditions) == len(b.Conditions) && len(a.Sections) == len(b.Sections)
}

// KeptTokens returns the whole-document tokens kept with doc for sc
// (without the outputs of nested templates), nil when none are kept. A
// caller that keeps its own form of an answer (the server's protocol
// numbers) compares this list's identity with the one it encoded.
func KeptTokens(doc *hot.Document, sc *schema.Schema) []Token {
	if doc == nil {
		return nil
	}
	if v, ok := doc.Known(tokensKey{sc}); ok {
		if t := v.(*documentTokens); t.within.End < 0 {
			return t.tokens
		}
	}
	return nil
}
