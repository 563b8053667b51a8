package lsp

import (
	"sync"

	"heat-ls/analysis/feature/semantic"
	"heat-ls/analysis/source"
	"heat-ls/lsp/store"
)

// encodedTokens keeps, per document, the last whole-document semantic
// tokens answer in protocol numbers. The tokens of a version are kept with
// its parse (semantic.TokensNested hands back the same list while
// no nested output changes them), so an answer for the same version, list
// and position encoding is the same numbers: a repeated request (full
// after range, a delta with nothing to say, a second client) costs a
// look-up instead of a position per token.
type encodedTokens struct {
	mu   sync.Mutex
	last map[string]encodedAnswer // document URI → answer
}

type encodedAnswer struct {
	doc    *store.Document
	enc    source.Encoding
	tokens *semantic.Token // the token list's first element: its identity
	n      int
	data   []uint32
	// from, when set, tells how data was made from the previous version's
	// numbers (semantic_splice.go).
	from *numbersFrom
}

// answerOf returns the numbers kept for tokens of doc in enc.
func (e *encodedTokens) answerOf(doc *store.Document, enc source.Encoding, tokens []semantic.Token) ([]uint32, bool) {
	if len(tokens) == 0 {
		return nil, false
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	a, ok := e.last[doc.URI]
	if !ok || a.doc != doc || a.enc != enc || a.tokens != &tokens[0] || a.n != len(tokens) {
		return nil, false
	}
	return a.data, true
}

// forget drops the answer of uri (the document closed): it holds the
// document's parse, which would otherwise stay alive until the next
// request.
func (e *encodedTokens) forget(uri string) {
	e.mu.Lock()
	defer e.mu.Unlock()
	delete(e.last, uri)
}

// keep records data as the answer for tokens of doc in enc (shared from
// now on: nobody may modify it), unless the document was closed while the
// answer was made. Answers of other documents whose version is no longer
// the open one are dropped on the way.
func (e *encodedTokens) keep(doc *store.Document, enc source.Encoding, tokens []semantic.Token, data []uint32, from *numbersFrom, current func(uri string) *store.Document) {
	if len(tokens) == 0 {
		return
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.last == nil {
		e.last = map[string]encodedAnswer{}
	}
	for u, a := range e.last {
		if u != doc.URI && current(u) != a.doc {
			delete(e.last, u)
		}
	}
	if current(doc.URI) == nil {
		delete(e.last, doc.URI) // closed while the answer was made
		return
	}
	e.last[doc.URI] = encodedAnswer{doc: doc, enc: enc, tokens: &tokens[0], n: len(tokens), data: data, from: from}
}

// size is the number of documents whose answer is kept.
func (e *encodedTokens) size() int {
	e.mu.Lock()
	defer e.mu.Unlock()
	return len(e.last)
}
