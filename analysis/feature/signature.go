package feature

import (
	"strings"

	"heat-ls/analysis/feature/cursor"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/syntax"
	"heat-ls/schema"
)

// Signature is one accepted argument form of a function, as signature
// help shows it: the form as its label, and where each argument sits in it.
type Signature struct {
	Label string
	Doc   string
	// Params are the arguments, in order, as byte ranges of Label.
	Params []SignatureParam
	// variadic: the last argument repeats ("LIST...").
	variadic bool
}

// SignatureParam is one argument of a form.
type SignatureParam struct {
	Start, End int // byte offsets in the signature's Label
	Doc        string
}

// SignatureHelp is what signature help answers at a cursor.
type SignatureHelp struct {
	Signatures []Signature
	// Active is the form that fits the arguments written so far;
	// ActiveParam the argument under the cursor (-1: none).
	Active, ActiveParam int
}

// SignatureHelpAt returns the forms of the innermost function call around
// offset that the template's version accepts, with the argument under the
// cursor: a list item (flow or block) by position, a map argument
// (str_replace's template/params, repeat's for_each/template, ...) by its
// key. ok is false outside calls.
func SignatureHelpAt(doc *hot.Document, sc *schema.Schema, offset int) (h SignatureHelp, ok bool) {
	defer func() {
		if recover() != nil {
			h, ok = SignatureHelp{}, false
		}
	}()
	if doc == nil || doc.Template == nil || sc == nil {
		return SignatureHelp{}, false
	}
	call := innermostCall(doc, offset)
	if call == nil {
		return SignatureHelp{}, false
	}
	h.Signatures = signatures(sc, call.Name, doc.Template.VersionText)
	if len(h.Signatures) == 0 {
		return SignatureHelp{}, false
	}
	written := 1
	if call.Args.IsSequence() {
		written = len(call.Args.Items())
	}
	h.choose(activeArgument(doc, call, offset, h.Signatures[0]), written)
	return h, true
}

// SignatureHelpFromText is signature help for text the parser rejects
// (an unclosed "{get_attr: [server, " being typed): the call and the
// argument come from the cursor context of doc, the current text with its
// tolerant parse (cursor.ReadContext, as completion reads half-typed text);
// version is the template's declared version as last parsed.
func SignatureHelpFromText(doc *hot.Document, version string, sc *schema.Schema, offset int) (h SignatureHelp, ok bool) {
	defer func() {
		if recover() != nil {
			h, ok = SignatureHelp{}, false
		}
	}()
	if sc == nil {
		return SignatureHelp{}, false
	}
	ctx := cursor.ReadContext(doc, offset)
	if ctx == nil {
		return SignatureHelp{}, false
	}
	// The innermost function key on the path, and the step below it.
	at := -1
	for i := len(ctx.Path) - 1; i >= 0; i-- {
		if k := ctx.Path[i].Key; k != "" && hot.IsFunctionName(k) {
			at = i
			break
		}
	}
	if at < 0 {
		return SignatureHelp{}, false
	}
	name := ctx.Path[at].Key
	h.Signatures = signatures(sc, name, version)
	if len(h.Signatures) == 0 {
		return SignatureHelp{}, false
	}
	active, written := 0, 1
	if at+1 < len(ctx.Path) {
		next := ctx.Path[at+1]
		switch {
		case next.IsItem():
			active, written = next.Index, next.Index+1
		default:
			active = -1
			for i, prm := range h.Signatures[0].Params {
				if h.Signatures[0].Label[prm.Start:prm.End] == next.Key {
					active = i
				}
			}
		}
	} else if ctx.Slot == cursor.SlotKey {
		active = -1 // typing a key of the map argument
	}
	h.choose(active, written)
	return h, true
}

// signatures are the forms of function name the version accepts.
func signatures(sc *schema.Schema, name, version string) []Signature {
	fn, found := sc.Function(name)
	if !found {
		return nil
	}
	var v *schema.Version
	if version != "" {
		v, _ = sc.Version(version)
	}
	var out []Signature
	for _, form := range fn.Forms {
		if form, ok := formInVersion(name, form, v); ok {
			out = append(out, parseForm(name, form, fn.Description))
		}
	}
	return out
}

// choose sets the active argument and the active form: the first that
// takes as many arguments as are written (and the one being written).
func (h *SignatureHelp) choose(active, written int) {
	h.ActiveParam = active
	need := max(active+1, written)
	for i, s := range h.Signatures {
		if need <= len(s.Params) || s.variadic {
			h.Active = i
			break
		}
	}
	if s := h.Signatures[h.Active]; h.ActiveParam >= len(s.Params) && s.variadic {
		h.ActiveParam = len(s.Params) - 1
	}
}

