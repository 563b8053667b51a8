package check

// Rules that look at other files (workspace_*.go). They run only when
// Options.Workspace is set; their ids are declared in analysis/rules.

func workspaceTemplateRules() []Rule {
	return []Rule{CheckNestedResources, CheckNestedAttributes, CheckGetFilePaths, CheckAppliedParameters, CheckAppliedValues, CheckNestedRecursion}
}

func workspaceEnvironmentRules() []Rule {
	return []Rule{CheckRegistryTargets, CheckEnvironmentParameters, CheckRegistryCycles}
}
