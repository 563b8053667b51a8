package structure

import (
	"heat-ls/analysis/check/pass"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/rules"
)

// CheckResourceFacadeUse reports resource_facade in a template that runs
// as a top-level stack. The function reads the parent resource of a
// nested stack; a top-level stack has none, and Heat then fails at stack
// create with an internal error instead of a message. Whether a template
// is nested is a fact of the workspace: when some template (or an
// environment's registry) uses this file as a resource type, all is well;
// otherwise, including when the file is checked on its own, it would run
// as a top-level stack, which is what this rule reports.
func CheckResourceFacadeUse(p *pass.Pass) {
	nested := -1 // asked only when a call needs it: the question may read other files
	for _, c := range p.T.Calls {
		if c.Name != "resource_facade" || (c.Context != hot.InResource && c.Context != hot.InOutput) {
			continue
		}
		if nested < 0 {
			nested = 0
			if p.Workspace != nil && p.Path != "" && p.Workspace.UsedAsNested(p.Path) {
				nested = 1
			}
		}
		if nested == 1 {
			return
		}
		if c.Context == hot.InOutput {
			// Heat resolves an output only once the stack exists, so it
			// accepts the template (asked the oracle, at create too).
			p.Warnf(c.Key.Span(), rules.ResourceFacadeTopLevel,
				"`resource_facade` reads the resource that uses this template as a nested stack, but nothing in the workspace uses this template that way; "+
					"run as a top-level stack, this output shows an error once the stack exists (Heat accepts the template). Use this template as a resource type, or replace the call with a parameter.")
			continue
		}
		p.Reportf(c.Key.Span(), rules.ResourceFacadeTopLevel,
			"`resource_facade` reads the resource that uses this template as a nested stack, but nothing in the workspace uses this template that way; "+
				"run as a top-level stack, Heat fails at create time. Use this template as a resource type (type: this-file.yaml, or a resource_registry mapping), or replace the call with a parameter.")
	}
}
