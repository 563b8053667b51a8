package lsp

// Marker verbs of the features that show the template to the reader:
// semantic tokens, folding and selection ranges, signature help, inlay
// hints and code lenses. testdata/README.md documents them with the rest.

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// visualClientCapabilities is what the marker client offers for them.
const visualClientCapabilities = `"semanticTokens":{"requests":{"full":true,"range":true},"tokenTypes":[],"tokenModifiers":[],"formats":["relative"]},` +
	`"foldingRange":{"lineFoldingOnly":false},"selectionRange":{},` +
	`"signatureHelp":{"signatureInformation":{"documentationFormat":["markdown"],"activeParameterSupport":true,"parameterInformation":{"labelOffsetSupport":true}}},` +
	`"inlayHint":{},"codeLens":{}`

func (s *markerSession) runVisual(e expectation) error {
	switch e.verb {
	case "token":
		return s.token(e.args, true)
	case "notoken":
		return s.token(e.args, false)
	case "fold":
		return s.fold(e.args, true)
	case "nofold":
		return s.fold(e.args, false)
	case "selection":
		return s.selection(e.args)
	case "signature":
		return s.signature(e.args)
	case "inlay":
		return s.inlay(e.args)
	case "lens":
		return s.lens(e.args)
	case "nolens":
		return s.noLens(e.args)
	case "condlens":
		return s.condLens(e.args)
	}
	return fmt.Errorf("verb not handled")
}

// wireToken is one decoded semantic token.
type wireToken struct {
	r    wireRange
	typ  string
	mods []string
}

func (s *markerSession) legend() (types, mods []string) {
	var p struct {
		Legend struct {
			TokenTypes     []string `json:"tokenTypes"`
			TokenModifiers []string `json:"tokenModifiers"`
		} `json:"legend"`
	}
	json.Unmarshal(s.caps["semanticTokensProvider"], &p)
	return p.Legend.TokenTypes, p.Legend.TokenModifiers
}

// tokens asks for the tokens of the whole document (r nil) or a range and
// decodes them with the advertised legend.
func (s *markerSession) tokens(r *wireRange) ([]wireToken, error) {
	method, params := "textDocument/semanticTokens/full", map[string]any{"textDocument": map[string]any{"uri": markerURI}}
	if r != nil {
		method, params["range"] = "textDocument/semanticTokens/range", r
	}
	res, err := s.call(method, params)
	if err != nil {
		return nil, err
	}
	var st struct {
		Data []int `json:"data"`
	}
	if err := json.Unmarshal(res, &st); err != nil {
		return nil, err
	}
	if len(st.Data)%5 != 0 {
		return nil, fmt.Errorf("data length %d is not a multiple of 5", len(st.Data))
	}
	types, mods := s.legend()
	var out []wireToken
	line, char := 0, 0
	for i := 0; i < len(st.Data); i += 5 {
		d := st.Data[i : i+5]
		if d[0] > 0 {
			char = 0
		}
		line += d[0]
		char += d[1]
		if d[3] >= len(types) {
			return nil, fmt.Errorf("token type %d outside the legend", d[3])
		}
		tk := wireToken{r: wireRange{Start: wirePos{line, char}, End: wirePos{line, char + d[2]}}, typ: types[d[3]]}
		for b := range mods {
			if d[4]&(1<<b) != 0 {
				tk.mods = append(tk.mods, mods[b])
			}
		}
		out = append(out, tk)
	}
	return out, nil
}

