package check

// Rule ids of the entry rules (parameters, parameter groups, resources
// against the schema, outputs, conditions, quiet hints) and of the
// environment file rules. They are sent as the LSP diagnostic code and
// never change meaning once released.
//
//	id                                   severity  meaning
//	parameter-not-mapping                error     a parameter's definition is not a mapping
//	parameter-type-missing               error     a parameter has no type
//	parameter-type-unknown               error     the type is none of Heat's parameter types
//	parameter-flag-not-boolean           warning   hidden / immutable is not a boolean (Heat reads it as false)
//	parameter-text-not-string            warning   label / description is a mapping or list (Heat accepts it)
//	parameter-constraints-not-list       error     constraints is not a list
//	parameter-constraint-unknown         error     a constraint entry with no known kind, an unknown key, or a kind the version lacks
//	parameter-constraint-not-applicable  error     a constraint kind Heat refuses for the parameter's type
//	parameter-constraint-invalid         error     a constraint whose arguments Heat refuses (range without numbers, min > max...)
//	parameter-custom-constraint-unknown  error     a custom_constraint name no Heat plugin registers
//	parameter-default-type               error     the default does not read as the parameter's type
//	parameter-default-constraint         error     the default breaks one of the parameter's own constraints
//	parameter-group-not-mapping          error     a parameter_groups item is not a mapping
//	parameter-group-parameters-invalid   error     a group's parameters is missing or not a list
//	parameter-group-unknown-parameter    error     a group names a parameter the template does not declare
//	parameter-group-duplicate-parameter  error     a parameter is in more than one group (or twice in one)
//	resource-name-invalid                error     a resource name containing "/"
//	resource-not-mapping                 error     a resource's definition is not a mapping
//	resource-type-missing                error     a resource without type
//	resource-type-not-string             error     the type is a mapping, list or null
//	resource-type-unknown                error     no such type in a namespace Heat knows (did you mean)
//	resource-type-custom                 info      a type outside Heat's namespaces: map it in an environment file
//	resource-type-hidden                 error     a type Heat keeps only for old stacks (names the replacement)
//	resource-type-deprecated             warning   a deprecated type (Deprecated tag); a hint for an old alias name (OS::Quantum::…)
//	resource-type-unsupported            warning   a type Heat marks unsupported
//	resource-properties-not-mapping      error     properties is not a mapping
//	resource-property-unknown            error     a property (or nested key) the type does not have in the target release (names a close one, or the later release adding it)
//	resource-property-hidden             warning   a hidden property Heat still accepts (Deprecated tag)
//	resource-property-deprecated         warning   a deprecated property (Deprecated tag)
//	resource-property-missing            error     required properties (or nested keys) are missing; Data["missing"]
//	resource-property-type               error     a literal value of the wrong type for the property;
//	                                               a list where a mapping is expected or the reverse: error for a
//	                                     warning   built-in type; warning for a nested template (json parameters convert)
//	resource-property-constraint         error     a literal value outside allowed values / range / length / pattern
//	resource-deletion-policy-invalid     error     a deletion_policy the version or the type does not accept
//	resource-update-policy-invalid       error     update_policy not a mapping, or a key the type does not have
//	resource-metadata-not-mapping        error     metadata is not a mapping
//	output-not-mapping                   error     an output's definition is not a mapping
//	output-value-missing                 error     an output without a value key (Heat refuses it at validate)
//	condition-name-not-string            error     a condition name YAML 1.1 reads as a boolean or number
//	condition-body-invalid               error     a condition that is no expression (a number, list, plain map...)
//	condition-body-undefined             error     a condition that is the name of no condition (warning while unused)
//	parameter-unused                     hint      a parameter nothing reads (Unnecessary tag)
//	condition-unused                     hint      a condition nothing uses (Unnecessary tag)
//	env-section-unknown                  error     a top-level key of an environment file Heat does not know
//	jinja2-source                        info      a Jinja2 source (roles.j2.yaml): not HOT until rendered, so nothing else is checked
//	env-section-not-mapping              error     parameters / parameter_defaults / resource_registry / parameter_merge_strategies not a mapping
//	env-registry-target-invalid          error     a resource_registry mapping whose target is not text
//	env-resource-override-invalid        error     resource_registry.resources entries that are not mappings of text (nested-stack levels allowed), or an unknown hook / restricted action
//	env-encrypted-param-names-invalid    error     encrypted_param_names is not a list of names
//	env-merge-strategy-invalid           error     a merge strategy other than overwrite, merge, deep_merge
//	env-event-sinks-invalid              error     event_sinks is not a list of mappings
const (
	codeParameterNotMapping           = "parameter-not-mapping"
	codeParameterTypeMissing          = "parameter-type-missing"
	codeParameterTypeUnknown          = "parameter-type-unknown"
	codeParameterFlagNotBoolean       = "parameter-flag-not-boolean"
	codeParameterTextNotString        = "parameter-text-not-string"
	codeParameterConstraintsNotList   = "parameter-constraints-not-list"
	codeParameterConstraintUnknown    = "parameter-constraint-unknown"
	codeParameterConstraintNotApplies = "parameter-constraint-not-applicable"
	codeParameterConstraintInvalid    = "parameter-constraint-invalid"
	codeParameterCustomUnknown        = "parameter-custom-constraint-unknown"
	codeParameterDefaultType          = "parameter-default-type"
	codeParameterDefaultConstraint    = "parameter-default-constraint"
	codeParameterGroupNotMapping      = "parameter-group-not-mapping"
	codeParameterGroupParamsInvalid   = "parameter-group-parameters-invalid"
	codeParameterGroupUnknownParam    = "parameter-group-unknown-parameter"
	codeParameterGroupDuplicateParam  = "parameter-group-duplicate-parameter"

	codeResourceNameInvalid        = "resource-name-invalid"
	codeResourceNotMapping         = "resource-not-mapping"
	codeResourceTypeMissing        = "resource-type-missing"
	codeResourceTypeNotString      = "resource-type-not-string"
	codeResourceTypeUnknown        = "resource-type-unknown"
	codeResourceTypeCustom         = "resource-type-custom"
	codeResourceTypeHidden         = "resource-type-hidden"
	codeResourceTypeDeprecated     = "resource-type-deprecated"
	codeResourceTypeUnsupported    = "resource-type-unsupported"
	codeResourcePropertiesNotMap   = "resource-properties-not-mapping"
	codeResourcePropertyUnknown    = "resource-property-unknown"
	codeResourcePropertyHidden     = "resource-property-hidden"
	codeResourcePropertyDeprecated = "resource-property-deprecated"
	codeResourcePropertyMissing    = "resource-property-missing"
	codeResourcePropertyType       = "resource-property-type"
	codeResourcePropertyConstraint = "resource-property-constraint"
	codeResourceDeletionPolicy     = "resource-deletion-policy-invalid"
	codeResourceUpdatePolicy       = "resource-update-policy-invalid"
	codeResourceMetadataNotMapping = "resource-metadata-not-mapping"
	codeOutputNotMapping           = "output-not-mapping"
	codeOutputValueMissing         = "output-value-missing"
	codeConditionNameNotString     = "condition-name-not-string"
	codeConditionBodyInvalid       = "condition-body-invalid"
	codeConditionBodyUndefined     = "condition-body-undefined"
	codeParameterUnused            = "parameter-unused"
	codeConditionUnused            = "condition-unused"
	codeEnvSectionUnknown          = "env-section-unknown"
	codeEnvSectionNotMapping       = "env-section-not-mapping"
	codeEnvRegistryTargetInvalid   = "env-registry-target-invalid"
	codeEnvResourceOverrideInvalid = "env-resource-override-invalid"
	codeEnvEncryptedParamsInvalid  = "env-encrypted-param-names-invalid"
	codeEnvMergeStrategyInvalid    = "env-merge-strategy-invalid"
	codeEnvEventSinksInvalid       = "env-event-sinks-invalid"
)
