package check

import (
	"context"

	"heat-ls/analysis/check/environment"
	"heat-ls/analysis/check/pass"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/source"
)

// RunEnvironment is Run for a file the user gives as an environment
// (check --env): there it must be one, so a file whose top level is a
// list or a scalar is reported (environment.CheckTopLevel), where Run
// stays silent on YAML that is neither HOT nor an environment, as the
// editor does for any file it finds.
func RunEnvironment(ctx context.Context, doc *hot.Document, opts Options) []source.Diagnostic {
	if doc == nil || doc.Kind != hot.KindOther || doc.Jinja {
		return Run(ctx, doc, opts)
	}
	p := pass.NewPass(ctx, doc, opts)
	environment.CheckTopLevel(p)
	if p.Diags == nil {
		return []source.Diagnostic{}
	}
	return p.Diags
}
