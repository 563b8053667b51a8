package folding

import (
	"fmt"
	"math/rand"
	"os"
	"reflect"
	"testing"

	"heat-ls/analysis/hot"
	"heat-ls/analysis/hot/edittest"
)

// TestSplicedFoldsEqualFull applies thousands of seeded random edits, each
// to the previous version (as typing does), and checks that the folding
// ranges computed from the previous version's ranges equal those of a
// full parse and computation. It also checks that most edits took the
// incremental path, and that edits below an entry mostly fold the edited
// member alone. analysis/feature/semantic tests its tokens the same way.
func TestSplicedFoldsEqualFull(t *testing.T) {
	texts := edittest.TokenTexts(t)
	rnd := rand.New(rand.NewSource(23))
	// 1,000 seeded edits in the test command; the full 4,000 where
	// HEAT_LS_LONG is set, as .ci/run sets it.
	edits := 1000
	if os.Getenv("HEAT_LS_LONG") != "" && !testing.Short() {
		edits = 4000
	}
	var n foldReuse
	for i := 0; i < edits; {
		src := texts[rnd.Intn(len(texts))]
		prev := hot.Parse(src)
		RangesAfter(prev, nil)
		for range 1 + rnd.Intn(20) { // a burst of typing on one text
			next := edittest.TokenEdit(rnd, prev)
			got, sp := hot.ReparseSplice(prev, next, nil)
			want := hot.Parse(next)
			n.note(prev, got, sp)
			if g, w := RangesAfter(got, sp), Ranges(want); !reflect.DeepEqual(g, w) {
				t.Fatalf("edit %d\nbefore:\n%s\nafter:\n%s\nfolding ranges differ:\ngot  %v\nwant %v", i, prev.Src, next, g, w)
			}
			prev = got
			if len(got.Syntax.Problems) > 0 {
				prev = hot.Parse(src) // a broken text is parsed in full: start again
				RangesAfter(prev, nil)
			}
			i++
		}
	}
	if n.spliced < edits/4 || n.folds < n.spliced*9/10 || n.memberFolds < n.nested/2 {
		t.Fatalf("too few edits took the incremental path (of %d): %s", edits, n)
	}
	t.Logf("of %d edits: %s", edits, n)
}

// foldReuse counts the edits that took each incremental path.
type foldReuse struct {
	spliced, folds int
	// nested counts the splices below an entry, memberFolds those of them
	// whose member alone was folded again.
	nested, memberFolds int
}

// note counts how the ranges of got, made from prev by sp, can be made.
func (n *foldReuse) note(prev, got *hot.Document, sp *hot.Splice) {
	if sp == nil {
		return
	}
	n.spliced++
	if _, ok := splicedFolds(got, sp); ok {
		n.folds++
	}
	if !sp.Nested {
		return
	}
	n.nested++
	if old, kept := prev.Known(foldingKey{}); kept {
		if _, ok := splicedMemberFolds(got, prev, old.([]Fold), sp); ok {
			n.memberFolds++
		}
	}
}

func (n foldReuse) String() string {
	return fmt.Sprintf("%d spliced; folding ranges reused on %d; of %d below an entry, %d folding the member alone",
		n.spliced, n.folds, n.nested, n.memberFolds)
}
