package feature_test

import (
	"bytes"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
	"unicode/utf8"

	"heat-ls/analysis/feature"
	"heat-ls/analysis/feature/completion"
	"heat-ls/analysis/feature/hover"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/source"
	"heat-ls/analysis/syntax"
	"heat-ls/schema"
	"heat-ls/schema/schematest"
)

// typingTarget is the share of exact answers the typing simulation must
// reach for every feature (docs/editing.md).
const typingTarget = 0.995

// TestTypingSimulation retypes lines of the corpus templates from empty:
// the line's content is deleted (its indentation stays, as editors keep
// it), then typed again character by character, as an editor sends it.
// Every top-level key of a template ("parameters:", "resources:") is
// retyped, and a few other lines drawn at random. At every step it asks
// definition, hover and references on every reference outside the line
// being typed, and completion at the cursor. Each answer must be the one
// the final text gives, moved by the length the typed line still lacks:
// definitions and references whose final answer is on the typed line
// must land on it. Completion must offer the word the final text holds at
// the cursor, whenever completion on the final text offers it there.
// Queries follow the store: while the typed line is in flux
// (syntax.InFlux), a query on another line reads the settled version
// (feature.NewFluxView). The seed is fixed. A sample of the templates keeps the
// test quick under -race; HEATLS_TYPING=full retypes every template, with
// three drawn lines each (docs/editing-in-flux.md has the figures).
func TestTypingSimulation(t *testing.T) {
	files := feature.CorpusFiles(t)
	linesPerFile := 3
	if os.Getenv("HEATLS_TYPING") != "full" {
		files = sampleFiles(files, 16)
		linesPerFile = 1
	}
	sim := &typingSim{sch: schematest.Load(t), score: map[string]*typingScore{}}
	for _, path := range files {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		sim.file(t, filepath.Base(path), src, linesPerFile)
	}
	t.Logf("%d templates, %d lines retyped from empty (%d top-level keys)", len(files), sim.lines, sim.sections)
	for _, name := range []string{"definition", "hover", "references", "completion"} {
		s := sim.score[name]
		if s == nil || s.total == 0 {
			t.Errorf("%s: no answers compared", name)
			continue
		}
		share := float64(s.exact) / float64(s.total)
		t.Logf("%-10s %6d/%6d exact = %.2f%%", name, s.exact, s.total, 100*share)
		for _, m := range s.misses {
			t.Logf("  miss: %s", m)
		}
		if share < typingTarget {
			t.Errorf("%s: %.2f%% exact, want at least %.1f%%; misses: %s", name, 100*share, 100*typingTarget, strings.Join(s.misses, "; "))
		}
	}
}

// sampleFiles picks n files spread over the sorted list.
func sampleFiles(files []string, n int) []string {
	if len(files) <= n {
		return files
	}
	out := make([]string, 0, n)
	for i := range n {
		out = append(out, files[i*len(files)/n])
	}
	return out
}

type typingScore struct {
	exact, total int
	misses       []string
}

type typingSim struct {
	sch             *schema.Schema
	score           map[string]*typingScore
	lines, sections int
}

func (s *typingSim) count(name string, ok bool, miss func() string) {
	sc := s.score[name]
	if sc == nil {
		sc = &typingScore{}
		s.score[name] = sc
	}
	sc.total++
	if ok {
		sc.exact++
	} else if len(sc.misses) < 40 {
		sc.misses = append(sc.misses, miss())
	}
}

// file simulates retyping n lines of one template.
func (s *typingSim) file(t *testing.T, name string, final []byte, n int) {
	good := hot.Parse(final)
	if good.Syntax.Broken || good.Template == nil {
		return
	}
	h := fnv.New64a()
	h.Write([]byte(name))
	rng := rand.New(rand.NewPCG(13, h.Sum64()))
	lines := typableLines(final)
	rng.Shuffle(len(lines), func(i, j int) { lines[i], lines[j] = lines[j], lines[i] })
	refs := referenceOffsets(good)
	sections := topLevelKeys(good)
	for _, ls := range sections {
		s.retype(t, name, final, good, refs, ls)
	}
	drawn := 0
	for _, ls := range lines {
		if drawn == n {
			break
		}
		if !slices.Contains(sections, ls) {
			s.retype(t, name, final, good, refs, ls)
			drawn++
		}
	}
	s.lines += len(sections) + drawn
	s.sections += len(sections)
}

