// Package check computes every diagnostic heat-ls reports for a document.
package check

import (
	"context"

	"heat-ls/analysis/hot"
	"heat-ls/analysis/source"
	"heat-ls/schema"
)

// Options carries what a run needs beyond the document.
type Options struct {
	Schema *schema.Schema
}

// Run returns all diagnostics for doc. It stops early, returning what it
// has, when ctx is cancelled. Documents that are neither HOT templates nor
// environment files get no diagnostics.
func Run(ctx context.Context, doc *hot.Document, opts Options) []source.Diagnostic {
	if doc == nil || doc.Kind == hot.KindOther {
		return []source.Diagnostic{}
	}
	out := append([]source.Diagnostic{}, doc.Syntax.Problems...)
	return out
}
