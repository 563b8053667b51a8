package lsp

import (
	"slices"

	"go.lsp.dev/protocol"

	"heat-ls/analysis/feature"
	"heat-ls/analysis/feature/semantic"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/source"
	"heat-ls/lsp/store"
	"heat-ls/schema"
)

// spliced returns the protocol numbers of tokens, the whole-document
// tokens of doc, from the numbers kept for the previous version when doc
// was made from it by reparsing one entry or a member below it (sp) and
// those numbers encode the previous version's kept tokens. The numbers of
// the tokens before the part classified again (semantic.ReclassifiedLines)
// are the same;
// theirs are encoded; of the tokens after them only the first changes
// (its line, and its character when it shares a line with the last
// token encoded, are relative to the token before it), the others are relative to a token moved by as many lines
// as they were. from says which numbers changed, for a delta answer
// against the previous ones (editFrom). ok is false when there is nothing
// to reuse.
func (e *encodedTokens) spliced(doc *store.Document, sp *hot.Splice, enc source.Encoding, sc *schema.Schema, tokens []semantic.Token) (data []uint32, from *numbersFrom, ok bool) {
	prevDoc := sp.Prev()
	if prevDoc == nil || len(tokens) == 0 {
		return nil, nil, false
	}
	prevTokens := semantic.KeptTokens(prevDoc, sc)
	if cur := semantic.KeptTokens(doc.Doc, sc); len(cur) != len(tokens) || len(prevTokens) == 0 || &cur[0] != &tokens[0] {
		return nil, nil, false // tokens with nested outputs merged in: not the kept list
	}
	e.mu.Lock()
	a, ok := e.last[doc.URI]
	e.mu.Unlock()
	if !ok || a.doc.Doc != prevDoc || a.enc != enc || a.tokens != &prevTokens[0] || a.n != len(prevTokens) || len(a.data) != 5*a.n {
		return nil, nil, false
	}
	start := func(tk semantic.Token, off int) int { return tk.Span.Start - off }
	lines, oldTo, newTo := semantic.ReclassifiedLines(doc.Doc, sp)
	before, _ := slices.BinarySearchFunc(prevTokens, lines, start)
	after, _ := slices.BinarySearchFunc(prevTokens, oldTo, start)
	next, _ := slices.BinarySearchFunc(tokens, newTo, start)
	if after < before || next < before || len(tokens)-next != len(prevTokens)-after {
		return nil, nil, false
	}
	w := tokenEncoder{view: feature.NewView(doc.Doc, nil), doc: doc, enc: enc, data: make([]uint32, 0, 5*len(tokens))}
	w.data = append(w.data, a.data[:5*before]...)
	if before > 0 {
		last := tokens[before-1].Span.Start
		w.at = doc.Mapper().Position(last, enc)
		w.line, w.char, w.from = w.at.Line, w.at.Character, last
	}
	w.add(tokens[before:next])
	from = &numbersFrom{base: a.data, at: 5 * before, oldEnd: len(a.data), newEnd: len(w.data)}
	if next < len(tokens) {
		n := len(w.data)
		w.add(tokens[next : next+1])
		if len(w.data) != n+5 {
			return nil, nil, false
		}
		from.oldEnd, from.newEnd = 5*(after+1), len(w.data)
		w.data = append(w.data, a.data[5*(after+1):]...)
	}
	return w.data, from, true
}

// numbersFrom tells how whole-document numbers were made from base, the
// previous version's: the same before at, and from oldEnd in base on
// the same as from newEnd in them.
type numbersFrom struct {
	base               []uint32
	at, oldEnd, newEnd int
}

// editFrom returns the edit turning prev into data, the answer kept for
// doc, when data was made from prev (numbersFrom): only the numbers that
// changed are compared, not the whole of both.
func (e *encodedTokens) editFrom(doc *store.Document, prev, data []uint32) (protocol.SemanticTokensEdit, bool) {
	if len(prev) == 0 || len(data) == 0 {
		return protocol.SemanticTokensEdit{}, false
	}
	e.mu.Lock()
	a, ok := e.last[doc.URI]
	e.mu.Unlock()
	if !ok || a.doc != doc || a.from == nil || len(a.data) != len(data) || &a.data[0] != &data[0] ||
		len(a.from.base) != len(prev) || &a.from.base[0] != &prev[0] {
		return protocol.SemanticTokensEdit{}, false
	}
	f := a.from
	head, oldEnd, newEnd := f.at, f.oldEnd, f.newEnd
	for head < oldEnd && head < newEnd && prev[head] == data[head] {
		head++
	}
	for oldEnd > head && newEnd > head && prev[oldEnd-1] == data[newEnd-1] {
		oldEnd--
		newEnd--
	}
	return protocol.SemanticTokensEdit{Start: uint32(head), DeleteCount: uint32(oldEnd - head), Data: append([]uint32{}, data[head:newEnd]...)}, true
}
