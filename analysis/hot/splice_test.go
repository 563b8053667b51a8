package hot_test

import (
	"context"
	"fmt"
	"math/rand"
	"os"
	"reflect"
	"strings"
	"testing"

	"heat-ls/analysis/check"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/hot/edittest"
	"heat-ls/analysis/syntax"
	"heat-ls/schema"
)

// TestReparseEqualsParse applies thousands of seeded random edits, each to
// the previous version (as typing does), and checks that the incremental
// parse equals the full one: the syntax tree and problems, the model, and
// every diagnostic. It also checks that many edits took the incremental
// path and took model entries over from the previous version, so the
// comparison is not only of full builds.
func TestReparseEqualsParse(t *testing.T) {
	sc, err := schema.Load()
	if err != nil {
		t.Fatal(err)
	}
	texts := edittest.Texts(t)
	rnd := rand.New(rand.NewSource(14))
	// 1,000 seeded edits in the test command (the race detector makes
	// each cost tenfold); the full 4,000 where HEAT_LS_LONG is set, as
	// .ci/run sets it.
	edits := 1000
	if os.Getenv("HEAT_LS_LONG") != "" && !testing.Short() {
		edits = 4000
	}
	spliced, followed := 0, 0
	for i := 0; i < edits; {
		src := texts[rnd.Intn(len(texts))]
		prev := hot.Parse(src)
		for range 1 + rnd.Intn(20) { // a burst of typing on one text
			next := edittest.RandomEdit(rnd, prev.Src)
			if _, ok := syntax.Splice(prev.Syntax, next); ok {
				spliced++
			}
			got, want := hot.Reparse(prev, next, nil), hot.Parse(next)
			// A line index is built on first use (a derived one already
			// is): build both, so the comparison is of the indexes.
			got.Mapper.LineCount()
			want.Mapper.LineCount()
			if !edittest.Equal(got, want) {
				t.Fatalf("edit %d: incremental parse differs from the full parse (%s)\nbefore:\n%s\nafter:\n%s", i, modelDiff(got, want), prev.Src, next)
			}
			if tookEntries(prev, got) {
				followed++
			}
			gotDiags := check.Run(context.Background(), got, check.Options{Schema: sc})
			wantDiags := check.Run(context.Background(), want, check.Options{Schema: sc})
			if !reflect.DeepEqual(gotDiags, wantDiags) {
				t.Fatalf("edit %d: diagnostics differ\ngot  %v\nwant %v", i, gotDiags, wantDiags)
			}
			prev = got
			if len(got.Syntax.Problems) > 0 {
				prev = hot.Parse(src) // a broken text is always parsed in full: start again
			}
			i++
		}
	}
	if spliced < edits/4 {
		t.Fatalf("only %d of %d edits were parsed incrementally", spliced, edits)
	}
	if followed < edits/8 {
		t.Fatalf("only %d of %d edits took model entries over from the previous version", followed, edits)
	}
	t.Logf("%d of %d edits parsed incrementally, %d of them taking model entries over", spliced, edits, followed)
}

// tookEntries reports whether next's model took an entry or call of
// prev's over (the model following a splice) rather than building all.
func tookEntries(prev, next *hot.Document) bool {
	p, n := prev.Template, next.Template
	if p == nil || n == nil {
		return false
	}
	return (len(p.Resources) > 0 && len(n.Resources) > 0 && p.Resources[0] == n.Resources[0]) ||
		(len(p.Parameters) > 0 && len(n.Parameters) > 0 && p.Parameters[0] == n.Parameters[0]) ||
		(len(p.Calls) > 0 && len(n.Calls) > 0 && p.Calls[0] == n.Calls[0])
}

// modelDiff names the parts of two documents' models that differ.
func modelDiff(got, want *hot.Document) string {
	if got.Template == nil || want.Template == nil {
		return fmt.Sprintf("syntax equal %v, templates %v / %v", edittest.Equal(got.Syntax, want.Syntax), got.Template != nil, want.Template != nil)
	}
	g, w := got.Template, want.Template
	parts := []struct {
		name      string
		got, want any
	}{{"syntax", got.Syntax, want.Syntax}, {"sections", g.Sections, w.Sections}, {"parameters", g.Parameters, w.Parameters},
		{"resources", g.Resources, w.Resources}, {"outputs", g.Outputs, w.Outputs}, {"conditions", g.Conditions, w.Conditions}, {"calls", g.Calls, w.Calls}}
	var differ []string
	for _, p := range parts {
		if !edittest.Equal(p.got, p.want) {
			differ = append(differ, p.name)
		}
	}
	return "differ: " + strings.Join(differ, ", ")
}
