package check

import (
	"heat-ls/analysis/check/environment"
	"heat-ls/analysis/check/pass"
)

// environmentRules lists the rules run on Heat environment files.
func environmentRules() []pass.Rule {
	return []pass.Rule{
		environment.CheckEnvSections,
		environment.CheckEnvRegistry,
		environment.CheckEnvLists,
	}
}