// innermostCall is the call whose mapping most closely encloses offset,
// its function key included. The cursor right after "name:" belongs to
// the call even when no argument is written yet.
func innermostCall(doc *hot.Document, offset int) *hot.Call {
	var best *hot.Call
	for _, c := range doc.Template.Calls {
		sp := c.Map.Span()
		if c.Map.Style == syntax.Flow {
			if offset <= sp.Start || offset >= sp.End {
				continue
			}
		} else if offset < sp.Start || offset > sp.End {
			continue
		}
		if best == nil || sp.Start >= best.Map.Span().Start && sp.End <= best.Map.Span().End {
			best = c
		}
	}
	return best
}

// formInVersion drops or trims the forms the declared version refuses
// (unknown version: every form).
func formInVersion(name, form string, v *schema.Version) (string, bool) {
	if v == nil {
		return form, true
	}
	switch {
	case name == "get_attr" && strings.Contains(form, "KEY_OR_INDEX"):
		return form, v.Supports(schema.FeatureGetAttrPath)
	case name == "get_attr" && !strings.Contains(form, "ATTRIBUTE"):
		return form, v.Supports(schema.FeatureGetAttrAllAttributes)
	case name == "list_join" && strings.Contains(form, "LIST, LIST"):
		return form, v.Supports(schema.FeatureListJoinMultipleLists)
	case name == "if" && strings.Count(form, ",") == 1:
		return form, v.Supports(schema.FeatureIfTwoArguments)
	case name == "repeat" && !v.Supports(schema.FeatureRepeatPermutations):
		return strings.Replace(form, ", permutations: BOOLEAN", "", 1), true
	}
	return form, true
}

// parseForm splits "name: [A, B...]" or "name: {k: V, ...}" or "name: X"
// into its arguments: list items, map keys, or the one scalar argument.
func parseForm(fn, form, doc string) Signature {
	s := Signature{Label: form, Doc: doc}
	_, arg, found := strings.Cut(form, ": ")
	if !found {
		return s
	}
	base := len(form) - len(arg)
	inner, off := arg, base
	isMap := strings.HasPrefix(arg, "{")
	if strings.HasPrefix(arg, "[") || isMap {
		inner, off = arg[1:len(arg)-1], base+1
	}
	for _, part := range splitTopLevel(inner) {
		start := off + part.start
		text := part.text
		if isMap {
			if k, _, ok := strings.Cut(text, ":"); ok {
				text = k
			}
		}
		s.Params = append(s.Params, SignatureParam{Start: start, End: start + len(text), Doc: argumentDoc(fn, text)})
		s.variadic = strings.HasSuffix(part.text, "...")
	}
	return s
}

type formPart struct {
	start int
	text  string
}

// splitTopLevel splits at ", " outside brackets and braces.
func splitTopLevel(s string) []formPart {
	var out []formPart
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '[', '{':
			depth++
		case ']', '}':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, formPart{start, s[start:i]})
				start = i + 2
			}
		}
	}
	if start <= len(s) {
		out = append(out, formPart{start, s[start:]})
	}
	return out
}

// activeArgument finds the argument under offset: the index of the list
// item (counting separators already typed), the index of the map key in
// the form, or 0 for a scalar argument. -1 when the cursor is on the
// function name or in a map argument outside any known key.
func activeArgument(doc *hot.Document, call *hot.Call, offset int, form Signature) int {
	if call.Key.Span().Contains(offset) && offset < call.Key.Span().End {
		return -1
	}
	args := call.Args
	switch args.Kind {
	case syntax.SequenceNode:
		idx := 0
		for i, it := range args.Items() {
			if offset >= it.Span().Start {
				idx = i
			}
			if offset > it.Span().End && args.Style == syntax.Flow && commaBetween(doc.Src, it.Span().End, offset) {
				idx = i + 1
			}
		}
		if args.Style != syntax.Flow && len(args.Items()) > 0 && offset > args.Items()[len(args.Items())-1].Span().End &&
			newItemStarted(doc.Src, args.Items()[len(args.Items())-1].Span().End, offset) {
			idx = len(args.Items())
		}
		return idx
	case syntax.MappingNode:
		for _, p := range args.Pairs() {
			if offset < p.Key.Span().Start || offset > p.Span().End {
				continue
			}
			for i, prm := range form.Params {
				if form.Label[prm.Start:prm.End] == p.Key.Value {
					return i
				}
			}
		}
		return -1
	}
	return 0
}

// commaBetween reports a ',' in src[from:to] (the separator after an item).
func commaBetween(src []byte, from, to int) bool {
	return to <= len(src) && from < to && strings.Contains(string(src[from:to]), ",")
}

// newItemStarted reports a "- " typed after the last block list item.
func newItemStarted(src []byte, from, to int) bool {
	if to > len(src) || from >= to {
		return false
	}
	return strings.Contains(string(src[from:to]), "\n") && strings.Contains(string(src[from:to]), "-")
}
