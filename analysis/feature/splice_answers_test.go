package feature

import (
	"fmt"
	"math/rand"
	"os"
	"reflect"
	"strings"
	"testing"

	"heat-ls/analysis/hot"
	"heat-ls/analysis/hot/edittest"
	"heat-ls/analysis/source"
	"heat-ls/analysis/syntax/synthtest"
	"heat-ls/schema"
)

// spliceAnswerTexts are the texts the random edits start from
// (edittest.Texts with smaller generated templates), and two whose bulk
// is one deep value, where most edits splice a member deep below its
// entry.
func spliceAnswerTexts(t *testing.T) [][]byte {
	return append(edittest.TextsOfSizes(t, 150, 500), synthtest.GenerateDeepOutput(300), synthtest.GenerateDeepDefault(300))
}

// tokenEditPieces are what the random edits type besides single letters:
// YAML punctuation and line breaks (which break or reshape an entry) and
// the names and calls that semantic tokens classify.
var tokenEditPieces = []string{"x", " ", "\n", "\n    ", "\n      ", ": ", "- ", "#", "'", "\"", "{", "}", "[", "]", ", ",
	"|", "|\n      a\n      b", "&a ", "*a", "é", "😀", "\n  new_entry:\n    type: T\n",
	"{get_param: %s}", "{get_resource: %s}", "{get_attr: [%s, out]}", "{Ref: %s}", "depends_on: %s",
	"{if: [%s, a, b]}", "{not: %s}", "{and: [%s, %s]}", "condition: %s", "{get_param: OS::stack_name}",
	"{list_join: [',', [{get_param: %s}]]}", "\n      k: {get_resource: %s}", "type: OS::Heat::None", "type: OS::Nova::Server"}

// randomTokenEdit replaces a few bytes at a random place of doc's text
// with a letter or a piece, the names in it taken from the template.
func randomTokenEdit(rnd *rand.Rand, doc *hot.Document) []byte {
	src := doc.Src
	at := rnd.Intn(len(src) + 1)
	del := 0
	switch rnd.Intn(3) {
	case 1:
		del = 1 + rnd.Intn(3)
	case 2:
		del = rnd.Intn(12)
	}
	var ins string
	switch rnd.Intn(3) {
	case 0:
		ins = string(rune('a' + rnd.Intn(26)))
		del = 0
	case 1: // a deletion
	default:
		ins = tokenEditPieces[rnd.Intn(len(tokenEditPieces))]
		for strings.Contains(ins, "%s") {
			ins = strings.Replace(ins, "%s", randomName(rnd, doc), 1)
		}
	}
	end := min(len(src), at+del)
	out := make([]byte, 0, len(src)+len(ins))
	return append(append(append(out, src[:at]...), ins...), src[end:]...)
}

// randomName is a name the template declares (or one it does not).
func randomName(rnd *rand.Rand, doc *hot.Document) string {
	t := doc.Template
	if t == nil {
		return "nothing"
	}
	var names []string
	for _, p := range t.Parameters {
		names = append(names, p.Name)
	}
	for _, r := range t.Resources {
		names = append(names, r.Name)
	}
	for _, c := range t.Conditions {
		names = append(names, c.Name)
	}
	if len(names) == 0 || rnd.Intn(8) == 0 {
		return "undeclared"
	}
	return names[rnd.Intn(len(names))]
}

// someNested says every output name of even length is an output of the
// resource's nested template, so the merge of those tokens is exercised.
type someNested struct{}

func (someNested) NestedOutput(r *hot.Resource, output string) (string, bool) {
	return "", len(output)%2 == 0
}

