package check

// Rules that look at other files (workspace_*.go). They run only when
// Options.Workspace is set; their ids are declared in analysis/rules.

func workspaceTemplateRules() []Rule {
	return []Rule{checkNestedResources, checkNestedAttributes, checkGetFilePaths, checkAppliedParameters, checkAppliedValues, checkNestedRecursion}
}

func workspaceEnvironmentRules() []Rule {
	return []Rule{checkRegistryTargets, checkEnvironmentParameters, checkRegistryCycles}
}

// WorkspaceTypeKnown reports whether an environment of the workspace maps
// the custom type name, which makes it a known type (the unknown-type rule
// asks this through its customTypeKnown hook).
func (p *Pass) WorkspaceTypeKnown(name string) bool {
	if p.Workspace == nil || name == "" {
		return false
	}
	if p.Workspace.TypeMapped(name) {
		return true
	}
	return p.Workspace.NestedTemplates(p.Path, "", name).Mapped
}
