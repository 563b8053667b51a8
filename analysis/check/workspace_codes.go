package check

// Rules that look at other files (workspace_*.go). They run only when
// Options.Workspace is set.
//
//	id                         severity     meaning
//	nested-template-missing    warning      a resource type is a template path that does not exist
//	nested-template-outside    information  a template path leaves the workspace; heat-ls does not read it
//	nested-unknown-property    error        a property is not a parameter of the nested template
//	nested-missing-property    warning      a nested parameter without default gets no value (neither a
//	                           / error      property nor parameter_defaults of an environment); an error
//	                                        when environments are applied explicitly (check --env), since
//	                                        nothing else can give it then
//	nested-unknown-attribute   error        get_attr names neither an output of the nested template nor a
//	                                        built-in stack attribute (show, OS::stack_id, resource.NAME...)
//	get-file-missing           warning      a get_file path does not exist or names a directory
//	get-file-outside           information  a get_file path leaves the workspace; heat-ls does not read it
//	registry-target-missing    warning      a resource_registry target file does not exist (it may be
//	                                        generated at deploy time, hence not an error)
//	registry-target-outside    information  a resource_registry target leaves the workspace
//	env-unknown-parameter      error        an applied environment (check --env) sets, under parameters,
//	                                        a parameter the template does not declare (Heat refuses the
//	                                        stack; parameter_defaults may name any parameter)
//	env-parameter-undeclared   warning      (environment files, in the editor) no template of the workspace
//	                           / hint       declares this parameter: warning under parameters, hint under
//	                                        parameter_defaults; also a warning under parameters when only
//	                                        nested templates declare it (parameters reach the top level only)
//	env-value-constraint       error        the value an applied environment gives a parameter breaks the
//	                                        parameter's constraints (Heat refuses the stack at create)
//	registry-cycle             error        resource_registry type-to-type mappings of an environment file
//	                                        lead from a name back to itself (A: B, B: A), globally or for
//	                                        one resource under "resources"; reported on each key of the loop
//	nested-template-recursive  error        a resource type makes the checked template nest itself, directly
//	                                        or through other templates and registry mappings; reported on
//	                                        the type that enters the loop, in each template of it
const (
	codeNestedMissing      = "nested-template-missing"
	codeNestedOutside      = "nested-template-outside"
	codeNestedUnknownProp  = "nested-unknown-property"
	codeNestedMissingProp  = "nested-missing-property"
	codeNestedUnknownAttr  = "nested-unknown-attribute"
	codeGetFileMissing     = "get-file-missing"
	codeGetFileOutside     = "get-file-outside"
	codeRegistryMissing    = "registry-target-missing"
	codeRegistryOutside    = "registry-target-outside"
	codeEnvUnknownParam    = "env-unknown-parameter"
	codeEnvValueConstraint = "env-value-constraint"
	codeEnvParamUndeclared = "env-parameter-undeclared"
	codeRegistryCycle      = "registry-cycle"
	codeNestedRecursive    = "nested-template-recursive"
)

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