// token: "#@token a..b TYPE [MODIFIER...]" a token covers exactly a..b
// with that type and exactly those modifiers, in the full answer and in
// the answer for its line's range; "#@notoken a": no token starts at a.
func (s *markerSession) token(args []string, want bool) error {
	if len(args) < 1 || want && len(args) < 2 {
		return fmt.Errorf("want a marker range and, for #@token, a type")
	}
	all, err := s.tokens(nil)
	if err != nil {
		return err
	}
	start, _, _ := strings.Cut(args[0], "..")
	p, err := s.pos(start)
	if err != nil {
		return err
	}
	var found *wireToken
	for i := range all {
		if all[i].r.Start == p {
			found = &all[i]
		}
	}
	if !want {
		if found != nil {
			return fmt.Errorf("a %s token starts there", found.typ)
		}
		return nil
	}
	describe := func(t *wireToken) string {
		if t == nil {
			return "no token"
		}
		return fmt.Sprintf("%s %v at %s..%s", t.typ, t.mods, s.markerAt(t.r.Start), s.markerAt(t.r.End))
	}
	wantMods := args[2:]
	slices.Sort(wantMods)
	check := func(t *wireToken) bool {
		if t == nil || !s.matchRange(args[0], t.r) || t.typ != args[1] {
			return false
		}
		got := slices.Clone(t.mods)
		slices.Sort(got)
		return slices.Equal(got, wantMods)
	}
	if !check(found) {
		return fmt.Errorf("got %s", describe(found))
	}
	lineRange := wireRange{Start: wirePos{p.Line, 0}, End: wirePos{p.Line + 1, 0}}
	inRange, err := s.tokens(&lineRange)
	if err != nil {
		return err
	}
	for i := range inRange {
		if inRange[i].r.Start.Line != p.Line {
			return fmt.Errorf("the range request for line %d answered a token on line %d", p.Line, inRange[i].r.Start.Line)
		}
		if check(&inRange[i]) {
			return nil
		}
	}
	return fmt.Errorf("the range request for its line does not have it")
}

// fold: "#@fold a..b" a folding range runs from a's line to b's line;
// "#@nofold a": none starts on a's line.
func (s *markerSession) fold(args []string, want bool) error {
	if len(args) != 1 {
		return fmt.Errorf("want one marker or marker range")
	}
	res, err := s.call("textDocument/foldingRange", map[string]any{"textDocument": map[string]any{"uri": markerURI}})
	if err != nil {
		return err
	}
	var folds []struct {
		StartLine int `json:"startLine"`
		EndLine   int `json:"endLine"`
	}
	if err := json.Unmarshal(res, &folds); err != nil {
		return err
	}
	a, b, _ := strings.Cut(args[0], "..")
	start, err := s.pos(a)
	if err != nil {
		return err
	}
	for _, f := range folds {
		if f.StartLine != start.Line {
			continue
		}
		if !want {
			return fmt.Errorf("a range %d-%d starts there", f.StartLine, f.EndLine)
		}
		end, err := s.pos(b)
		if err != nil {
			return err
		}
		if f.EndLine != end.Line {
			return fmt.Errorf("the range on line %d ends on line %d, want %d", f.StartLine, f.EndLine, end.Line)
		}
		return nil
	}
	if want {
		return fmt.Errorf("no range starts on line %d (%v)", start.Line, folds)
	}
	return nil
}

// selection: "#@selection m -> a..b c..d ..." the selection ranges at m,
// innermost first, begin with exactly these (the rest, up to the whole
// document, are not listed).
func (s *markerSession) selection(args []string) error {
	before, after, ok := cutArrow(args)
	if !ok || len(before) != 1 || len(after) == 0 {
		return fmt.Errorf("want: m -> ranges")
	}
	p, err := s.pos(before[0])
	if err != nil {
		return err
	}
	res, err := s.call("textDocument/selectionRange", map[string]any{"textDocument": map[string]any{"uri": markerURI}, "positions": []wirePos{p}})
	if err != nil {
		return err
	}
	type sel struct {
		Range  wireRange `json:"range"`
		Parent *sel      `json:"parent"`
	}
	var sels []sel
	if err := json.Unmarshal(res, &sels); err != nil || len(sels) != 1 {
		return fmt.Errorf("want one answer: %s", res)
	}
	var chain []string
	prev := (*wireRange)(nil)
	for cur := &sels[0]; cur != nil; cur = cur.Parent {
		if prev != nil && !rangeContains(cur.Range, *prev) {
			return fmt.Errorf("a parent range does not contain its child")
		}
		r := cur.Range
		prev = &r
		chain = append(chain, s.markerAt(r.Start)+".."+s.markerAt(r.End))
	}
	for i, want := range after {
		if i >= len(chain) || chain[i] != want {
			return fmt.Errorf("got %v", chain)
		}
	}
	return nil
}

