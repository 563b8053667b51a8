package syntax

import (
	"math/rand/v2"
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
			if d := sameFile(got, Parse(next)); d != "" {
				t.Fatalf("%s: edit %d on line %d (%q → %q): the spliced parse differs from the full parse: %s", name, edit, n+1, lines[n], changed[n], d)
			}
			checkReparsedLines(t, prev, next, name, n)
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

// checkReparsedLines holds what SpliceEntry says of the lines it parsed
// again (SplicedEntry.Reparsed) to what answers kept with the previous
// version rely on: the texts are the same before them and after them,
// the change lies inside them, they start at a line's start, and a
// member's lines lie inside its entry's.
func checkReparsedLines(t *testing.T, prev *File, next []byte, name string, line int) {
	t.Helper()
	src := prev.Src
	_, e, ok := SpliceEntry(prev, next)
	if !ok {
		t.Fatalf("%s: line %d: Splice spliced, SpliceEntry did not", name, line+1)
	}
	from, oldTo, newTo := e.Reparsed()
	start, oldEnd, newEnd := source.ChangedRange(src, next)
	switch {
	case string(src[:from]) != string(next[:from]) || string(src[oldTo:]) != string(next[newTo:]):
		t.Fatalf("%s: line %d: the texts differ outside the reparsed lines [%d, %d)", name, line+1, from, oldTo)
	case start < from || oldEnd > oldTo || newEnd > newTo:
		t.Fatalf("%s: line %d: the change [%d, %d) is not inside the reparsed lines [%d, %d)", name, line+1, start, oldEnd, from, oldTo)
	case from > 0 && src[from-1] != '\n':
		t.Fatalf("%s: line %d: the reparsed lines start inside a line (%d)", name, line+1, from)
	case e.Nested && (e.MemberFrom < e.From || e.MemberOldTo > e.OldTo || e.MemberNewTo > e.NewTo):
		t.Fatalf("%s: line %d: the member's lines %d–%d are not inside the entry's %d–%d", name, line+1, e.MemberFrom, e.MemberOldTo, e.From, e.OldTo)
	}
}
