package rules

import "heat-ls/analysis/source"

// Rule ids: Parameters, parameter groups, resources against their types, outputs and conditions (analysis/check).
const (
	ParameterNotMapping              = "parameter-not-mapping"
	ParameterTypeMissing             = "parameter-type-missing"
	ParameterTypeUnknown             = "parameter-type-unknown"
	ParameterFlagNotBoolean          = "parameter-flag-not-boolean"
	ParameterTextNotString           = "parameter-text-not-string"
	ParameterTagsNotList             = "parameter-tags-not-list"
	ParameterConstraintsNotList      = "parameter-constraints-not-list"
	ParameterConstraintUnknown       = "parameter-constraint-unknown"
	ParameterConstraintNotApplicable = "parameter-constraint-not-applicable"
	ParameterConstraintInvalid       = "parameter-constraint-invalid"
	ParameterCustomConstraintUnknown = "parameter-custom-constraint-unknown"
	ParameterDefaultType             = "parameter-default-type"
	ParameterDefaultConstraint       = "parameter-default-constraint"
	ParameterDefaultNull             = "parameter-default-null"
	ParameterGroupNotMapping         = "parameter-group-not-mapping"
	ParameterGroupParametersInvalid  = "parameter-group-parameters-invalid"
	ParameterGroupUnknownParameter   = "parameter-group-unknown-parameter"
	ParameterGroupDuplicateParameter = "parameter-group-duplicate-parameter"
	ResourceNameInvalid              = "resource-name-invalid"
	ResourceNotMapping               = "resource-not-mapping"
	ResourceTypeMissing              = "resource-type-missing"
	ResourceTypeEmpty                = "resource-type-empty"
	ResourceTypeNotString            = "resource-type-not-string"
	ResourceTypeUnknown              = "resource-type-unknown"
	ResourceTypeCustom               = "resource-type-custom"
	ResourceTypeHidden               = "resource-type-hidden"
	ResourceTypeDeprecated           = "resource-type-deprecated"
	ResourceTypeUnsupported          = "resource-type-unsupported"
	ResourcePropertiesNotMapping     = "resource-properties-not-mapping"
	ResourcePropertyUnknown          = "resource-property-unknown"
	ResourcePropertyHidden           = "resource-property-hidden"
	DelayOverTimeout                 = "delay-over-timeout"
	ResourcePropertyUnimplemented    = "resource-property-unimplemented"
	ResourcePropertyDeprecated       = "resource-property-deprecated"
	ResourcePropertyMissing          = "resource-property-missing"
	ResourcePropertyType             = "resource-property-type"
	ResourcePropertyConstraint       = "resource-property-constraint"
	ResourceDeletionPolicyInvalid    = "resource-deletion-policy-invalid"
	ResourceUpdatePolicyInvalid      = "resource-update-policy-invalid"
	ResourceMetadataNotMapping       = "resource-metadata-not-mapping"
	ResourceDependsOnInvalid         = "resource-depends-on-invalid"
	ResourcePropertyConflict         = "resource-property-conflict"
	ResourcePropertyValue            = "resource-property-value"
	OutputNotMapping                 = "output-not-mapping"
	OutputValueMissing               = "output-value-missing"
	ConditionNameNotString           = "condition-name-not-string"
	ConditionBodyInvalid             = "condition-body-invalid"
	ConditionBodyUndefined           = "condition-body-undefined"
	ParameterUnused                  = "parameter-unused"
	ConditionUnused                  = "condition-unused"
	ResourceLeftOut                  = "resource-left-out"
)

