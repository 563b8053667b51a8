package lsp

import (
	"bytes"
	"context"
	"reflect"
	"runtime"
	"testing"

	"heat-ls/analysis/check"
	"heat-ls/analysis/source"
	"heat-ls/analysis/syntax/synthtest"
	"heat-ls/lsp/store"
	"heat-ls/schema"
)

// TestDiagnosticsAfterSpliceEqualFullRun follows a document through the
// store as typing does (a character typed into a resource and deleted,
// at several places), checks each version with the splice the store made
// (as checkOptions passes it) after a collection, so the previous
// version's findings come only with the splice, and compares with a full
// run on the same parse. Every volume attachment has a misspelt property,
// so findings before and after each edit are taken over (and moved).
func TestDiagnosticsAfterSpliceEqualFullRun(t *testing.T) {
	sc, err := schema.Load()
	if err != nil {
		t.Fatal(err)
	}
	src := synthtest.GenerateTemplate(1500)
	src = bytes.Replace(src, []byte("mountpoint: /dev/vd"), []byte("mountpoint: /dev/vd\n      mountpont: x"), -1)
	s := store.New()
	const uri = "file:///test/big.yaml"
	doc := s.Open(uri, 1, src)
	check.Run(context.Background(), doc.Doc, check.Options{Schema: sc})
	lines := source.NewMapper(src).LineCount()
	spliced := 0
	for i := range 40 {
		line := lines/4 + (i/2)*(lines/2)/20
		ch := store.Change{Range: &store.Range{Start: source.Position{Line: line, Character: 6}, End: source.Position{Line: line, Character: 6}}, Text: "q"}
		if i%2 == 1 { // delete what the edit before typed
			ch = store.Change{Range: &store.Range{Start: source.Position{Line: line, Character: 6}, End: source.Position{Line: line, Character: 7}}}
		}
		next, err := s.Change(uri, int32(i+2), source.UTF16, []store.Change{ch})
		if err != nil {
			t.Fatal(err)
		}
		runtime.GC()
		if next.Splice != nil {
			spliced++
		}
		got := check.Run(context.Background(), next.Doc, check.Options{Schema: sc, Splice: next.Splice})
		// The same parse without the splice: a broken text is parsed
		// tolerantly after the last good version, as the store does.
		want := check.Run(context.Background(), next.Doc, check.Options{Schema: sc})
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("edit %d on line %d: diagnostics differ from a full run\ngot  %v\nwant %v", i, line, got, want)
		}
		if len(want) == 0 {
			t.Fatalf("edit %d: no diagnostics at all; the test compares nothing", i)
		}
	}
	t.Logf("%d of 40 edits spliced", spliced)
	if spliced < 20 {
		t.Fatalf("only %d of 40 edits were spliced", spliced)
	}
}
