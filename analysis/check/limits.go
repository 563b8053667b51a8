package check

import (
	"fmt"
	"slices"

	"heat-ls/analysis/limits"
	"heat-ls/analysis/rules"
	"heat-ls/analysis/source"
)

// Bounds on what one run reports, so the output of a hostile or generated
// document grows with its size, not faster. Run applies them, so "heat-ls
// check", the language server and every other caller get the same list.
//
//	id                 severity     meaning
//	too-many-problems  information  the document has more than MaxDiagnostics
//	                                problems; says how many are not listed
const (
	// MaxDiagnostics is the most problems listed for one document; the
	// most severe are kept, and a last entry says how many were left out.
	MaxDiagnostics = limits.Diagnostics
	// MaxMessage bounds a message (and a related location's message) in
	// bytes; a longer one is cut at a character and ends with "…".
	MaxMessage = 1000
	// MaxRelated bounds the related locations of one problem.
	MaxRelated = 50
)

// limit applies the bounds to diags, sorted by position; the summary
// entry, when there is one, comes last. A problem reported twice at the
// same place with the same words (a node reached through several aliases)
// is listed once.
func limit(diags []source.Diagnostic) []source.Diagnostic {
	diags = slices.CompactFunc(diags, func(a, b source.Diagnostic) bool {
		return a.Span == b.Span && a.Code == b.Code && a.Severity == b.Severity && a.Message == b.Message
	})
	for i := range diags {
		d := &diags[i]
		d.Message = clip(d.Message)
		if len(d.Related) > MaxRelated {
			d.Related = d.Related[:MaxRelated]
		}
		for j := range d.Related {
			d.Related[j].Message = clip(d.Related[j].Message)
		}
	}
	if len(diags) <= MaxDiagnostics {
		return diags
	}
	// Keep the most severe (Error is the lowest number), then restore the
	// order by position.
	slices.SortStableFunc(diags, func(a, b source.Diagnostic) int { return int(a.Severity) - int(b.Severity) })
	left := len(diags) - (MaxDiagnostics - 1)
	kept := diags[:MaxDiagnostics-1]
	slices.SortStableFunc(kept, func(a, b source.Diagnostic) int { return a.Span.Start - b.Span.Start })
	return append(kept, source.Diagnostic{
		Severity: rules.Severity(rules.TooManyProblems),
		Code:     rules.TooManyProblems,
		Message: fmt.Sprintf("%d more problems in this document are not listed: heat-ls lists at most %d per document, the most severe first. Fix these and the rest appear.",
			left, MaxDiagnostics-1),
	})
}

// clip bounds one message.
func clip(msg string) string { return source.Clip(msg, MaxMessage) }
