package check

import (
	"heat-ls/analysis/check/environment"
	"heat-ls/analysis/check/functions"
	"heat-ls/analysis/check/parameters"
	"heat-ls/analysis/check/pass"
	"heat-ls/analysis/check/plugins"
	"heat-ls/analysis/check/references"
	"heat-ls/analysis/check/resources"
	"heat-ls/analysis/check/structure"
	"heat-ls/analysis/check/workspace"
)

// The rule lists: which rule runs on which kind of document, in order.
// Each rule lives in the package named for what it judges and reports
// with the ids declared in analysis/rules; a new rule is added to its
// package and listed here. Mind the order: findings at one position come
// out in it, and a run keeps entry-local results by the rule's index.

// templateRules lists the rules run on HOT templates: the structure rules,
// then the entry rules.
func templateRules() []pass.Rule {
	return append(structureRules(), entryRules()...)
}

// structureRules: version and sections, functions and their arguments,
// references between entries and dependency cycles.
func structureRules() []pass.Rule {
	return []pass.Rule{
		structure.CheckVersion,
		structure.CheckSections,
		structure.CheckEntryKeys,
		functions.CheckFunctions,
		functions.CheckNearMisses,
		functions.CheckArguments,
		references.CheckReferences,
		references.CheckCycles,
		structure.CheckResourceFacadeUse,
		structure.CheckSharedNames,
	}
}

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
		plugins.CheckPlugins,
		structure.CheckOutputs,
		references.CheckConditionBodies,
		references.CheckUnusedEntries,
	}
}

// workspaceTemplateRules look at other files from a template. They run
// only when Options.Workspace is set.
func workspaceTemplateRules() []pass.Rule {
	return []pass.Rule{
		workspace.CheckNestedResources,
		workspace.CheckNestedAttributes,
		workspace.CheckGetFilePaths,
		workspace.CheckAppliedParameters,
		workspace.CheckAppliedValues,
		workspace.CheckNestedRecursion,
	}
}

// environmentRules lists the rules run on Heat environment files.
func environmentRules() []pass.Rule {
	return []pass.Rule{
		environment.CheckEnvSections,
		environment.CheckEnvRegistry,
		environment.CheckEnvLists,
	}
}

// workspaceEnvironmentRules look at other files from an environment file.
// They run only when Options.Workspace is set.
func workspaceEnvironmentRules() []pass.Rule {
	return []pass.Rule{
		workspace.CheckRegistryTargets,
		workspace.CheckEnvironmentParameters,
		workspace.CheckRegistryCycles,
	}
}
