package syntax

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"heat-ls/analysis/syntax/synthtest"
)

// sameParse reports how the parse in parts got differs from the whole
// parse want: "" when every node (kind, style, anchor mark, span, tag,
// value, children in order), every problem and the broken flag are equal.
func sameParse(got, want *File) string {
	if got.Broken != want.Broken || !reflect.DeepEqual(got.Problems, want.Problems) {
		return fmt.Sprintf("problems %+v, want %+v (broken %v, want %v)", got.Problems, want.Problems, got.Broken, want.Broken)
	}
	if len(got.Docs) != len(want.Docs) {
		return fmt.Sprintf("%d documents, want %d", len(got.Docs), len(want.Docs))
	}
	type pair struct {
		a, b *Node
		path string
	}
	var stack []pair
	for i := range got.Docs {
		stack = append(stack, pair{got.Docs[i], want.Docs[i], fmt.Sprint("doc", i)})
	}
	for len(stack) > 0 {
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		a, b := p.a, p.b
		if a.Kind != b.Kind || a.Style != b.Style || a.Anchored != b.Anchored || a.Span() != b.Span() ||
			a.Tag() != b.Tag() || a.Value != b.Value || len(a.kids()) != len(b.kids()) || (a.Target() == nil) != (b.Target() == nil) {
			return fmt.Sprintf("%s: %+v %v, want %+v %v", p.path, *a, a.Span(), *b, b.Span())
		}
		for i := range a.kids() {
			stack = append(stack, pair{a.kids()[i], b.kids()[i], fmt.Sprintf("%s/%d", p.path, i)})
		}
	}
	return ""
}

// partTexts are the texts the parse in parts is tried on: generated
// templates of several sizes, every YAML file under the module's
// testdata, and the corpus of real templates when it is there.
func partTexts(t *testing.T) map[string][]byte {
	t.Helper()
	texts := map[string][]byte{}
	for _, n := range []int{200, 1758, 12000} {
		texts[fmt.Sprint("generated-", n)] = synthtest.GenerateTemplate(n)
	}
	texts["deep-entries"] = []byte(deepEntries)
	add := func(root string) int {
		n := 0
		filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() || !(strings.HasSuffix(p, ".yaml") || strings.HasSuffix(p, ".yml")) {
				return nil
			}
			if src, err := os.ReadFile(p); err == nil && len(src) < 4<<20 {
				texts[p] = src
				n++
			}
			return nil
		})
		return n
	}
	if add(filepath.Join("..", "..", "testdata")) == 0 {
		t.Fatal("no YAML files under the module's testdata")
	}
	if add(filepath.Join("..", "..", "..", "shared", "corpus")) == 0 {
		t.Log("../shared/corpus is not beside the checkout: the real templates are not tried")
	}
	return texts
}

// deepEntries has sections continued by parts whose entries nest, with
// comments and blank lines around the cuts.
const deepEntries = `# leading comment
heat_template_version: 2021-04-16
description: >
  folded text
  over lines

parameters:
  a:
    type: string
  # between entries
  b: {type: number, default: 3}

  c:
    type: json
    default: {k: [1, 2]}
resources:
  one:
    type: OS::Heat::None
    properties:
      value: |
        text
          indented
        more
  two:
    type: OS::Heat::None
  three: {type: OS::Heat::None}
outputs:
  x:
    value: {get_attr: [one, value]}
`

// TestPartsEqualWhole parses every text in parts cut at every candidate,
// and at the cuts the planner picks for two cores (and for two to four
// parts), and requires the whole parse's tree and problems whenever the
// parts were accepted. The large generated template must be accepted.
func TestPartsEqualWhole(t *testing.T) {
	// Every cut and the parts two cores make in the test command (the
	// race detector makes each parse cost tenfold); two to four parts too
	// where HEAT_LS_LONG is set, as .ci/run sets it.
	counts := []int{2 * partsPerCore}
	if os.Getenv("HEAT_LS_LONG") != "" && !testing.Short() {
		counts = append(counts, 2, 3, 4)
	}
	accepted, tried := 0, 0
	for name, src := range partTexts(t) {
		cands := cutCandidates(src)
		var plans [][]cut
		if len(cands) > 1 {
			plans = append(plans, cands[1:])
		}
		for _, parts := range counts {
			if c := chooseCuts(cands, len(src), parts); c != nil {
				plans = append(plans, c)
			}
		}
		if len(plans) == 0 {
			continue
		}
		want, _ := parseText(src, nil, "", nil)
		for _, cuts := range plans {
			tried++
			got, ok := parseInParts(src, cuts, true)
			if !ok {
				if strings.HasPrefix(name, "generated-") || name == "deep-entries" {
					t.Errorf("%s: cut at %v, the parts were refused", name, cuts)
				}
				continue
			}
			accepted++
			if d := sameParse(got, want); d != "" {
				t.Fatalf("%s cut at %v: %s", name, cuts, d)
			}
		}
	}
	t.Logf("%d of %d cut texts accepted and equal to the whole parse", accepted, tried)
	if accepted < tried/2 {
		t.Errorf("only %d of %d cut texts were accepted", accepted, tried)
	}
}

