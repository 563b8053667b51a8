package check

import (
	"context"
	"sort"

	"heat-ls/analysis/check/pass"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/source"
)

// Run returns the diagnostics for doc, sorted by position and bounded in
// number and length (limits.go). It stops early,
// returning what it has, when ctx is cancelled. Documents that are neither
// HOT templates nor environment files get no diagnostics at all. The
// result is never nil.
func Run(ctx context.Context, doc *hot.Document, opts Options) []source.Diagnostic {
	out := []source.Diagnostic{}
	if doc == nil || doc.Kind == hot.KindOther {
		return out
	}
	if doc.Jinja {
		return append(out, jinjaNote(doc))
	}
	if doc.Summary {
		// A summary (a closed file of the workspace index) keeps the text
		// but no tree: judge the text parsed again.
		doc = hot.Parse(doc.Src)
	}
	p := pass.NewPass(ctx, doc, opts)
	p.StartEntries(opts)
	out = append(out, doc.Syntax.Problems...)
	var rules []pass.Rule
	switch {
	case doc.Template != nil:
		rules = append(templateRules(), workspaceTemplateRules()...)
	case doc.Env != nil:
		rules = append(environmentRules(), workspaceEnvironmentRules()...)
	}
	for i, rule := range rules {
		if ctx.Err() != nil {
			break
		}
		p.RunAt(i, rule)
	}
	out = append(out, quietWhileRecovered(doc, followUnread(p, followReplaced(doc, p.Diags)))...)
	sort.SliceStable(out, func(i, j int) bool { return out[i].Span.Start < out[j].Span.Start })
	out = limit(out)
	if ctx.Err() == nil {
		p.KeepEntries(opts)
	}
	return out
}
