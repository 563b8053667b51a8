package feature

import (
	"strings"

	"heat-ls/analysis/hot"
	"heat-ls/analysis/source"
	"heat-ls/analysis/syntax"
)

// InlayHint is a short text shown after Offset: the value a get_param
// gets, or what a nested template's output is.
type InlayHint struct {
	Offset  int
	Label   string
	Tooltip string
}

// ValueSource is one value an environment gives a parameter.
type ValueSource struct {
	// Where names the source (an environment file, relative).
	Where string
	// Value is the value's short text (ShortValue).
	Value string
}

// InlayValues answers what a single file cannot: the workspace's
// environment values and nested templates' outputs. Nil: only the
// template's own defaults are shown.
type InlayValues interface {
	// ParameterValues lists the values the applied environments give the
	// parameter (parameter_defaults, and parameters for a top-level
	// template), in a stable order.
	ParameterValues(name string) []ValueSource
	// NestedOutput describes output of the nested template resource r
	// stands for: its description, or where it comes from; ok false when
	// r is no nested template or has no such output.
	NestedOutput(r *hot.Resource, output string) (text string, ok bool)
}

// EffectiveValues is implemented by InlayValues that know the one value
// each parameter gets under the template's active environment set; hints
// then show that value and where it comes from, rather than every value
// some environment or the default could give.
type EffectiveValues interface {
	// EffectiveValue is the parameter's value (Value) and the file that
	// sets it ("default" for the template's default) in Where, with a
	// sentence for the tooltip; ok false when it is not known.
	EffectiveValue(name string) (v ValueSource, tooltip string, ok bool)
}

// maxHintValue bounds a value's text in a hint.
const maxHintValue = 40

// maxHintTooltip bounds a hint's tooltip in bytes. A hint repeats at every
// call of its parameter or output, so an unbounded tooltip (a nested
// template's long output description, a parameter many environments set)
// would multiply its size by the number of calls.
const maxHintTooltip = 1000

// clipTooltip bounds a tooltip, looking at no more of s than it keeps
// (give or take the bytes an invalid character's replacement adds).
func clipTooltip(s string) string {
	if len(s) > 2*maxHintTooltip {
		s = s[:2*maxHintTooltip]
	}
	return source.Clip(s, maxHintTooltip)
}

// InlayHints returns the hints for the calls within span (span.End < 0:
// the whole text): after get_param, the value the parameter gets; after
// get_attr of a nested template's output, what that output is.
func InlayHints(doc *hot.Document, within source.Span, env InlayValues) (out []InlayHint) {
	defer func() {
		if recover() != nil {
			out = nil
		}
	}()
	if doc == nil || doc.Template == nil {
		return nil
	}
	t := doc.Template
	for _, c := range t.Calls {
		end := c.Args.Span().End
		if within.End >= 0 && (end < within.Start || end > within.End) {
			continue
		}
		args := c.Args.Resolve()
		switch c.Name {
		case "get_param":
			name := args
			if args.IsSequence() && len(args.Items()) > 0 {
				name = args.Items()[0].Resolve()
			}
			if !name.IsScalar() || name.Tag() != "!!str" {
				continue
			}
			if h, ok := parameterHint(doc, name.Value, env); ok {
				h.Offset = end
				out = append(out, h)
			}
		case "get_attr":
			if env == nil || !args.IsSequence() || len(args.Items()) < 2 {
				continue
			}
			res, attr := args.Items()[0].Resolve(), args.Items()[1].Resolve()
			if !res.IsScalar() || !attr.IsScalar() {
				continue
			}
			r := t.Resource(res.Value)
			if r == nil {
				continue
			}
			if text, ok := env.NestedOutput(r, attr.Value); ok {
				out = append(out, InlayHint{Offset: end, Label: clipHint(text), Tooltip: clipTooltip(text)})
			}
		}
	}
	return out
}

// parameterHint says what value a parameter gets: "= v" when every source
// agrees, else each value with its source ("= a (prod.yaml), b (default)").
func parameterHint(doc *hot.Document, name string, env InlayValues) (InlayHint, bool) {
	p := doc.Template.Parameter(name)
	if p == nil {
		return InlayHint{}, false
	}
	if h := p.Field("hidden"); h.Key != nil && h.Value.IsScalar() && strings.EqualFold(h.Value.Value, "true") {
		return InlayHint{Label: "= (hidden)", Tooltip: "The parameter is hidden: its value is not shown."}, true
	}
	if eff, ok := env.(EffectiveValues); ok {
		if v, tip, ok := eff.EffectiveValue(name); ok {
			label := "= " + clipValue(v.Value)
			if v.Where != "default" {
				label += " (" + v.Where + ")"
			}
			return InlayHint{Label: clipHint(label), Tooltip: clipTooltip(tip)}, true
		}
	}
	var sources []ValueSource
	if env != nil {
		sources = env.ParameterValues(name)
	}
	if d := p.Field("default"); d.Key != nil {
		sources = append(sources, ValueSource{Where: "default", Value: ShortValue(doc, d.Value)})
	}
	if len(sources) == 0 {
		return InlayHint{}, false
	}
	same := true
	for _, s := range sources[1:] {
		same = same && s.Value == sources[0].Value
	}
	var tip strings.Builder
	for _, s := range sources {
		tip.WriteString(s.Where + ": " + s.Value + "\n")
	}
	if same {
		label := "= " + sources[0].Value
		if len(sources) == 1 && sources[0].Where != "default" {
			label += " (" + sources[0].Where + ")"
		}
		return InlayHint{Label: clipHint(label), Tooltip: clipTooltip(strings.TrimSpace(tip.String()))}, true
	}
	parts := make([]string, len(sources))
	for i, s := range sources {
		parts[i] = s.Value + " (" + s.Where + ")"
	}
	return InlayHint{Label: clipHint("= " + strings.Join(parts, ", ")), Tooltip: clipTooltip(strings.TrimSpace(tip.String()))}, true
}

// ShortValue is a value's text for a hint: a scalar as written (without
// quotes), a single-line collection as written, "…" for anything longer.
func ShortValue(doc *hot.Document, n *syntax.Node) string {
	r := n.Resolve()
	if r == nil {
		return ""
	}
	if r.IsScalar() && r.Style != syntax.Literal && r.Style != syntax.Folded {
		if r.Tag() == "!!null" {
			return "null"
		}
		if r.Value == "" {
			return "''"
		}
		return clipValue(r.Value)
	}
	text := doc.Syntax.Text(r)
	if text == "" || strings.Contains(text, "\n") {
		if r.IsSequence() {
			return "[…]"
		}
		if r.IsMapping() {
			return "{…}"
		}
		return "…"
	}
	return clipValue(text)
}

func clipValue(s string) string {
	if r := []rune(s); len(r) > maxHintValue {
		return string(r[:maxHintValue-1]) + "…"
	}
	return s
}

// clipHint bounds a whole hint label.
func clipHint(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > 2*maxHintValue {
		return string(r[:2*maxHintValue-1]) + "…"
	}
	return s
}
