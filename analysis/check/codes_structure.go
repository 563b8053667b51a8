package check

// Rule ids of the structure rules (version, sections, entry keys,
// functions, argument shapes, references and cycles). They are sent as the
// LSP diagnostic code and never change meaning once released.
//
//	id                             severity  meaning
//	missing-version                error     the template has no heat_template_version
//	version-not-scalar             error     heat_template_version is a mapping or list
//	unknown-version                error     the version is no date or alias Heat knows; Suggestions
//	section-not-in-version         error     a real section the declared version lacks (conditions); Data minVersion
//	placeholder-section            warning   __undefined__: Heat accepts it but it means nothing
//	unknown-section                error     a top-level key Heat does not know; Suggestions
//	section-wrong-shape            error     parameters/resources/outputs/conditions not a mapping,
//	                                         parameter_groups not a list (description not text: warning)
//	unknown-parameter-key          error     a key a parameter may not hold here; Suggestions or Data minVersion
//	unknown-resource-key           error     a key a resource may not hold here; Suggestions or Data minVersion
//	unknown-output-key             warning   a key an output may not hold (Heat ignores it); Suggestions
//	output-condition-ignored       warning   output condition before the version that reads it; Data minVersion
//	function-not-in-version        warning   a function the declared version lacks: Heat keeps the map as data;
//	                               error     ... where the property it fills refuses a map, or in a condition.
//	                                         Data minVersion, function
//	removed-function               error     a function the declared version refuses; names the replacement
//	condition-function-outside     warning   and/or/not/equals outside conditions (kept as data);
//	                               error     ... where the property it fills refuses a map
//	function-invalid-in-conditions error     a function Heat refuses inside conditions
//	function-in-parameters         warning   a call in the parameters section (never evaluated)
//	function-near-miss             warning   a one-key map whose key is nearly a function name; Suggestions
//	function-extra-keys            warning   a function name beside other keys of one map (kept as data)
//	bad-function-args              error     arguments Heat refuses when it reads the template;
//	                               error     values Heat refuses when it computes them, in resource
//	                                         properties (stack create); warning elsewhere (outputs)
//	unknown-digest-algorithm       warning   algorithm not sure to exist (error in resource properties)
//	repeat-permutations-ignored    warning   repeat permutations before the version that reads it
//	repeat-unused-placeholder      warning   a for_each placeholder absent from a literal template
//	str-replace-unused-param       error     strict str_replace param absent from a literal template
//	                                         (warning outside resource properties)
//	undefined-parameter            error     get_param of an undeclared parameter (warning in outputs);
//	                                         Suggestions, Data kind=parameter, name, guessedType
//	undefined-resource             error     get_resource / get_attr / depends_on of no such resource
//	depends-on-self                error     a resource listing itself in depends_on
//	unknown-attribute              error     get_attr of an attribute the (known, fixed) type lacks
//	undefined-condition            error     a condition name nothing defines, or a used condition
//	                                         that refers to one (warning inside an unused condition)
//	dependency-cycle               error     resources that depend on each other in a loop
//	resource-facade-top-level      error     resource_facade in a template nothing uses as a nested stack
//	condition-cycle                error     conditions that refer to each other in a loop
const (
	codeMissingVersion        = "missing-version"
	codeVersionNotScalar      = "version-not-scalar"
	codeUnknownVersion        = "unknown-version"
	codeSectionNotInVersion   = "section-not-in-version"
	codePlaceholderSection    = "placeholder-section"
	codeUnknownSection        = "unknown-section"
	codeSectionWrongShape     = "section-wrong-shape"
	codeUnknownParameterKey   = "unknown-parameter-key"
	codeUnknownResourceKey    = "unknown-resource-key"
	codeUnknownOutputKey      = "unknown-output-key"
	codeOutputConditionIgnore = "output-condition-ignored"

	codeFunctionNotInVersion        = "function-not-in-version"
	codeRemovedFunction             = "removed-function"
	codeConditionFunctionOutside    = "condition-function-outside"
	codeFunctionInvalidInConditions = "function-invalid-in-conditions"
	codeFunctionInParameters        = "function-in-parameters"
	codeFunctionNearMiss            = "function-near-miss"
	codeFunctionExtraKeys           = "function-extra-keys"

	codeBadFunctionArgs         = "bad-function-args"
	codeUnknownDigestAlgorithm  = "unknown-digest-algorithm"
	codeRepeatPermutationsIgnor = "repeat-permutations-ignored"
	codeRepeatUnusedPlaceholder = "repeat-unused-placeholder"
	codeStrReplaceUnusedParam   = "str-replace-unused-param"

	codeUndefinedParameter = "undefined-parameter"
	codeUndefinedResource  = "undefined-resource"
	codeDependsOnSelf      = "depends-on-self"
	codeUnknownAttribute   = "unknown-attribute"
	codeUndefinedCondition = "undefined-condition"

	codeDependencyCycle = "dependency-cycle"
	codeConditionCycle  = "condition-cycle"
)
