package check

import (
	"heat-ls/analysis/check/parameters"
	"heat-ls/analysis/check/pass"
	"heat-ls/analysis/check/references"
	"heat-ls/analysis/check/resources"
	"heat-ls/analysis/check/structure"
	"heat-ls/analysis/check/workspace"
)

// entryRules: parameters, parameter groups, resources against the schema,
// outputs, conditions, and quiet hints. Each family is its own rule, so a
// bug in one never hides the others' findings.
func entryRules() []pass.Rule {
	return []pass.Rule{
		parameters.CheckParameters,
		parameters.CheckParameterGroups,
		resources.CheckResources,
		workspace.CheckNestedStackNames,
		resources.CheckReleasePlugins,
		resources.CheckPlugins,
		structure.CheckOutputs,
		references.CheckConditionBodies,
		references.CheckUnusedEntries,
	}
}
