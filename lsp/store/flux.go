package store

import (
	"slices"
	"sort"

	"heat-ls/analysis/hot"
	"heat-ls/analysis/source"
	"heat-ls/analysis/syntax"
)

// settledFor is the version whose structure the lines around the one being
// typed keep in parsed, the next version of prev: prev's settled version
// when parsed's text still differs from it only inside one line that is
// in flux (syntax.InFlux), nil when parsed is settled itself. The settled
// version must have a tree to read; a document too large to analyse, or
// a Jinja2 source (whose tree is that of a blanked text), is always
// settled.
func settledFor(parsed *hot.Document, prev *Document) *Document {
	if prev == nil {
		return nil
	}
	base := prev
	if prev.Settled != nil {
		base = prev.Settled
	}
	if parsed.Jinja || base.TooLarge || base.Doc == nil || base.Doc.Jinja || base.Doc.Syntax == nil || !base.Doc.Syntax.HasTree() {
		return nil
	}
	if _, ok := syntax.InFlux(parsed.Syntax, base.Doc.Syntax); !ok {
		return nil
	}
	return base
}

// FluxDiagnostics merges the findings of a version in flux: own, found on
// this version, speak for the line being typed (its own problems show at
// once) and for a YAML syntax error anywhere (the text is broken, and the
// author must see where); settled, found on the settled version, speak
// for every other line, moved to this text. What the half-typed line does
// to the lines around it (a parameter read as part of the text above it, a
// get_param whose parameter is gone) is transient and not reported. For a
// settled version own is returned as it is.
func (d *Document) FluxDiagnostics(own, settled []source.Diagnostic) []source.Diagnostic {
	if d.Settled == nil {
		return own
	}
	line, ok := syntax.OneEditedLine(d.Text, d.Settled.Text)
	if !ok {
		return own
	}
	syntaxError := func(diag source.Diagnostic) bool {
		return d.Doc.Syntax != nil && slices.ContainsFunc(d.Doc.Syntax.Problems, func(p source.Diagnostic) bool {
			return p.Code == diag.Code && p.Span == diag.Span && p.Severity == source.SeverityError
		})
	}
	out := make([]source.Diagnostic, 0, len(own)+len(settled))
	for _, diag := range own {
		if line.Holds(diag.Span, true) || syntaxError(diag) {
			out = append(out, diag)
		}
	}
	for _, diag := range settled {
		if line.Holds(diag.Span, false) {
			continue
		}
		diag.Span = line.FromOld(diag.Span)
		if len(diag.Related) > 0 {
			related := slices.Clone(diag.Related)
			for i := range related {
				if related[i].Path == "" {
					related[i].Span = line.FromOld(related[i].Span)
				}
			}
			diag.Related = related
		}
		out = append(out, diag)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Span.Start < out[j].Span.Start })
	return out
}
