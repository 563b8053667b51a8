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
			return doc, &Splice{SplicedEntry: e, prev: weak.Make(prev)}
		}
	}
	return ParseAfter(src, lastGood), nil
}
