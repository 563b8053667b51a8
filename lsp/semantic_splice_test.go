package lsp

import (
	"context"
	"math/rand"
	"reflect"
	"slices"
	"testing"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
	"go.uber.org/zap"

	"heat-ls/analysis/feature/semantic"
	"heat-ls/analysis/source"
	"heat-ls/analysis/syntax/synthtest"
	"heat-ls/lsp/store"
	"heat-ls/schema"
	"heat-ls/schema/refdata"
)

// splicedServerTexts are generated templates (two of them with their bulk
// in one deep value, edited below their entry) and, when ../shared is
// there, the corpus's templates.
func splicedServerTexts(t *testing.T) [][]byte {
	corpus, ok := refdata.CorpusYAML()
	if !ok {
		t.Log("../shared not found: random edits on generated templates only")
	}
	return append([][]byte{synthtest.GenerateTemplate(200), synthtest.GenerateTemplate(600), synthtest.GenerateDeepOutput(300), synthtest.GenerateDeepDefault(300)}, corpus...)
}

// serverEditPieces are what the random edits type besides single letters.
var serverEditPieces = []string{" ", "\n", "\n      ", ": ", "- ", "#", "'", "{", "]", "é", "😀 ", "{get_param: image}",
	"{get_resource: server}", "{get_attr: [server, first_address]}", "\n      k: {get_param: OS::stack_id}", "|\n        a\n        b"}

func randomServerEdit(rnd *rand.Rand, src []byte) []byte {
	at := rnd.Intn(len(src) + 1)
	end := at
	ins := string(rune('a' + rnd.Intn(26)))
	switch rnd.Intn(4) {
	case 0:
		end = min(len(src), at+1+rnd.Intn(6))
		ins = ""
	case 1:
		ins = serverEditPieces[rnd.Intn(len(serverEditPieces))]
	}
	return append(append(append([]byte{}, src[:at]...), ins...), src[end:]...)
}

// applyTokenEdits applies a delta answer's edits to the numbers before.
func applyTokenEdits(data []uint32, edits []protocol.SemanticTokensEdit) []uint32 {
	out := slices.Clone(data)
	for i := len(edits) - 1; i >= 0; i-- {
		e := edits[i]
		out = slices.Replace(out, int(e.Start), int(e.Start+e.DeleteCount), e.Data...)
	}
	return out
}

// TestSplicedTokensEqualFresh types seeded random edits into open
// documents, asking after each for the semantic tokens as a delta against
// the previous answer and for the folding ranges, and checks them against
// a server that parses each text in full: the numbers reused from the
// previous version (semantic_splice.go) and the delta must give the same
// tokens, the folding ranges must be the same. It also checks that most
// edits took the incremental path.
func TestSplicedTokensEqualFresh(t *testing.T) {
	sc, err := schema.Load()
	if err != nil {
		t.Fatal(err)
	}
	texts := splicedServerTexts(t)
	rnd := rand.New(rand.NewSource(31))
	edits := 1500
	if testing.Short() {
		edits = 400
	}
	ctx := context.Background()
	u := uri.File("/spliced/t.yaml")
	s := New(WithSchema(sc), WithLogger(zap.NewNop()))
	ref := New(WithSchema(sc), WithLogger(zap.NewNop()))
	full := func(srv *Server) ([]uint32, string) {
		res, err := srv.semanticTokensFullWithID(ctx, &protocol.SemanticTokensParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}})
		if err != nil {
			t.Fatal(err)
		}
		return res.Data, *res.ResultID
	}
	folds := func(srv *Server) []protocol.FoldingRange {
		out, err := srv.foldingRange(ctx, &protocol.FoldingRangeParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}})
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	version := int32(0)
	var spliced, reused, deltas int
	for i := 0; i < edits; {
		text := texts[rnd.Intn(len(texts))]
		version++
		s.Store().Open(string(u), version, text)
		data, id := full(s)
		folds(s)
		for range 1 + rnd.Intn(25) {
			next := randomServerEdit(rnd, text)
			version++
			doc, err := s.Store().Change(string(u), version, s.encoding(), []store.Change{{Text: string(next)}})
			if err != nil {
				t.Fatal(err)
			}
			if doc.Splice != nil {
				spliced++
				tokens := semantic.TokensAfter(doc.Doc, doc.Splice, sc, source.Span{End: -1}, nil)
				if _, _, ok := s.encoded.spliced(doc, doc.Splice, s.encoding(), sc, tokens); ok {
					reused++
				}
			}
			// The reference parses the text in full, as a new document;
			// a broken text is read after the last good one, which a new
			// document lacks, so only whole YAML is compared.
			ref.Store().Open(string(u), version, next)
			want, _ := full(ref)
			compare := !doc.Doc.Syntax.Broken
			res, err := s.semanticTokensDelta(ctx, &protocol.SemanticTokensDeltaParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}, PreviousResultID: id})
			if err != nil {
				t.Fatal(err)
			}
			var got []uint32
			switch d := res.(type) {
			case *protocol.SemanticTokensDelta:
				got, id = applyTokenEdits(data, d.Edits), *d.ResultID
			case *protocol.SemanticTokens:
				got, id = d.Data, *d.ResultID
			default:
				t.Fatalf("edit %d: answer of type %T", i, res)
			}
			if compare && !slices.Equal(got, want) {
				t.Fatalf("edit %d: tokens after the delta differ from a full parse's\nbefore:\n%s\nafter:\n%s\ngot  %v\nwant %v", i, text, next, got, want)
			}
			again, _ := full(s)
			if compare && !slices.Equal(again, want) {
				t.Fatalf("edit %d: the whole answer differs from a full parse's\nafter:\n%s", i, next)
			}
			if _, ok := s.encoded.editFrom(doc, data, again); ok {
				deltas++
			}
			if g, w := folds(s), folds(ref); compare && !reflect.DeepEqual(g, w) {
				t.Fatalf("edit %d: folding ranges differ from a full parse's\nafter:\n%s\ngot  %v\nwant %v", i, next, g, w)
			}
			// The whole request above gave a new result id: the next
			// delta is against it.
			data, id = full(s)
			text = next
			i++
			if len(doc.Doc.Syntax.Problems) > 0 {
				break // a broken text is parsed in full from here: start again
			}
		}
	}
	if spliced < edits/4 || reused < spliced*3/4 || deltas < reused*3/4 {
		t.Fatalf("too few edits took the incremental path: %d of %d spliced, numbers reused on %d, delta from the change on %d", spliced, edits, reused, deltas)
	}
	t.Logf("%d of %d edits spliced, numbers reused on %d, delta from the change on %d", spliced, edits, reused, deltas)
}
