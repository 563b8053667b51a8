package semantic

import (
	"fmt"
	"math/rand"
	"os"
	"reflect"
	"testing"

	"heat-ls/analysis/hot"
	"heat-ls/analysis/hot/edittest"
	"heat-ls/analysis/source"
	"heat-ls/schema"
)

// someNested says every output name of even length is an output of the
// resource's nested template, so the merge of those tokens is exercised.
type someNested struct{}

func (someNested) NestedOutput(r *hot.Resource, output string) (string, bool) {
	return "", len(output)%2 == 0
}

// TestSplicedTokensEqualFull applies thousands of seeded random edits,
// each to the previous version (as typing does), and checks that the
// semantic tokens computed from the previous version's tokens equal those
// of a full parse and computation: the kept list, the whole answer with
// nested outputs, and a range. It also checks that most edits took the
// incremental path. analysis/feature/folding tests its ranges the same way.
func TestSplicedTokensEqualFull(t *testing.T) {
	sc, err := schema.Load()
	if err != nil {
		t.Fatal(err)
	}
	texts := edittest.TokenTexts(t)
	rnd := rand.New(rand.NewSource(23))
	// 1,000 seeded edits in the test command (the race detector makes
	// each cost tenfold); the full 4,000 where HEAT_LS_LONG is set, as
	// .ci/run sets it.
	edits := 1000
	if os.Getenv("HEAT_LS_LONG") != "" && !testing.Short() {
		edits = 4000
	}
	whole := source.Span{End: -1}
	var n reuseCounts
	answer := func(d *hot.Document, sp *hot.Splice) {
		TokensAfter(d, sp, sc, whole, nil)
	}
	for i := 0; i < edits; {
		src := texts[rnd.Intn(len(texts))]
		prev := hot.Parse(src)
		answer(prev, nil)
		for range 1 + rnd.Intn(20) { // a burst of typing on one text
			next := edittest.TokenEdit(rnd, prev)
			got, sp := hot.ReparseSplice(prev, next, nil)
			want := hot.Parse(next)
			n.note(got, sp, sc)
			answer(got, sp)
			where := func() string { return fmt.Sprintf("edit %d\nbefore:\n%s\nafter:\n%s", i, prev.Src, next) }
			if got.Template != nil {
				g, _ := got.Known(tokensKey{sc})
				w := collectTokens(want, sc, whole)
				if !reflect.DeepEqual(g, w) {
					t.Fatalf("%s\nkept tokens differ:\ngot  %+v\nwant %+v", where(), g, w)
				}
				gn := TokensAfter(got, sp, sc, whole, someNested{})
				wn := TokensNested(want, sc, whole, someNested{})
				if !reflect.DeepEqual(gn, wn) {
					t.Fatalf("%s\ntokens with nested outputs differ", where())
				}
				r := source.Span{Start: rnd.Intn(len(next) + 1)}
				r.End = min(len(next), r.Start+rnd.Intn(2000))
				gr := TokensAfter(got, sp, sc, r, someNested{})
				wr := TokensNested(want, sc, r, someNested{})
				if len(gr)+len(wr) > 0 && !reflect.DeepEqual(gr, wr) {
					t.Fatalf("%s\ntokens of %v differ:\ngot  %v\nwant %v", where(), r, gr, wr)
				}
			}
			prev = got
			if len(got.Syntax.Problems) > 0 {
				prev = hot.Parse(src) // a broken text is parsed in full: start again
				answer(prev, nil)
			}
			i++
		}
	}
	if n.spliced < edits/4 || n.tokens < n.spliced/2 || n.nestedTokens < n.tokens/10 {
		t.Fatalf("too few edits took the incremental path (of %d): %s", edits, n)
	}
	t.Logf("of %d edits: %s", edits, n)
}

// reuseCounts counts the edits that took the incremental path.
type reuseCounts struct {
	spliced, tokens int
	// nestedTokens counts the splices below an entry whose tokens were
	// reused.
	nestedTokens int
}

// note counts how the answers of got, made from prev by sp, can be made.
func (n *reuseCounts) note(got *hot.Document, sp *hot.Splice, sc *schema.Schema) {
	if sp == nil {
		return
	}
	n.spliced++
	if splicedTokens(got, sp, sc) != nil {
		n.tokens++
		if sp.Nested {
			n.nestedTokens++
		}
	}
}

func (n reuseCounts) String() string {
	return fmt.Sprintf("%d spliced; tokens reused on %d (%d below an entry)", n.spliced, n.tokens, n.nestedTokens)
}
