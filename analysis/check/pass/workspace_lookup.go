package pass

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
