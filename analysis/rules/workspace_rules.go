package rules

import "heat-ls/analysis/source"

// Rule ids: Rules that read other files of the workspace (analysis/check workspace_*.go).
const (
	NestedTemplateMissing   = "nested-template-missing"
	NestedTemplateOutside   = "nested-template-outside"
	NestedUnknownProperty   = "nested-unknown-property"
	NestedMissingProperty   = "nested-missing-property"
	NestedUnknownAttribute  = "nested-unknown-attribute"
	GetFileMissing          = "get-file-missing"
	GetFileOutside          = "get-file-outside"
	RegistryTargetMissing   = "registry-target-missing"
	RegistryTargetOutside   = "registry-target-outside"
	EnvUnknownParameter     = "env-unknown-parameter"
	EnvValueConstraint      = "env-value-constraint"
	EnvValueType            = "env-value-type"
	NestedFacadeMismatch    = "nested-facade-mismatch"
	EnvParameterUndeclared  = "env-parameter-undeclared"
	RegistryCycle           = "registry-cycle"
	NestedTemplateRecursive = "nested-template-recursive"
)

func workspaceRules() []Rule {
	return []Rule{
		{ID: NestedTemplateMissing, Severity: source.SeverityWarning, Phase: Validate, Summary: "a type that is a template path to no file (it may be generated before deploy, so only a warning)"},
		{ID: NestedTemplateOutside, Severity: source.SeverityInfo, Phase: None, Summary: "a template path that leaves the workspace; heat-ls does not read it"},
		{ID: NestedUnknownProperty, Severity: source.SeverityError, Phase: Validate, Summary: "a property that is no parameter of the nested template", Contexts: []Context{{Where: LeftOutResource, Severity: source.SeverityWarning, Phase: None}, {Where: EmptyGroupMember, Severity: source.SeverityWarning, Phase: None}}},
		{ID: NestedMissingProperty, Severity: source.SeverityWarning, Phase: Create, Summary: "a nested parameter without default that gets no value (an environment may give it)", Contexts: []Context{{Where: "environments applied explicitly (check --env)", Severity: source.SeverityError, Phase: Create}, {Where: EmptyGroupMember, Severity: source.SeverityWarning, Phase: None}}},
		{ID: NestedUnknownAttribute, Severity: source.SeverityWarning, Phase: None, Summary: "get_attr of neither an output of the nested template nor a stack attribute; Heat accepts the template, reading it fails once the stack runs"},
		{ID: GetFileMissing, Severity: source.SeverityWarning, Phase: Validate, Summary: "a get_file path to no file (it may be generated before deploy, so only a warning)"},
		{ID: GetFileOutside, Severity: source.SeverityInfo, Phase: None, Summary: "a get_file path that leaves the workspace; heat-ls does not read it"},
		{ID: RegistryTargetMissing, Severity: source.SeverityWarning, Phase: Validate, Summary: "a resource_registry target file that does not exist (it may be generated)"},
		{ID: RegistryTargetOutside, Severity: source.SeverityInfo, Phase: None, Summary: "a resource_registry target that leaves the workspace"},
		{ID: EnvUnknownParameter, Severity: source.SeverityError, Phase: Validate, Summary: "an applied environment sets, under parameters, a parameter the template does not declare"},
		{ID: NestedFacadeMismatch, Severity: source.SeverityError, Phase: Create, Summary: "an environment maps a built-in type to a template lacking the type's required properties or attributes, or taking a property as another type", Contexts: []Context{{Where: LeftOutResource, Severity: source.SeverityWarning, Phase: None}}},
		{ID: EnvValueType, Severity: source.SeverityError, Phase: Create, Summary: "an applied environment gives a comma_delimited_list parameter a value that is neither text nor a list"},
		{ID: EnvValueConstraint, Severity: source.SeverityError, Phase: Create, Summary: "an applied environment gives a parameter a value its constraints refuse"},
		{ID: EnvParameterUndeclared, Severity: source.SeverityWarning, Phase: None, Summary: "no template of the workspace declares this environment parameter", Contexts: []Context{{Where: "under parameter_defaults", Severity: source.SeverityHint, Phase: None}}},
		{ID: RegistryCycle, Severity: source.SeverityError, Phase: Validate, Summary: "resource_registry mappings that lead from a name back to itself"},
		{ID: NestedTemplateRecursive, Severity: source.SeverityError, Phase: Validate, Summary: "a type that makes a template nest itself, directly or through others"},
	}
}
