package pass

import "heat-ls/analysis/hot"

// Answers a rule worked out for the text it judged, carried from one
// version of a document to the next. A rule may keep under a key of its
// own the answers of a pure function of a piece of text and of what the
// key names (the schema, say): the next version, when it was made from
// this one by a splice (Options.Splice), finds them again however much
// of the document the rule judges anew. Nothing changes in what is
// reported: an answer looked up is the answer the function would give.
//
// The key must be a hot.Carried value that holds no document, and what
// is kept must hold no document either: the answers of a version are
// carried strongly to the next one, and a chain of versions must not
// stay alive through them.

// CarriedAnswers returns what the previous version kept under key with
// KeepAnswers, when this document is a splice of it; ok is false when
// there is nothing (a document parsed whole, the first run).
func (p *Pass) CarriedAnswers(key hot.Carried) (v any, ok bool) {
	return p.splice.Known(key)
}

// KeepAnswers keeps v under key with this document for its next version.
// v must not be changed afterwards: the next version's run reads it.
func (p *Pass) KeepAnswers(key hot.Carried, v any) {
	p.Doc.Derived(key, func() any { return v })
}

// SplicedResource is the index in T.Resources of the one resource this
// document's splice parsed again; ok is false unless the document was
// made from the previous version by reparsing one resource of the only
// resources section. Every other resource then reads as it did in the
// previous version, at the same index.
func (p *Pass) SplicedResource() (int, bool) {
	if p.splice == nil || p.T == nil || p.Doc.Syntax == nil {
		return 0, false
	}
	return splicedResource(p.Doc, p.splice)
}