// TestPartsAnyCut cuts texts at line starts drawn at random, seeded, each
// as a top-level or an entry cut whatever the line holds: the parts are
// either refused or give the whole parse.
func TestPartsAnyCut(t *testing.T) {
	rng := rand.New(rand.NewPCG(28, 1))
	texts := partTexts(t)
	names := make([]string, 0, len(texts))
	for name := range texts {
		names = append(names, name)
	}
	accepted := 0
	// 1,000 seeded cuts in the test command, 3,000 where HEAT_LS_LONG is
	// set (.ci/run).
	rounds := 1000
	if os.Getenv("HEAT_LS_LONG") != "" && !testing.Short() {
		rounds = 3000
	}
	for round := range rounds {
		name := names[rng.IntN(len(names))]
		src := texts[name]
		var starts []int
		for i := 1; i < len(src); i++ {
			if src[i-1] == '\n' {
				starts = append(starts, i)
			}
		}
		if len(starts) == 0 {
			continue
		}
		// Cuts drawn from the candidates (their kind flipped at times)
		// and from any line start, in order.
		cands := cutCandidates(src)
		picked := map[int]bool{}
		for range 1 + rng.IntN(4) {
			c := cut{at: starts[rng.IntN(len(starts))], entry: rng.IntN(2) == 0}
			if len(cands) > 0 && rng.IntN(2) == 0 {
				c = cands[rng.IntN(len(cands))]
				if rng.IntN(4) == 0 {
					c.entry = !c.entry
				}
			}
			picked[c.at] = c.entry
		}
		var cuts []cut
		for _, at := range starts {
			if entry, ok := picked[at]; ok {
				cuts = append(cuts, cut{at: at, entry: entry})
			}
		}
		if len(cuts) == 0 {
			continue
		}
		got, ok := parseInParts(src, cuts, true)
		if !ok {
			continue
		}
		accepted++
		want, _ := parseText(src, nil, "", nil)
		if d := sameParse(got, want); d != "" {
			t.Fatalf("round %d, %s cut at %v: %s", round, name, cuts, d)
		}
	}
	t.Logf("%d of %d random cuts accepted and equal to the whole parse", accepted, rounds)
	if accepted == 0 {
		t.Error("no random cut was accepted: the test proves nothing")
	}
}

// TestPartsRefused lists texts whose cuts would change the tree or lose a
// problem: the parse in parts refuses each, and Parse still gives the
// whole parse's answer.
func TestPartsRefused(t *testing.T) {
	for _, c := range []struct {
		name, text string
		cutAt      string
		entry      bool
	}{
		{"quoted scalar across the cut", "a: \"x\nb: y\"\nc: 1\n", "b:", false},
		{"key repeated across parts", "a: 1\nb: 2\na: 3\n", "b:", false},
		{"entry repeated across parts", "r:\n  a: 1\n  b: 2\n  a: 3\n", "  b:", true},
		{"entry at another indentation", "r:\n  a: 1\nq:\n    b: 2\n", "    b:", true},
		{"alias of an anchor in another part", "a: &x 1\nb: *x\n", "b:", false},
		{"entry cut inside a nested mapping", "r:\n  a:\n    b: 1\n    c: 2\n", "    c:", true},
		{"top-level cut at an entry", "r:\n  a: 1\n  b: 2\n", "  b:", false},
		{"flow mapping across the cut", "a: {x: 1,\nb: 2}\n", "b:", false},
		{"a second document", "a: 1\nb: 2\n---\nc: 3\n", "b:", false},
		{"a second document in the last part", "a: 1\nb: 2\n...\n", "b:", false},
		{"carriage returns", "a: 1\r\nb: 2\r\n", "b:", false},
	} {
		src := []byte(c.text)
		at := bytes.Index(src, []byte(c.cutAt))
		if at < 0 {
			t.Fatalf("%s: no %q", c.name, c.cutAt)
		}
		if _, ok := parseInParts(src, []cut{{at: at, entry: c.entry}}, true); ok {
			t.Errorf("%s: the parts were accepted", c.name)
		}
	}
}

// TestPlanParts: a large template is planned in parts on a machine with
// more than one core, a small one or a text that is not a block mapping
// at the margin is not.
func TestPlanParts(t *testing.T) {
	big := synthtest.GenerateTemplate(12000)
	for _, c := range []struct {
		name  string
		src   []byte
		procs int
		want  bool
	}{
		{"large, 2 cores", big, 2, true},
		{"large, 1 core", big, 1, false},
		{"small", synthtest.GenerateTemplate(200), 2, false},
		{"flow root", append([]byte("{"), append(bytes.Repeat([]byte("a: 1,\n"), partMin), '}')...), 2, false},
	} {
		got := planPartsOn(c.src, c.procs) != nil
		if got != c.want {
			t.Errorf("%s: planned %v, want %v", c.name, got, c.want)
		}
	}
}

// TestParseForReadingSameTree holds ParseForReading, which leaves the
// scalars' texts unpacked, to Parse's tree and problems on texts large
// enough to be parsed in parts, and checks that they were.
func TestParseForReadingSameTree(t *testing.T) {
	for _, n := range []int{4000, 12000} {
		src := []byte(synthtest.GenerateTemplate(n))
		if planPartsOn(src, 2) == nil {
			t.Fatalf("%d lines: no parts planned", n)
		}
		if d := sameParse(ParseForReading(src), Parse(src)); d != "" {
			t.Errorf("%d lines: %s", n, d)
		}
	}
}
