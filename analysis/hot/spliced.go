package hot

import (
	"weak"

	"heat-ls/analysis/source"
	"heat-ls/analysis/syntax"
)

// Splice tells how a document was made from the previous version's by
// reparsing one entry (syntax.SpliceEntry): which entry, where its lines
// lie in both texts, and the previous document while anything else still
// holds it. Answers kept with the previous document (hot.Document.Derived)
// then need to be computed again only for that entry; everything before
// it is the same and everything after it moved by the change in length.
//
// The previous document is held weakly: a chain of versions, each
// holding the one before, would keep every version of a session alive.
type Splice struct {
	syntax.SplicedEntry
	prev weak.Pointer[Document]
	// carried holds the previous document's answers whose keys are
	// Carried, as they stood when the splice was made (see Known).
	carried map[any]any
}

// Carried marks a key of Document.Derived whose answer a splice carries
// to the next version strongly: answers the next version needs even when
// the previous document is gone by the time it asks (a diagnostics run
// starts after the editor's pause, and the previous text's document may
// be collected by then). Such an answer must not hold a document, or a
// chain of versions would stay alive.
type Carried interface {
	// CarriedToNextVersion does nothing; it marks the key.
	CarriedToNextVersion()
}

// Known returns the previous document's answer for key: the one carried
// (when key is Carried and the answer was there when the splice was
// made), else the one kept with the previous document while anything
// still holds it.
func (s *Splice) Known(key any) (any, bool) {
	if s == nil {
		return nil, false
	}
	if v, ok := s.carried[key]; ok {
		return v, true
	}
	if prev := s.Prev(); prev != nil {
		return prev.Known(key)
	}
	return nil, false
}

// carriedAnswers collects d's answers whose keys are Carried; nil when
// there is none.
func carriedAnswers(d *Document) map[any]any {
	var out map[any]any
	d.derived.Range(func(k, v any) bool {
		if _, ok := k.(Carried); ok {
			if out == nil {
				out = make(map[any]any)
			}
			out[k] = v
		}
		return true
	})
	return out
}

// Prev returns the previous version's document, or nil when nothing else
// holds it any more (its answers are gone with it) or s is nil.
func (s *Splice) Prev() *Document {
	if s == nil {
		return nil
	}
	return s.prev.Value()
}

// ReparseSplice is Reparse that also returns how the new document was
// made from prev when only one entry was parsed again; nil when src was
// parsed in full.
func ReparseSplice(prev *Document, src []byte, lastGood *Document) (*Document, *Splice) {
	if prev != nil && prev.Syntax != nil {
		if f, e, ok := syntax.SpliceEntry(prev.Syntax, src); ok {
			doc := build(&Document{Src: src, Mapper: source.NewMapperAfter(prev.Mapper, src), Syntax: f}, src, prev)
			return doc, &Splice{SplicedEntry: e, prev: weak.Make(prev), carried: carriedAnswers(prev)}
		}
	}
	return ParseAfter(src, lastGood), nil
}
