package check

import (
	"bytes"
	"context"
	"math/rand"
	"strings"
	"testing"

	"heat-ls/analysis/check/pass"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/hot/edittest"
	"heat-ls/analysis/syntax/synthtest"
)

// faultyDeepOutput is the real large shape (one output's value running
// most of the template) with findings of the per-call rules spread
// through the value: an unknown function and bad arguments in every
// seventh block, and an output of faulty calls after it.
func faultyDeepOutput(lines int) []byte {
	parts := strings.Split(string(synthtest.GenerateDeepOutput(lines)), "debug: {get_param: Debug}")
	var b strings.Builder
	for i, part := range parts {
		if i > 0 {
			if i%7 == 0 {
				b.WriteString("debug: {get_parm: Debug}")
			} else if i%7 == 3 {
				b.WriteString("debug: {list_join: [',', [a], 3]}")
			} else {
				b.WriteString("debug: {get_param: Debug}")
			}
		}
		b.WriteString(part)
	}
	b.WriteString("  faulty:\n    value:\n      a: {get_parm: x}\n      b: {str_replace: {template: x}}\n      c: {list_join: 1}\n")
	return []byte(b.String())
}

// TestCallReuseEqualsFullRun applies seeded random edits inside the
// outputs of the deep-output shape (half the bursts) and of the
// many-resources shapes, each
// to the previous version as typing does, and checks that the
// diagnostics of a run that takes the previous version's call findings
// over equal those of a full run; with a workspace half the time. It
// also checks that calls' findings were taken over in most runs, some of
// them not empty, and that many of those runs followed a splice below
// the output entry.
func TestCallReuseEqualsFullRun(t *testing.T) {
	sc := testSchema(t)
	texts := append(edittest.Texts(t), []byte(faultyResources))
	deep := [][]byte{faultyDeepOutput(400), faultyDeepOutput(900)}
	rnd := rand.New(rand.NewSource(31))
	edits := 120 // sized for the test command, which runs under -race
	if testing.Short() {
		edits = 60
	}
	took, nested, withFindings := 0, 0, 0
	for i := 0; i < edits; {
		src := texts[rnd.Intn(len(texts))]
		if rnd.Intn(2) == 0 {
			src = deep[rnd.Intn(len(deep))] // half the bursts in the real large shape
		}
		opts := Options{Schema: sc}
		if rnd.Intn(2) == 0 {
			opts.Workspace = mappedView{map[string]bool{"My::Custom::Thing": true}}
		}
		prev := hot.Parse(src)
		Run(context.Background(), prev, opts)
		for range 1 + rnd.Intn(20) {
			next := edittest.EditAt(rnd, prev.Src, outputsPlace(rnd, prev.Src))
			doc, sp := hot.ReparseSplice(prev, next, nil)
			runBoth(t, doc, sp, opts, "edit")
			if v, ok := doc.Known(pass.ResultsKey(sc, "")); ok && v.(*pass.EntryResults).CallsTakenOver > 0 {
				took++
				if sp.Nested {
					nested++
				}
				if bytes.Contains(doc.Src, []byte("get_parm")) {
					withFindings++
				}
			}
			prev = doc
			if len(doc.Syntax.Problems) > 0 {
				prev = hot.Parse(src) // a broken text is always parsed in full: start again
				Run(context.Background(), prev, opts)
			}
			i++
		}
	}
	if took < edits/4 || nested < took/3 || withFindings < took/4 {
		t.Fatalf("of %d runs, %d took call findings over, %d of them after a nested splice, %d with findings", edits, took, nested, withFindings)
	}
	t.Logf("of %d runs, %d took call findings over, %d of them after a nested splice, %d with findings", edits, took, nested, withFindings)
}

// outputsPlace picks an offset inside the outputs section (anywhere when
// there is none).
func outputsPlace(rnd *rand.Rand, src []byte) int {
	at := bytes.Index(src, []byte("\noutputs:"))
	if at < 0 {
		return rnd.Intn(len(src) + 1)
	}
	from := at + len("\noutputs:")
	return from + rnd.Intn(len(src)-from+1)
}