func rangeContains(outer, inner wireRange) bool {
	before := func(a, b wirePos) bool { return a.Line < b.Line || a.Line == b.Line && a.Character <= b.Character }
	return before(outer.Start, inner.Start) && before(inner.End, outer.End)
}

// signature: "#@signature m CHECK..." signature help at m. Checks:
// label~"text" (the active signature's label contains text), active=ARG
// (the highlighted argument's text in that label; active=none: none),
// forms=N (number of signatures), doc~"text" (the active argument's
// documentation). "#@signature m none": no help.
func (s *markerSession) signature(args []string) error {
	if len(args) < 2 {
		return fmt.Errorf("want a marker and checks")
	}
	p, err := s.pos(args[0])
	if err != nil {
		return err
	}
	res, err := s.call("textDocument/signatureHelp", textDocPos(p))
	if err != nil {
		return err
	}
	var h *struct {
		Signatures []struct {
			Label      string `json:"label"`
			Parameters []struct {
				Label         json.RawMessage `json:"label"`
				Documentation string          `json:"documentation"`
			} `json:"parameters"`
		} `json:"signatures"`
		ActiveSignature int `json:"activeSignature"`
		ActiveParameter int `json:"activeParameter"`
	}
	if err := json.Unmarshal(res, &h); err != nil {
		return err
	}
	if args[1] == "none" {
		if h != nil {
			return fmt.Errorf("got %s", res)
		}
		return nil
	}
	if h == nil || h.ActiveSignature >= len(h.Signatures) {
		return fmt.Errorf("got %s", res)
	}
	sig := h.Signatures[h.ActiveSignature]
	active, activeDoc := "none", ""
	if h.ActiveParameter < len(sig.Parameters) {
		prm := sig.Parameters[h.ActiveParameter]
		var offs [2]int
		if err := json.Unmarshal(prm.Label, &offs); err != nil {
			return fmt.Errorf("parameter label is not an offset pair: %s", prm.Label)
		}
		active, activeDoc = sig.Label[offs[0]:offs[1]], prm.Documentation
	}
	for _, c := range args[1:] {
		k, v, _ := strings.Cut(c, "=")
		var ok bool
		switch {
		case strings.HasPrefix(c, "label~"):
			ok = strings.Contains(sig.Label, strings.TrimPrefix(c, "label~"))
		case strings.HasPrefix(c, "doc~"):
			ok = strings.Contains(activeDoc, strings.TrimPrefix(c, "doc~"))
		case k == "active":
			ok = active == v
		case k == "forms":
			ok = fmt.Sprint(len(h.Signatures)) == v
		default:
			return fmt.Errorf("unknown check %q", c)
		}
		if !ok {
			return fmt.Errorf("%s fails: signature %q, active argument %q, %d forms", c, sig.Label, active, len(h.Signatures))
		}
	}
	return nil
}

// inlay: "#@inlay m LABEL" an inlay hint at m reads exactly LABEL;
// "#@inlay m none": no hint at m.
func (s *markerSession) inlay(args []string) error {
	if len(args) != 2 {
		return fmt.Errorf("want a marker and a label (or none)")
	}
	p, err := s.pos(args[0])
	if err != nil {
		return err
	}
	end := s.m.Position(len(s.f.text), s.enc)
	res, err := s.call("textDocument/inlayHint", map[string]any{"textDocument": map[string]any{"uri": markerURI},
		"range": wireRange{End: wirePos{Line: end.Line, Character: end.Character}}})
	if err != nil {
		return err
	}
	var hints []struct {
		Position wirePos `json:"position"`
		Label    string  `json:"label"`
	}
	if err := json.Unmarshal(res, &hints); err != nil {
		return err
	}
	var at []string
	for _, h := range hints {
		if h.Position == p {
			at = append(at, h.Label)
		}
	}
	switch {
	case args[1] == "none" && len(at) == 0:
		return nil
	case len(at) == 1 && at[0] == args[1]:
		return nil
	}
	return fmt.Errorf("hints there: %q", at)
}