// topLevelKeys are the starts of the lines holding a top-level key of the
// template (heat_template_version aside: its value picks the functions).
func topLevelKeys(doc *hot.Document) []int {
	var out []int
	for ls := 0; ls < len(doc.Src); {
		le := bytes.IndexByte(doc.Src[ls:], '\n')
		if le < 0 {
			le = len(doc.Src) - ls
		}
		line := doc.Src[ls : ls+le]
		if len(line) > 0 && line[0] != ' ' && line[0] != '#' && syntax.HoldsKey(line) && !bytes.HasPrefix(line, []byte("heat_template_version")) {
			out = append(out, ls)
		}
		ls += le + 1
	}
	return out
}

// typableLines are the starts of lines with content that is not a comment.
func typableLines(src []byte) []int {
	var out []int
	for ls := 0; ls < len(src); {
		le := bytes.IndexByte(src[ls:], '\n')
		if le < 0 {
			le = len(src) - ls
		}
		line := bytes.TrimSpace(src[ls : ls+le])
		if len(line) > 0 && line[0] != '#' && len(line) < 120 {
			out = append(out, ls)
		}
		ls += le + 1
	}
	return out
}

// referenceOffsets are the starts of every reference to a parameter,
// resource or condition in the final text.
func referenceOffsets(doc *hot.Document) []int {
	var defs []*hot.Entry
	for _, p := range doc.Template.Parameters {
		defs = append(defs, &p.Entry)
	}
	for _, r := range doc.Template.Resources {
		defs = append(defs, &r.Entry)
	}
	for _, c := range doc.Template.Conditions {
		defs = append(defs, &c.Entry)
	}
	var out []int
	for _, d := range defs {
		for _, r := range feature.FindReferences(doc, d.Key.Span().Start, false) {
			out = append(out, r.Span.Start)
		}
	}
	sort.Ints(out)
	return slices.Compact(out)
}

// retype types the content of the line at ls again from empty: the
// content is deleted, then typed one character at a time (the
// indentation stays, as editors keep it).
func (s *typingSim) retype(t *testing.T, name string, final []byte, good *hot.Document, refs []int, ls int) {
	le := ls + bytes.IndexByte(final[ls:], '\n')
	if le < ls {
		le = len(final)
	}
	indent := ls
	if ls == 0 && bytes.HasPrefix(final, []byte("\ufeff")) {
		indent = len("\ufeff") // a byte order mark is not typed
	}
	for indent < le && final[indent] == ' ' {
		indent++
	}
	lastGood, settled := good, good
	for cut := indent; cut < le; cut++ {
		if !utf8.RuneStart(final[cut]) {
			continue // characters are typed whole
		}
		// The line holds final[ls:cut]; the rest of the text follows.
		text := slices.Concat(final[:cut], final[le:])
		doc := hot.ParseAfter(text, lastGood)
		if !doc.Syntax.Broken {
			lastGood = doc
		}
		// As the store decides (lsp/store settledFor): the version the
		// other lines read while this one is in flux.
		var inFlux *hot.Document
		if _, ok := syntax.InFlux(doc.Syntax, settled.Syntax); ok && settled.Syntax.HasTree() {
			inFlux = settled
		} else {
			settled = doc
		}
		m := typingMap{lineStart: ls, finalEnd: le, stateEnd: cut}
		where := func(what string, off int) func() string {
			return func() string {
				return fmt.Sprintf("%s %s typing %q: %s at %d", name, what, final[ls:cut], line(final, off), off)
			}
		}
		for _, ref := range refs {
			if ref >= ls && ref <= le {
				continue // on the typed line
			}
			off := m.toState(ref) + 1
			view := feature.NewFluxView(doc, lastGood, inFlux, off)
			q, ok := view.Offset(off)
			s.count("definition", ok && s.sameDefinition(good, view, m, ref+1, q), where("definition", ref))
			s.count("hover", ok && s.sameHover(good, view, m, ref+1, q), where("hover", ref))
			s.count("references", ok && s.sameReferences(good, view, m, ref+1, q), where("references", ref))
		}
		s.completion(good, doc, lastGood, final, cut, le, where("completion", cut))
	}
}

// typingMap relates offsets of the final text and of a typing state that
// differ only in the typed line's length.
type typingMap struct{ lineStart, finalEnd, stateEnd int }

func (m typingMap) toState(off int) int {
	if off >= m.finalEnd {
		return off - m.finalEnd + m.stateEnd
	}
	return off
}