func entryRules() []Rule {
	return []Rule{
		{ID: ParameterNotMapping, Severity: source.SeverityError, Phase: Validate, Summary: "a parameter's definition is not a mapping"},
		{ID: ParameterTypeMissing, Severity: source.SeverityError, Phase: Validate, Summary: "a parameter without type"},
		{ID: ParameterTypeUnknown, Severity: source.SeverityError, Phase: Validate, Summary: "a parameter type Heat does not have"},
		{ID: ParameterFlagNotBoolean, Severity: source.SeverityWarning, Phase: None, Summary: "hidden or immutable is not a boolean; Heat does not check it"},
		{ID: ParameterTextNotString, Severity: source.SeverityWarning, Phase: None, Summary: "label or description is a mapping or a list; Heat keeps it as it is"},
		{ID: ParameterTagsNotList, Severity: source.SeverityError, Phase: Validate, Summary: "a parameter's tags are not a list (text, a mapping or null)"},
		{ID: ParameterConstraintsNotList, Severity: source.SeverityError, Phase: Validate, Summary: "constraints is not a list"},
		{ID: ParameterConstraintUnknown, Severity: source.SeverityError, Phase: Validate, Summary: "a constraint of no known kind, with an unknown key, or of a kind the version lacks"},
		{ID: ParameterConstraintNotApplicable, Severity: source.SeverityError, Phase: Validate, Summary: "a constraint kind Heat refuses for the parameter's type"},
		{ID: ParameterConstraintInvalid, Severity: source.SeverityError, Phase: Validate, Summary: "a constraint whose own arguments Heat refuses (a range without numbers, min above max...)", Contexts: []Context{{Where: BoolBound, Severity: source.SeverityWarning, Phase: None}, {Where: UnconvertibleAllowedValue, Severity: source.SeverityError, Phase: Create}}},
		{ID: ParameterCustomConstraintUnknown, Severity: source.SeverityError, Phase: Create, Summary: "a custom_constraint no Heat plugin registers"},
		{ID: ParameterDefaultType, Severity: source.SeverityError, Phase: Create, Summary: "a default that does not read as the parameter's type"},
		{ID: ParameterDefaultConstraint, Severity: source.SeverityError, Phase: Create, Summary: "a default that breaks the parameter's own constraints"},
		{ID: ParameterDefaultNull, Severity: source.SeverityWarning, Phase: None, Summary: "a default written with no value (or null): Heat reads it as no default, so create needs a value"},
		{ID: ParameterGroupNotMapping, Severity: source.SeverityError, Phase: Validate, Summary: "a parameter_groups item is not a mapping"},
		{ID: ParameterGroupParametersInvalid, Severity: source.SeverityError, Phase: Validate, Summary: "a group without parameters, or whose parameters is not a list"},
		{ID: ParameterGroupUnknownParameter, Severity: source.SeverityError, Phase: Validate, Summary: "a group naming a parameter the template does not declare"},
		{ID: ParameterGroupDuplicateParameter, Severity: source.SeverityError, Phase: Validate, Summary: "a parameter in more than one group, or twice in one"},
		{ID: ResourceNameInvalid, Severity: source.SeverityError, Phase: Validate, Summary: "a resource name containing \"/\", or one no nested stack can be named after", Contexts: []Context{
			{Where: NestedStackName, Severity: source.SeverityError, Phase: Create},
			{Where: NestedStackNameRepeated, Severity: source.SeverityWarning, Phase: None},
			{Where: NestedStackNameUnsure, Severity: source.SeverityWarning, Phase: None},
		}},
		{ID: ResourceNotMapping, Severity: source.SeverityError, Phase: Validate, Summary: "a resource's definition is not a mapping"},
		{ID: ResourceTypeMissing, Severity: source.SeverityError, Phase: Validate, Summary: "a resource without type", Contexts: []Context{{Where: "a group's member definition (resource_def, an autoscaling group's resource), even in a group with no member", Severity: source.SeverityError, Phase: Create}}},
		{ID: ResourceTypeEmpty, Severity: source.SeverityError, Phase: Validate, Summary: "a type that is the empty text (even in a resource its condition leaves out)", Contexts: []Context{{Where: "a group's member definition (resource_def, an autoscaling group's resource)", Severity: source.SeverityError, Phase: Create}, {Where: EmptyGroupMember, Severity: source.SeverityWarning, Phase: None}}},
		{ID: ResourceTypeNotString, Severity: source.SeverityError, Phase: Validate, Summary: "a type that is a mapping, a list or null", Contexts: []Context{{Where: "a group's member definition (resource_def, an autoscaling group's resource)", Severity: source.SeverityError, Phase: Create}}},
		{ID: ResourceTypeUnknown, Severity: source.SeverityError, Phase: Validate, Summary: "no such type in a namespace Heat owns", Contexts: []Context{{Where: LeftOutResource, Severity: source.SeverityWarning, Phase: None}, {Where: "a group's member definition (resource_def, an autoscaling group's resource)", Severity: source.SeverityError, Phase: Create}, {Where: EmptyGroupMember, Severity: source.SeverityWarning, Phase: None}}},
		{ID: ResourceTypeCustom, Severity: source.SeverityInfo, Phase: None, Summary: "a type outside Heat's namespaces: an environment must map it"},
		{ID: ResourceTypeHidden, Severity: source.SeverityWarning, Phase: None, Summary: "a type Heat keeps hidden for old stacks; it still accepts it; the message names the successor"},
		{ID: ResourceTypeDeprecated, Severity: source.SeverityWarning, Phase: None, Summary: "a deprecated type", Contexts: []Context{{Where: "an old alias name (OS::Quantum::...)", Severity: source.SeverityHint, Phase: None}}},
		{ID: ResourceTypeUnsupported, Severity: source.SeverityWarning, Phase: None, Summary: "a type Heat marks unsupported (experimental)"},
		{ID: ResourcePropertiesNotMapping, Severity: source.SeverityError, Phase: Validate, Summary: "properties is neither a mapping nor null (a list, a text, or a function call Heat cannot read)"},
		{ID: ResourcePropertyUnknown, Severity: source.SeverityError, Phase: Validate, Summary: "a property (or nested key) the type does not have in the target release", Contexts: []Context{{Where: LeftOutResource, Severity: source.SeverityWarning, Phase: None}, {Where: "a group's member definition (resource_def, an autoscaling group's resource)", Severity: source.SeverityError, Phase: Create}, {Where: EmptyGroupMember, Severity: source.SeverityWarning, Phase: None}}},
		{ID: ResourcePropertyUnimplemented, Severity: source.SeverityError, Phase: Validate, Summary: "a property the type declares but has no code for", Contexts: []Context{{Where: LeftOutResource, Severity: source.SeverityWarning, Phase: None}, {Where: "a group's member definition (resource_def, an autoscaling group's resource)", Severity: source.SeverityError, Phase: Create}, {Where: EmptyGroupMember, Severity: source.SeverityWarning, Phase: None}}},
		{ID: DelayOverTimeout, Severity: source.SeverityWarning, Phase: Create, Summary: "an OS::Heat::Delay that may wait longer than the default stack timeout (one hour): Heat refuses it unless stack create gives a longer timeout"},
		{ID: ResourcePropertyHidden, Severity: source.SeverityWarning, Phase: None, Summary: "a hidden property Heat still accepts"},
		{ID: ResourcePropertyDeprecated, Severity: source.SeverityWarning, Phase: None, Summary: "a deprecated property"},
		{ID: ResourcePropertyMissing, Severity: source.SeverityError, Phase: Create, Summary: "a required property (or nested key) is missing", Contexts: []Context{{Where: LeftOutResource, Severity: source.SeverityWarning, Phase: None}, {Where: EmptyGroupMember, Severity: source.SeverityWarning, Phase: None}}},
		{ID: ResourcePropertyType, Severity: source.SeverityError, Phase: Create, Summary: "a literal value of the wrong type for the property", Contexts: []Context{{Where: LaterGroupMember, Severity: source.SeverityWarning, Phase: Cloud}, {Where: LeftOutResource, Severity: source.SeverityWarning, Phase: None}, {Where: "a list where a type not built from Heat's code (a user's schema file, a template-backed type) expects a mapping, or the reverse (it may convert it)", Severity: source.SeverityWarning, Phase: None}, {Where: EmptyGroupMember, Severity: source.SeverityWarning, Phase: None}}},
		{ID: ResourcePropertyConstraint, Severity: source.SeverityError, Phase: Create, Summary: "a literal value outside the property's allowed values, range, length or pattern", Contexts: []Context{{Where: LaterGroupMember, Severity: source.SeverityWarning, Phase: Cloud}, {Where: LeftOutResource, Severity: source.SeverityWarning, Phase: None}, {Where: EmptyGroupMember, Severity: source.SeverityWarning, Phase: None}}},
		{ID: ResourceDeletionPolicyInvalid, Severity: source.SeverityError, Phase: Validate, Summary: "a deletion_policy the version or the type does not accept, or one that reads a resource (get_resource, get_attr)", Contexts: []Context{{Where: LeftOutResourcePolicy, Severity: source.SeverityWarning, Phase: None}}},
		{ID: ResourceUpdatePolicyInvalid, Severity: source.SeverityError, Phase: Validate, Summary: "update_policy not a mapping, given by a function, or a key the type does not have", Contexts: []Context{{Where: LeftOutResourcePolicy, Severity: source.SeverityWarning, Phase: None}}},
		{ID: ResourceMetadataNotMapping, Severity: source.SeverityError, Phase: Validate, Summary: "metadata is not a mapping"},
		{ID: ResourceDependsOnInvalid, Severity: source.SeverityError, Phase: Validate, Summary: "depends_on is neither a name nor a list of names, or names something for a resource with an external_id", Contexts: []Context{{Where: LeftOutResourcePolicy, Severity: source.SeverityWarning, Phase: None}}},
		{ID: ResourcePropertyConflict, Severity: source.SeverityError, Phase: Create, Summary: "properties the type's own validation refuses together, or a combination it requires (one of two, one implied by another)", Contexts: []Context{{Where: LeftOutResource, Severity: source.SeverityWarning, Phase: None}, {Where: EmptyGroupMember, Severity: source.SeverityWarning, Phase: None}}},
		{ID: ResourcePropertyValue, Severity: source.SeverityError, Phase: Create, Summary: "a literal value the type's own validation refuses beyond its property schema (a format, a bound set by another property, a repeated entry)", Contexts: []Context{{Where: LeftOutResource, Severity: source.SeverityWarning, Phase: None}, {Where: EmptyGroupMember, Severity: source.SeverityWarning, Phase: None}}},
		{ID: OutputNotMapping, Severity: source.SeverityError, Phase: Validate, Summary: "an output's definition is not a mapping"},
		{ID: OutputValueMissing, Severity: source.SeverityError, Phase: Validate, Summary: "an output without a value key"},
		{ID: ConditionNameNotString, Severity: source.SeverityError, Phase: Validate, Summary: "a condition name YAML reads as a boolean or a number"},
		{ID: ConditionBodyInvalid, Severity: source.SeverityError, Phase: Validate, Summary: "a condition that is no expression (a number, a list, a plain map...)", Contexts: []Context{{Where: "a get_param that gives empty text, in a condition nothing uses", Severity: source.SeverityWarning, Phase: None}}},
		{ID: ConditionBodyUndefined, Severity: source.SeverityError, Phase: Validate, Summary: "a condition that is bare text naming no condition (refused even when nothing uses it)"},
		{ID: ParameterUnused, Severity: source.SeverityHint, Phase: None, Summary: "a parameter nothing reads"},
		{ID: ConditionUnused, Severity: source.SeverityHint, Phase: None, Summary: "a condition nothing uses"},
		{ID: ResourceLeftOut, Severity: source.SeverityHint, Phase: None, Summary: "a resource its false condition leaves out of the stack (under the active environments, in the editor)"},
	}
}