// wireLens is a code lens as sent.
type wireLens struct {
	Range   wireRange       `json:"range"`
	Data    json.RawMessage `json:"data"`
	Command *struct {
		Title     string            `json:"title"`
		Command   string            `json:"command"`
		Arguments []json.RawMessage `json:"arguments"`
	} `json:"command"`
}

// lensesAt lists the document's code lenses (unresolved) that start at
// the marker m.
func (s *markerSession) lensesAt(m string) ([]wireLens, error) {
	p, err := s.pos(m)
	if err != nil {
		return nil, err
	}
	res, err := s.call("textDocument/codeLens", map[string]any{"textDocument": map[string]any{"uri": markerURI}})
	if err != nil {
		return nil, err
	}
	var lenses, at []wireLens
	if err := json.Unmarshal(res, &lenses); err != nil {
		return nil, err
	}
	for _, l := range lenses {
		if l.Range.Start == p {
			at = append(at, l)
		}
	}
	return at, nil
}

// noLens: "#@nolens m": no code lens starts at m.
func (s *markerSession) noLens(args []string) error {
	if len(args) != 1 {
		return fmt.Errorf("want a marker")
	}
	at, err := s.lensesAt(args[0])
	if err != nil {
		return err
	}
	if len(at) > 0 {
		return fmt.Errorf("a lens is there: %+v", at[0])
	}
	return nil
}

// lens: "#@lens m TITLE [-> t...]" the code lens at m, once resolved,
// reads TITLE and runs heat-ls.showReferences on exactly the targets.
func (s *markerSession) lens(args []string) error {
	before, targets, _ := cutArrow(args)
	if len(before) != 2 {
		return fmt.Errorf("want a marker and a title")
	}
	at, err := s.lensesAt(before[0])
	if err != nil {
		return err
	}
	var titles []string
	for _, l := range at {
		if l.Command == nil {
			res, err := s.call("codeLens/resolve", l)
			if err != nil {
				return err
			}
			if err := json.Unmarshal(res, &l); err != nil {
				return err
			}
		}
		if l.Command != nil && l.Command.Title != before[1] {
			titles = append(titles, l.Command.Title)
			continue // another lens on the same line (a condition's truth)
		}
		if l.Command == nil || l.Command.Command != "heat-ls.showReferences" || len(l.Command.Arguments) != 3 {
			return fmt.Errorf("got %+v", l.Command)
		}
		var locs []struct {
			Range wireRange `json:"range"`
		}
		json.Unmarshal(l.Command.Arguments[2], &locs)
		var got []string
		for _, loc := range locs {
			got = append(got, s.markerAt(loc.Range.Start))
		}
		if targets != nil && strings.Join(got, " ") != strings.Join(targets, " ") {
			return fmt.Errorf("locations %v, want %v", got, targets)
		}
		return nil
	}
	return fmt.Errorf("no lens there reads %q (there: %q)", before[1], titles)
}

// condLens: "#@condlens m TITLE" the lens at m saying whether a condition
// holds reads TITLE ("true", "false", "unknown (...)") and runs nothing.
func (s *markerSession) condLens(args []string) error {
	if len(args) != 2 {
		return fmt.Errorf("want a marker and a title")
	}
	at, err := s.lensesAt(args[0])
	if err != nil {
		return err
	}
	var titles []string
	for _, l := range at {
		if l.Command == nil || l.Command.Command != "" {
			continue
		}
		if l.Command.Title == args[1] {
			return nil
		}
		titles = append(titles, l.Command.Title)
	}
	return fmt.Errorf("no condition lens there reads %q (there: %q)", args[1], titles)
}
