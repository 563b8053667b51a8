// Package store keeps the open documents of an editing session as immutable
// values. It knows nothing about the protocol: positions arrive as
// source.Position in a source.Encoding and are converted by source.Mapper,
// the one position mapper. The lsp package translates protocol messages into
// these calls; tests and benchmarks drive the store directly.
package store

import (
	"errors"
	"strings"
	"sync"

	"heat-ls/analysis/hot"
	"heat-ls/analysis/limits"
	"heat-ls/analysis/source"
	"heat-ls/analysis/syntax"
)

// Document is one version of an open text with its parse. It is never
// modified after the store hands it out: every change builds a new Document
// and swaps it in, so a reader may keep and use one without locking.
type Document struct {
	URI     string
	Version int32
	Text    []byte
	// Doc is the parse of Text.
	Doc *hot.Document
	// LastGood is the most recent parse (this one or an earlier version's)
	// whose YAML was not broken. While Text is broken, Doc is recovered from
	// Text itself and reads only the names of keys being typed from here;
	// features fall back to LastGood only when no tree could be recovered.
	// It is nil until one such parse exists.
	LastGood *hot.Document
	// Splice is set when Doc was made from the previous version's parse
	// by parsing one entry again: answers kept with that parse (semantic
	// tokens, folding ranges) are then redone for the entry only.
	Splice *hot.Splice
	// Settled is set while the line being typed is in flux (syntax.InFlux):
	// this version differs from Settled only inside that line, which was
	// emptied, holds a key without its colon yet, or breaks the YAML. Queries about the other
	// lines read Settled's structure then (feature.NewFluxView), and their
	// diagnostics are Settled's: what the half-typed line does to the lines
	// around it is transient. Nil when this version is settled itself; a
	// settled version's Settled is always nil.
	Settled *Document
	// TooLarge is set when Text is over MaxAnalysedSize: Doc then holds the
	// text and its line index but no syntax tree or model, so every
	// feature finds nothing and the diagnostics say why.
	TooLarge bool
}

// MaxAnalysedSize bounds the documents heat-ls parses: limits.File, as for
// "heat-ls check", "heat-ls graph" and the workspace index. A bigger
// document is kept as text only; editing it still works.
const MaxAnalysedSize = limits.File

// unanalysed is the stand-in parse of a document too large to analyse: the
// text and its positions, nothing else.
func unanalysed(text []byte) *hot.Document {
	return &hot.Document{Src: text, Mapper: source.NewMapper(text), Syntax: syntax.Parse(nil), Kind: hot.KindOther}
}

// Mapper converts positions in this version's text.
func (d *Document) Mapper() *source.Mapper { return d.Doc.Mapper }

// textMapper is Mapper when it indexes Text itself (nil otherwise), for
// applying changes to Text.
func (d *Document) textMapper() *source.Mapper {
	if d.Doc == nil || d.Doc.Mapper == nil || len(d.Doc.Src) != len(d.Text) || len(d.Text) > 0 && &d.Doc.Src[0] != &d.Text[0] {
		return nil
	}
	return d.Doc.Mapper
}

// Range is a half-open range of positions in some Encoding.
type Range struct {
	Start, End source.Position
}

// Change is one content change: a replacement of Range by Text, or of the
// whole document when Range is nil.
type Change struct {
	Range *Range
	Text  string
}

// Errors the store reports. They are wrapped with details; test with
// errors.Is.
var (
	ErrNotOpen      = errors.New("document is not open")
	ErrStaleVersion = errors.New("version does not increase")
	ErrBadRange     = errors.New("change range is outside the document")
	ErrConflict     = errors.New("document changed concurrently")
)

// Store holds the open documents. It is safe for concurrent use; changes to
// one document are expected to come from a single goroutine in the order
// the client sent them (the lsp package guarantees this), and a change that
// races with another on the same document fails with ErrConflict rather
// than losing an edit.
type Store struct {
	mu   sync.Mutex
	docs map[string]*Document
}

// New returns an empty store.
func New() *Store {
	return &Store{docs: make(map[string]*Document)}
}

// Get returns the current version of uri, or nil when it is not open.
func (s *Store) Get(uri string) *Document {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.docs[uri]
}

// All returns the current version of every open document, in no
// particular order.
func (s *Store) All() []*Document {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]*Document, 0, len(s.docs))
	for _, d := range s.docs {
		out = append(out, d)
	}
	return out
}

// LargestText is the length in bytes of the largest open document's
// text, 0 when none is open.
func (s *Store) LargestText() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for _, d := range s.docs {
		n = max(n, len(d.Text))
	}
	return n
}

// Open adds uri with its first text, replacing whatever was open under that
// name (a client that reopens a document starts over). The store keeps a
// copy of uri: the caller's string may be a view into a whole message (the
// protocol decoder does not copy strings), which would keep that message,
// the document's text included, alive as long as the document.
func (s *Store) Open(uri string, version int32, text []byte) *Document {
	uri = strings.Clone(uri)
	doc := build(uri, version, text, nil)
	s.mu.Lock()
	s.docs[uri] = doc
	s.mu.Unlock()
	return doc
}

// Close drops uri and returns its last version, or nil when it was not open.
func (s *Store) Close(uri string) *Document {
	s.mu.Lock()
	defer s.mu.Unlock()
	doc := s.docs[uri]
	delete(s.docs, uri)
	return doc
}

// Change applies changes, in order, to the current text of uri and installs
// the result as version. Ranges are in enc. The batch is atomic: when the
// document is not open, the version does not increase, or any range falls
// outside the text it applies to, nothing changes and the error says why.
func (s *Store) Change(uri string, version int32, enc source.Encoding, changes []Change) (*Document, error) {
	doc, errs := s.ChangeAll(uri, enc, []Edit{{Version: version, Changes: changes}})
	return doc, errs[0]
}

// build parses text (reusing prev's parse where the text did not change:
// parseAfter) and links it to the previous version's last good parse.
func build(uri string, version int32, text []byte, prev *Document) *Document {
	if len(text) > MaxAnalysedSize {
		return &Document{URI: uri, Version: version, Text: text, Doc: unanalysed(text), TooLarge: true}
	}
	parsed, splice := parseAfter(uri, text, prev)
	doc := &Document{URI: uri, Version: version, Text: text, Doc: parsed, Splice: splice, Settled: settledFor(parsed, prev)}
	switch {
	case parsed.Syntax == nil || !parsed.Syntax.Broken:
		doc.LastGood = parsed
	case prev != nil:
		doc.LastGood = prev.LastGood
	}
	return doc
}
