package check

import (
	"heat-ls/analysis/check/pass"
	"heat-ls/analysis/check/workspace"
)

// Rules that look at other files (workspace_*.go). They run only when
// Options.Workspace is set; their ids are declared in analysis/rules.

func workspaceTemplateRules() []pass.Rule {
	return []pass.Rule{workspace.CheckNestedResources, workspace.CheckNestedAttributes, workspace.CheckGetFilePaths, workspace.CheckAppliedParameters, workspace.CheckAppliedValues, workspace.CheckNestedRecursion}
}

func workspaceEnvironmentRules() []pass.Rule {
	return []pass.Rule{workspace.CheckRegistryTargets, workspace.CheckEnvironmentParameters, workspace.CheckRegistryCycles}
}