// TestSplicedAnswersEqualFull applies thousands of seeded random edits,
// each to the previous version (as typing does), and checks that the
// semantic tokens and folding ranges computed from the previous version's
// answers equal those of a full parse and computation: the kept lists,
// the whole answer with nested outputs, and a range. It also checks that
// most edits took the incremental path.
func TestSplicedAnswersEqualFull(t *testing.T) {
	sc, err := schema.Load()
	if err != nil {
		t.Fatal(err)
	}
	texts := spliceAnswerTexts(t)
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
		SemanticTokensAfter(d, sp, sc, whole, nil)
		FoldingRangesAfter(d, sp)
	}
	for i := 0; i < edits; {
		src := texts[rnd.Intn(len(texts))]
		prev := hot.Parse(src)
		answer(prev, nil)
		for range 1 + rnd.Intn(20) { // a burst of typing on one text
			next := randomTokenEdit(rnd, prev)
			got, sp := hot.ReparseSplice(prev, next, nil)
			want := hot.Parse(next)
			n.note(prev, got, sp, sc)
			answer(got, sp)
			where := func() string { return fmt.Sprintf("edit %d\nbefore:\n%s\nafter:\n%s", i, prev.Src, next) }
			if got.Template != nil {
				g, _ := got.Known(tokensKey{sc})
				w := collectTokens(want, sc, whole)
				if !reflect.DeepEqual(g, w) {
					t.Fatalf("%s\nkept tokens differ:\ngot  %+v\nwant %+v", where(), g, w)
				}
				gn := SemanticTokensAfter(got, sp, sc, whole, someNested{})
				wn := SemanticTokensNested(want, sc, whole, someNested{})
				if !reflect.DeepEqual(gn, wn) {
					t.Fatalf("%s\ntokens with nested outputs differ", where())
				}
				r := source.Span{Start: rnd.Intn(len(next) + 1)}
				r.End = min(len(next), r.Start+rnd.Intn(2000))
				gr := SemanticTokensAfter(got, sp, sc, r, someNested{})
				wr := SemanticTokensNested(want, sc, r, someNested{})
				if len(gr)+len(wr) > 0 && !reflect.DeepEqual(gr, wr) {
					t.Fatalf("%s\ntokens of %v differ:\ngot  %v\nwant %v", where(), r, gr, wr)
				}
			}
			if g, w := FoldingRangesAfter(got, sp), FoldingRanges(want); !reflect.DeepEqual(g, w) {
				t.Fatalf("%s\nfolding ranges differ:\ngot  %v\nwant %v", where(), g, w)
			}
			prev = got
			if len(got.Syntax.Problems) > 0 {
				prev = hot.Parse(src) // a broken text is parsed in full: start again
				answer(prev, nil)
			}
			i++
		}
	}
	if n.spliced < edits/4 || n.tokens < n.spliced/2 || n.folds < n.spliced*9/10 || n.nestedTokens < n.tokens/10 || n.memberFolds < n.nestedTokens/2 {
		t.Fatalf("too few edits took the incremental path (of %d): %s", edits, n)
	}
	t.Logf("of %d edits: %s", edits, n)
}

// reuseCounts counts the edits that took each incremental path.
type reuseCounts struct {
	spliced, tokens, folds int
	// nestedTokens and memberFolds count the splices below an entry whose
	// tokens were reused and whose member alone was folded again.
	nestedTokens, memberFolds int
}

// note counts how the answers of got, made from prev by sp, can be made.
func (n *reuseCounts) note(prev, got *hot.Document, sp *hot.Splice, sc *schema.Schema) {
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
	if _, ok := splicedFolds(got, sp); ok {
		n.folds++
	}
	if old, kept := prev.Known(foldingKey{}); kept && sp.Nested {
		if _, ok := splicedMemberFolds(got, prev, old.([]Fold), sp); ok {
			n.memberFolds++
		}
	}
}

func (n reuseCounts) String() string {
	return fmt.Sprintf("%d spliced; tokens reused on %d (%d below an entry), folding ranges on %d (%d folding the member alone)",
		n.spliced, n.tokens, n.nestedTokens, n.folds, n.memberFolds)
}
