package environment

import (
	"heat-ls/analysis/check/pass"
	"heat-ls/analysis/rules"
)

// CheckTopLevel judges a file given as an environment (check --env, an
// environment applied on purpose) that reads as neither HOT nor an
// environment: when it is one YAML document whose top level is a list or
// a scalar, Heat's environment loader refuses it before it looks at
// anything else, so it is one error at the file's first value. Broken
// YAML has its own diagnostics, and an empty file is an environment that
// sets nothing.
func CheckTopLevel(p *pass.Pass) {
	f := p.Doc.Syntax
	if f == nil || f.Broken || len(f.Docs) != 1 {
		return
	}
	root := f.Root().Resolve()
	if root == nil || root.IsNull() || root.IsMapping() {
		return
	}
	kind := "a scalar"
	if root.IsSequence() {
		kind = "a list"
	}
	sp := root.Span()
	sp.End = sp.Start // the whole file would be one long underline
	p.Reportf(sp, rules.EnvNotMapping, "This environment file holds %s at its top level; Heat reads an environment only as a mapping of sections (parameters, parameter_defaults, resource_registry...) and refuses it.", kind)
}
