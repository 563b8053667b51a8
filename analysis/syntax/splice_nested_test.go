package syntax

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"heat-ls/analysis/source"
	"heat-ls/analysis/syntax/synthtest"
)

// TestNestedSpliceEqualsFullParse makes seeded edits at every depth of
// templates whose bulk is one deep value (and of one with many small
// resources): a character typed or deleted, a line added, a line
// emptied, a quote, a bracket or a colon typed, an indentation changed.
// Whenever Splice splices, the tree must equal the full parse; in the
// deep shapes, whose edits are drawn from the second half (the bulk),
// most spliced edits must be spliced two levels or more below their
// entry.
func TestNestedSpliceEqualsFullParse(t *testing.T) {
	texts := map[string][]byte{
		"deep output":  synthtest.GenerateDeepOutput(800),
		"deep default": synthtest.GenerateDeepDefault(800),
		"resources":    synthtest.GenerateTemplate(300),
	}
	edits := []func(line string, at int) string{
		func(l string, at int) string { return l[:at] + "x" + l[at:] },
		func(l string, at int) string { return l[:at] + l[min(at+1, len(l)):] },
		func(l string, at int) string { return l + "\n" + strings.Repeat(" ", at) + "k: v" },
		func(l string, at int) string { return l[:len(l)-len(strings.TrimLeft(l, " "))] },
		func(l string, at int) string { return l[:at] + "'" + l[at:] },
		func(l string, at int) string { return l[:at] + "[" + l[at:] },
		func(l string, at int) string { return l[:at] + ": " + l[at:] },
		func(l string, at int) string { return l[:at] + "\n" + l[at:] },
		func(l string, at int) string { return strings.Repeat(" ", at%3) + l },
	}
	for name, src := range texts {
		prev := Parse(src)
		if prev.Broken || len(prev.Problems) > 0 {
			t.Fatalf("%s: the generated template has problems", name)
		}
		lines := strings.Split(string(src), "\n")
		rng := rand.New(rand.NewPCG(31, uint64(len(src))))
		var spliced, nested, deep int
		from := 0
		if name != "resources" {
			from = len(lines) / 2
		}
		for range 150 {
			n := from + rng.IntN(len(lines)-1-from)
			if lines[n] == "" {
				continue
			}
			edit := rng.IntN(len(edits))
			changed := slicesCloneStrings(lines)
			changed[n] = edits[edit](lines[n], rng.IntN(len(lines[n])+1))
			next := []byte(strings.Join(changed, "\n"))
			got, ok := Splice(prev, next)
			if !ok {
				continue
			}
			spliced++
			if want := Parse(next); !reflect.DeepEqual(got, want) {
				t.Fatalf("%s: edit %d on line %d (%q → %q): the spliced parse differs from the full parse", name, edit, n+1, lines[n], changed[n])
			}
			start, oldEnd, _ := source.ChangedRange(src, next)
			if loc, ok := locateEntry(prev.Docs[0], src, start, oldEnd); ok {
				if m, ok := findNested(prev.Docs[0], src, loc, start, oldEnd); ok {
					if _, ok := spliceNested(next, m, len(next)-len(src)); ok {
						nested++
						if len(m.path) > 3 {
							deep++
						}
					}
				}
			}
		}
		t.Logf("%s: %d edits spliced (of 150), %d below their entry (%d two levels or more below)", name, spliced, nested, deep)
		if name != "resources" && deep < spliced/2 {
			t.Errorf("%s: only %d of %d spliced edits were spliced two levels or more below their entry", name, deep, spliced)
		}
	}
}

func slicesCloneStrings(s []string) []string { return append([]string(nil), s...) }
