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
