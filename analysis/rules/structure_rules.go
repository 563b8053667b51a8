package rules

import "heat-ls/analysis/source"

// Rule ids: Version, sections, entry keys, functions, argument shapes, references and cycles (analysis/check).
const (
	MissingVersion              = "missing-version"
	VersionNotScalar            = "version-not-scalar"
	UnknownVersion              = "unknown-version"
	SectionNotInVersion         = "section-not-in-version"
	PlaceholderSection          = "placeholder-section"
	UnknownSection              = "unknown-section"
	SectionWrongShape           = "section-wrong-shape"
	UnknownParameterKey         = "unknown-parameter-key"
	UnknownResourceKey          = "unknown-resource-key"
	UnknownOutputKey            = "unknown-output-key"
	OutputConditionIgnored      = "output-condition-ignored"
	FunctionNotInVersion        = "function-not-in-version"
	RemovedFunction             = "removed-function"
	ConditionFunctionOutside    = "condition-function-outside"
	FunctionInvalidInConditions = "function-invalid-in-conditions"
	FunctionInParameters        = "function-in-parameters"
	FunctionNearMiss            = "function-near-miss"
	FunctionExtraKeys           = "function-extra-keys"
	BadFunctionArgs             = "bad-function-args"
	YaqlSyntax                  = "yaql-syntax"
	YaqlTooDeep                 = "yaql-too-deep"
	UnknownDigestAlgorithm      = "unknown-digest-algorithm"
	RepeatPermutationsIgnored   = "repeat-permutations-ignored"
	RepeatUnusedPlaceholder     = "repeat-unused-placeholder"
	StrReplaceUnusedParam       = "str-replace-unused-param"
	UndefinedParameter          = "undefined-parameter"
	UndefinedResource           = "undefined-resource"
	DependsOnSelf               = "depends-on-self"
	UnknownAttribute            = "unknown-attribute"
	UndefinedCondition          = "undefined-condition"
	DependencyCycle             = "dependency-cycle"
	ConditionCycle              = "condition-cycle"
	ResourceFacadeTopLevel      = "resource-facade-top-level"
	ResourceNameIsParameter     = "resource-name-is-parameter"
)