// onLine reports whether a final-text span is on the typed line.
func (m typingMap) onLine(sp source.Span) bool {
	return sp.End >= m.lineStart && sp.Start <= m.finalEnd
}

// sameSpan compares a final-text span with a span of the state: moved
// exactly, or anywhere on the typed line when the final one is there.
func (m typingMap) sameSpan(final, state source.Span) bool {
	if m.onLine(final) {
		return state.Start >= m.lineStart && state.Start <= m.stateEnd
	}
	return state == source.Span{Start: m.toState(final.Start), End: m.toState(final.End)}
}

func (s *typingSim) sameDefinition(good *hot.Document, view feature.View, m typingMap, finalOff, q int) bool {
	want, wok := feature.Definition(good, finalOff)
	got, gok := feature.Definition(view.Doc, q)
	if gok {
		got, gok = view.Span(got)
	}
	return wok == gok && (!wok || m.sameSpan(want, got))
}

// sameHover compares the hover texts and ranges; when the hovered name's
// definition holds the typed line (a resource whose type is being typed),
// its description may change while typing, so only the range is compared.
func (s *typingSim) sameHover(good *hot.Document, view feature.View, m typingMap, finalOff, q int) bool {
	want, wok := hover.Hover(good, s.sch, finalOff, true)
	if t := feature.Locate(good, finalOff); t.Kind == feature.TargetReference {
		if e := feature.DefinitionEntry(good.Template, t.Namespace, t.Name); e != nil {
			end := max(e.Key.Span().End, e.Value.Span().End)
			if e.Key.Span().Start <= m.finalEnd && m.lineStart <= end {
				want.Text = ""
			}
		}
	}
	got, gok := hover.Hover(view.Doc, s.sch, q, true)
	if gok {
		var ok bool
		if got.Span, ok = view.Span(got.Span); !ok {
			return false
		}
	}
	return wok == gok && (!wok || (want.Text == "" || want.Text == got.Text) && m.sameSpan(want.Span, got.Span))
}

func (s *typingSim) sameReferences(good *hot.Document, view feature.View, m typingMap, finalOff, q int) bool {
	var want, got []source.Span
	for _, r := range feature.FindReferences(good, finalOff, true) {
		if !m.onLine(r.Span) {
			want = append(want, source.Span{Start: m.toState(r.Span.Start), End: m.toState(r.Span.End)})
		}
	}
	for _, r := range feature.FindReferences(view.Doc, q, true) {
		sp, ok := view.Span(r.Span)
		if !ok {
			return false
		}
		if sp.End < m.lineStart || sp.Start > m.stateEnd {
			got = append(got, sp)
		}
	}
	sortSpans(want)
	sortSpans(got)
	return slices.Equal(want, got)
}

func sortSpans(s []source.Span) {
	sort.Slice(s, func(i, j int) bool { return s[i].Start < s[j].Start })
}

// completion checks the state whose cursor is at cut, right after a word
// character: the word the final text holds there must be offered when
// completion on the final text offers it at the same place.
func (s *typingSim) completion(good, doc, lastGood *hot.Document, final []byte, cut, le int, miss func() string) {
	if cut == 0 || !isWordByte(final[cut-1]) {
		return
	}
	start, end := cut, cut
	for start > 0 && isWordByte(final[start-1]) {
		start--
	}
	for end < le && isWordByte(final[end]) {
		end++
	}
	word := string(final[start:end])
	offered := func(items []completion.Item) bool {
		return slices.ContainsFunc(items, func(it completion.Item) bool { return it.Label == word })
	}
	if !offered(completion.Complete(completion.Request{Doc: good, LastGood: good, Offset: cut, Schema: s.sch, Snippets: true})) {
		return
	}
	got := completion.Complete(completion.Request{Doc: doc, LastGood: lastGood, Offset: cut, Schema: s.sch, Snippets: true})
	s.count("completion", offered(got), miss)
}

func isWordByte(b byte) bool {
	return b == '_' || b == '-' || b == ':' || b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z'
}

// line is the text of the line holding off, for failure messages.
func line(src []byte, off int) string {
	ls := bytes.LastIndexByte(src[:off], '\n') + 1
	le := bytes.IndexByte(src[off:], '\n')
	if le < 0 {
		le = len(src) - off
	}
	return strings.TrimSpace(string(src[ls : off+le]))
}
