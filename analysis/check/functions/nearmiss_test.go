package functions

import (
	"context"
	"slices"
	"strings"
	"testing"

	"heat-ls/analysis/check/pass"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/rules"
	"heat-ls/schema"
)

const nearMissOutput = `heat_template_version: 2018-08-31
outputs:
  data:
    value:
      service_a:
        port: 80
      service_b:
        name: {get_parm: x}
`

// nearMisses runs CheckNearMisses on doc and returns the keys it reported
// as near misses, in order.
func nearMisses(doc *hot.Document, sc *schema.Schema, sp *hot.Splice) []string {
	p := pass.NewPass(context.Background(), doc, pass.Options{Schema: sc, Splice: sp})
	CheckNearMisses(p)
	var out []string
	for _, d := range p.Diags {
		if d.Code == rules.FunctionNearMiss {
			out = append(out, string(doc.Src[d.Span.Start:d.Span.End]))
		}
	}
	return out
}

// TestNearMissAnswersCarried: the answers of a version are what the next
// version, spliced from it, looks up (a planted answer shows it is used);
// a key the edit wrote is matched afresh; what is kept holds only the
// keys the version asked about; a document parsed whole carries nothing.
func TestNearMissAnswersCarried(t *testing.T) {
	sc, err := schema.Load()
	if err != nil {
		t.Fatal(err)
	}
	prev := hot.Parse([]byte(nearMissOutput))
	if got := nearMisses(prev, sc, nil); !slices.Equal(got, []string{"get_parm"}) {
		t.Fatalf("first run: %q", got)
	}
	v, ok := prev.Known(nearMissAnswersKey{sc})
	if !ok {
		t.Fatal("the answers were not kept")
	}
	kept := v.(map[string][]string)
	if _, ok := kept["get_parm"]; !ok || len(kept) > 4 {
		t.Fatalf("kept %v, want the lone keys of the text (get_parm among them)", kept)
	}
	// Plant an answer the matching would never give: the next version
	// reports it only when it reads the carried answers.
	kept["get_parm"] = []string{"get_planted"}
	next := strings.Replace(nearMissOutput, "        port: 80", "        port: 81", 1)
	doc, sp := hot.ReparseSplice(prev, []byte(next), nil)
	if sp == nil {
		t.Fatal("the edit was not spliced")
	}
	p := pass.NewPass(context.Background(), doc, pass.Options{Schema: sc, Splice: sp})
	CheckNearMisses(p)
	if len(p.Diags) != 1 || !slices.Equal(p.Diags[0].Suggestions, []string{"get_planted"}) {
		t.Fatalf("the carried answer was not used: %+v", p.Diags)
	}
	// A key written by the edit is matched, not looked up.
	next2 := strings.Replace(next, "get_parm", "list_jion", 1)
	doc2, sp2 := hot.ReparseSplice(doc, []byte(next2), nil)
	if sp2 == nil {
		t.Fatal("the second edit was not spliced")
	}
	p2 := pass.NewPass(context.Background(), doc2, pass.Options{Schema: sc, Splice: sp2})
	CheckNearMisses(p2)
	if len(p2.Diags) != 1 || !slices.Equal(p2.Diags[0].Suggestions, []string{"list_join"}) {
		t.Fatalf("the new key: %+v", p2.Diags)
	}
	v2, _ := doc2.Known(nearMissAnswersKey{sc})
	if _, old := v2.(map[string][]string)["get_parm"]; old {
		t.Fatal("a key no longer in the text is still carried")
	}
	// Parsed whole: nothing is carried, the answer is matched again.
	whole := hot.Parse([]byte(next))
	if got := nearMisses(whole, sc, nil); !slices.Equal(got, []string{"get_parm"}) {
		t.Fatalf("parsed whole: %q", got)
	}
	p3 := pass.NewPass(context.Background(), whole, pass.Options{Schema: sc})
	CheckNearMisses(p3)
	if slices.Equal(p3.Diags[0].Suggestions, []string{"get_planted"}) {
		t.Fatal("a document parsed whole used answers it cannot have")
	}
}