func structureRules() []Rule {
	return []Rule{
		{ID: MissingVersion, Severity: source.SeverityError, Phase: Validate, Summary: "no heat_template_version line"},
		{ID: VersionNotScalar, Severity: source.SeverityError, Phase: Validate, Summary: "heat_template_version is a mapping or a list"},
		{ID: UnknownVersion, Severity: source.SeverityError, Phase: Validate, Summary: "a version date or alias Heat does not know"},
		{ID: SectionNotInVersion, Severity: source.SeverityError, Phase: Validate, Summary: "a section the declared version does not have yet (conditions before 2016-10-14)"},
		{ID: PlaceholderSection, Severity: source.SeverityWarning, Phase: None, Summary: "a section named __undefined__: Heat takes it and ignores it"},
		{ID: UnknownSection, Severity: source.SeverityError, Phase: Validate, Summary: "a top-level key Heat does not know"},
		{ID: SectionWrongShape, Severity: source.SeverityError, Phase: Validate, Summary: "parameters, resources, outputs or conditions not a mapping, parameter_groups not a list", Contexts: []Context{{Where: "description not text", Severity: source.SeverityWarning, Phase: None}}},
		{ID: UnknownParameterKey, Severity: source.SeverityError, Phase: Validate, Summary: "a key a parameter may not hold in the declared version"},
		{ID: UnknownResourceKey, Severity: source.SeverityError, Phase: Validate, Summary: "a key a resource may not hold in the declared version"},
		{ID: UnknownOutputKey, Severity: source.SeverityWarning, Phase: None, Summary: "a key an output may not hold; Heat ignores it"},
		{ID: OutputConditionIgnored, Severity: source.SeverityWarning, Phase: None, Summary: "an output condition before the version that reads it"},
		{ID: FunctionNotInVersion, Severity: source.SeverityWarning, Phase: None, Summary: "a function the declared version lacks: Heat keeps the map as plain data", Contexts: []Context{{Where: "a property that refuses a map", Severity: source.SeverityError, Phase: Create}, {Where: "a condition", Severity: source.SeverityError, Phase: Validate}}},
		{ID: RemovedFunction, Severity: source.SeverityError, Phase: Validate, Summary: "a function the declared version refuses outright; the message names the replacement"},
		{ID: ConditionFunctionOutside, Severity: source.SeverityWarning, Phase: None, Summary: "and/or/not/equals outside conditions, kept as plain data", Contexts: []Context{{Where: "a property that refuses a map", Severity: source.SeverityError, Phase: Create}}},
		{ID: FunctionInvalidInConditions, Severity: source.SeverityError, Phase: Validate, Summary: "a function Heat refuses inside the conditions section (get_resource, get_attr...)"},
		{ID: FunctionInParameters, Severity: source.SeverityWarning, Phase: None, Summary: "a function call in the parameters section, which Heat never evaluates"},
		{ID: FunctionNearMiss, Severity: source.SeverityWarning, Phase: None, Summary: "a one-key map whose key is almost a function name"},
		{ID: FunctionExtraKeys, Severity: source.SeverityWarning, Phase: None, Summary: "a function name beside other keys in one map: Heat keeps it all as data"},
		{ID: BadFunctionArgs, Severity: source.SeverityError, Phase: Validate, Summary: "function arguments Heat refuses when it reads the template", Contexts: []Context{{Where: "values computed in resource properties", Severity: source.SeverityError, Phase: Create}, {Where: "in an output's value, a check Heat makes only when it resolves the output, after the stack exists (and in the properties of a type that never computes them, or of a resource its condition leaves out for every input)", Severity: source.SeverityWarning, Phase: None}, {Where: "a get_param or get_attr path item that is no key or index (the lookup finds nothing)", Severity: source.SeverityWarning, Phase: None}, {Where: "str_split items after the index, which Heat ignores", Severity: source.SeverityWarning, Phase: None}, {Where: NullConditionOperand, Severity: source.SeverityWarning, Phase: None}, {Where: SkippedOperand, Severity: source.SeverityWarning, Phase: None}}},
		{ID: YaqlSyntax, Severity: source.SeverityError, Phase: Validate, Summary: "a yaql expression Heat's yaql parser refuses (or that is no text)", Contexts: []Context{{Where: LeftOutResource, Severity: source.SeverityWarning, Phase: None}}},
		{ID: YaqlTooDeep, Severity: source.SeverityError, Phase: Create, Summary: "a yaql expression whose brackets nest deeper than Heat can evaluate (Python's recursion limit)", Contexts: []Context{{Where: YaqlNotComputedAtCreate, Severity: source.SeverityWarning, Phase: None}, {Where: LeftOutResource, Severity: source.SeverityWarning, Phase: None}}},
		{ID: UnknownDigestAlgorithm, Severity: source.SeverityWarning, Phase: None, Summary: "a digest algorithm that is not sure to exist where Heat runs", Contexts: []Context{{Where: "resource properties", Severity: source.SeverityError, Phase: Create}, {Where: HostDigest, Severity: source.SeverityWarning, Phase: Cloud}}},
		{ID: RepeatPermutationsIgnored, Severity: source.SeverityWarning, Phase: None, Summary: "repeat's permutations before the version that reads it"},
		{ID: RepeatUnusedPlaceholder, Severity: source.SeverityWarning, Phase: None, Summary: "a for_each placeholder the literal template never uses"},
		{ID: StrReplaceUnusedParam, Severity: source.SeverityError, Phase: Create, Summary: "str_replace_strict with a param its literal template does not hold", Contexts: []Context{{Where: "outside resource properties", Severity: source.SeverityWarning, Phase: None}}},
		{ID: UndefinedParameter, Severity: source.SeverityError, Phase: Create, Summary: "get_param of a parameter the template does not declare", Contexts: []Context{{Where: "outputs", Severity: source.SeverityWarning, Phase: None}, {Where: "a condition nothing uses", Severity: source.SeverityWarning, Phase: None}}},
		{ID: UndefinedResource, Severity: source.SeverityError, Phase: Validate, Summary: "get_resource, get_attr or depends_on naming no resource of the template, or a get_resource / get_attr read while the named resource's condition leaves it out", Contexts: []Context{{Where: LeftOutResource, Severity: source.SeverityWarning, Phase: None}, {Where: "get_resource in an output (Heat accepts the template; showing the output fails)", Severity: source.SeverityWarning, Phase: None}}},
		{ID: DependsOnSelf, Severity: source.SeverityError, Phase: Validate, Summary: "a resource that lists itself in depends_on", Contexts: []Context{{Where: LeftOutResource, Severity: source.SeverityWarning, Phase: None}}},
		{ID: UnknownAttribute, Severity: source.SeverityError, Phase: Validate, Summary: "get_attr of an attribute the resource's type does not have", Contexts: []Context{{Where: LeftOutResource, Severity: source.SeverityWarning, Phase: None}, {Where: GroupMemberAttribute, Severity: source.SeverityError, Phase: Create}, {Where: EmptyGroupMember, Severity: source.SeverityWarning, Phase: None}}},
		{ID: UndefinedCondition, Severity: source.SeverityError, Phase: Validate, Summary: "a condition name nothing defines", Contexts: []Context{{Where: "inside a condition nothing uses", Severity: source.SeverityWarning, Phase: None}, {Where: SkippedOperand, Severity: source.SeverityWarning, Phase: None}}},
		{ID: DependencyCycle, Severity: source.SeverityError, Phase: Validate, Summary: "resources that depend on each other in a loop"},
		{ID: ConditionCycle, Severity: source.SeverityError, Phase: Validate, Summary: "conditions that refer to each other in a loop"},
		{ID: ResourceNameIsParameter, Severity: source.SeverityError, Phase: Validate, Summary: "a resource with the name of a parameter", Contexts: []Context{{Where: LeftOutResource, Severity: source.SeverityWarning, Phase: None}}},
		{ID: ResourceFacadeTopLevel, Severity: source.SeverityError, Phase: Create, Summary: "resource_facade in a template nothing uses as a nested stack", Contexts: []Context{{Where: "in an output's value, which Heat resolves only once the stack exists", Severity: source.SeverityWarning, Phase: None}}},
	}
}
