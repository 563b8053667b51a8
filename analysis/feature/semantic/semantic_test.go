package semantic

import (
	"math/rand/v2"
	"slices"
	"testing"

	"heat-ls/analysis/hot"
	"heat-ls/analysis/source"
	"heat-ls/analysis/syntax/synthtest"
	"heat-ls/schema"
)

// TestSemanticTokensRangeMatchesFull: the tokens answered for a range are
// exactly the full answer's tokens that touch it, wherever it falls, both
// when the range is computed for itself (a fresh parse: the range path
// skips calls by position; this pins that it skips none) and when it is
// read from the whole answer kept with the document.
func TestSemanticTokensRangeMatchesFull(t *testing.T) {
	sc, err := schema.Load()
	if err != nil {
		t.Fatal(err)
	}
	src := synthtest.GenerateTemplate(600)
	doc := hot.Parse(src)
	fresh := hot.Parse(src) // no whole answer kept: ranges computed alone
	full := Tokens(doc, sc, source.Span{End: -1})
	if len(full) < 100 {
		t.Fatalf("only %d tokens in the generated template", len(full))
	}
	for start := 0; start < len(src); start += 997 {
		win := source.Span{Start: start, End: min(len(src), start+1500)}
		var want []Token
		for _, tk := range full {
			if tk.Span.End >= win.Start && tk.Span.Start <= win.End {
				want = append(want, tk)
			}
		}
		for _, d := range []*hot.Document{fresh, doc} {
			got := Tokens(d, sc, win)
			if len(got) != len(want) {
				t.Fatalf("window %v (kept answer %v): %d tokens, the full answer has %d there", win, d == doc, len(got), len(want))
			}
			for i := range got {
				if got[i] != want[i] {
					t.Fatalf("window %v (kept answer %v): token %d is %+v, want %+v", win, d == doc, i, got[i], want[i])
				}
			}
		}
	}
	if _, kept := fresh.Known(tokensKey{sc}); kept {
		t.Error("a range answer kept whole-document tokens with the document")
	}
}

// TestSortTokens: sorting in place by start (ties in the order found) and
// dropping overlaps gives what a stable sort and a filter give, for lists
// already in order, reversed and shuffled.
func TestSortTokens(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for n := range 60 {
		found := make([]Token, n)
		for i := range found {
			start := rng.IntN(3 * n)
			found[i] = Token{Span: source.Span{Start: start, End: start + 1 + rng.IntN(3)}, Kind: TokenKind(i % 6)}
		}
		switch n % 3 {
		case 1:
			slices.SortStableFunc(found, func(a, b Token) int { return a.Span.Start - b.Span.Start })
		case 2:
			slices.Reverse(found)
		}
		want := slices.Clone(found)
		slices.SortStableFunc(want, func(a, b Token) int { return a.Span.Start - b.Span.Start })
		var kept []Token
		end := -1
		for _, tk := range want {
			if tk.Span.Start >= end {
				kept = append(kept, tk)
				end = tk.Span.End
			}
		}
		if got := sortTokens(found); !slices.Equal(got, kept) {
			t.Fatalf("%d tokens: got %v, want %v", n, got, kept)
		}
	}
}
