package semantic

import (
	"heat-ls/analysis/hot"
	"heat-ls/analysis/source"
	"heat-ls/schema"
)

// The answers: the tokens of a whole document or of a range, kept with
// the document and reused across a splice where they can be (splice.go);
// semantic.go classifies the names.

// Tokens classifies the names of a template that lie within
// (within.End < 0: the whole text), in source order, never overlapping.
// Names that point nowhere (an undefined parameter) are left plain, so
// they stand out. Other documents get none.
func Tokens(doc *hot.Document, sc *schema.Schema, within source.Span) []Token {
	return TokensNested(doc, sc, within, nil)
}

// TokensNested is Tokens with the outputs of nested
// templates known (nested may be nil): the output name of a get_attr on a
// resource whose template declares it is a reference to that output.
//
// The tokens of the whole document are computed once per document and
// schema and kept with the document (hot.Document.Derived); every later
// answer, whole or range, reads them. A range asked before any whole
// answer exists is computed for itself, so scrolling a freshly edited
// document never pays for all of it. Only the output names, which depend
// on the workspace, are looked up per answer. The result may be shared:
// callers must not modify it.
func TokensNested(doc *hot.Document, sc *schema.Schema, within source.Span, nested NestedOutputs) (out []Token) {
	return TokensAfter(doc, nil, sc, within, nested)
}

// TokensAfter is TokensNested for a document made from
// the previous version by sp (nil: parsed in full, or not known). When
// the previous document's whole-document tokens are kept, the first whole
// answer reuses them: only the reparsed entry is classified again
// (splicedTokens).
func TokensAfter(doc *hot.Document, sp *hot.Splice, sc *schema.Schema, within source.Span, nested NestedOutputs) (out []Token) {
	defer func() {
		if recover() != nil {
			out = nil
		}
	}()
	if doc == nil || doc.Template == nil {
		return nil
	}
	var all *documentTokens
	if within.End < 0 {
		all = doc.Derived(tokensKey{sc}, func() any {
			if t := splicedTokens(doc, sp, sc); t != nil {
				return t
			}
			return collectTokens(doc, sc, within)
		}).(*documentTokens)
	} else if v, ok := doc.Known(tokensKey{sc}); ok {
		all = v.(*documentTokens)
	} else {
		all = collectTokens(doc, sc, within)
	}
	base := all.tokens
	if within.End >= 0 && all.within.End < 0 {
		base = tokensWithin(base, within)
	}
	if nested == nil || len(all.attrs) == 0 {
		return base
	}
	c := &tokenCollector{doc: doc, t: doc.Template, within: within, nested: nested}
	for _, a := range all.attrs {
		c.nestedOutput(a)
	}
	if len(c.out) == 0 {
		return base
	}
	return mergeTokens(base, sortTokens(c.out))
}
