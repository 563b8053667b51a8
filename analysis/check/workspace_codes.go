package check

// Rules that look at other files (workspace_*.go). They run only when
// Options.Workspace is set; their ids are declared in analysis/rules.

func workspaceTemplateRules() []Rule {
	return []Rule{checkNestedResources, checkNestedAttributes, checkGetFilePaths, checkAppliedParameters, checkAppliedValues, checkNestedRecursion}
}

func workspaceEnvironmentRules() []Rule {
	return []Rule{checkRegistryTargets, checkEnvironmentParameters, checkRegistryCycles}
}
