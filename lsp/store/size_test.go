package store

import (
	"bytes"
	"testing"

	"heat-ls/analysis/hot"
	"heat-ls/analysis/source"
)

func TestTooLargeDocumentsAreHeldButNotParsed(t *testing.T) {
	line := []byte("key: value\n")
	text := bytes.Repeat(line, MaxAnalysedSize/len(line)+1)
	s := New()
	doc := s.Open("file:///big.yaml", 1, text)
	if !doc.TooLarge || doc.Doc.Kind != hot.KindOther || doc.Doc.Template != nil || doc.LastGood != nil {
		t.Fatalf("a %d-byte document was analysed: TooLarge=%v Kind=%v", len(text), doc.TooLarge, doc.Doc.Kind)
	}
	if p := doc.Mapper().Position(len(text), source.UTF16); p.Line != len(text)/len(line) {
		t.Fatalf("the mapper does not cover the text: %+v", p)
	}
	// Editing still works, and shrinking the text below the bound brings
	// the analysis back.
	doc, err := s.Change("file:///big.yaml", 2, source.UTF16, []Change{{Text: "heat_template_version: 2018-08-31\n"}})
	if err != nil || doc.TooLarge || doc.Doc.Kind != hot.KindTemplate {
		t.Fatalf("after shrinking: %v TooLarge=%v Kind=%v", err, doc.TooLarge, doc.Doc.Kind)
	}
	small := s.Open("file:///small.yaml", 1, line)
	if small.TooLarge {
		t.Fatal("a small document is marked too large")
	}
}
