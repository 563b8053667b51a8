package rules

import "heat-ls/analysis/source"

// Rule ids: Environment files (analysis/check).
const (
	EnvSectionUnknown             = "env-section-unknown"
	EnvSectionNotMapping          = "env-section-not-mapping"
	EnvSectionEmpty               = "env-section-empty"
	EnvRegistryTargetInvalid      = "env-registry-target-invalid"
	EnvResourceOverrideInvalid    = "env-resource-override-invalid"
	EnvEncryptedParamNamesInvalid = "env-encrypted-param-names-invalid"
	EnvMergeStrategyInvalid       = "env-merge-strategy-invalid"
	EnvEventSinksInvalid          = "env-event-sinks-invalid"
	EnvNotMapping                 = "env-not-mapping"
)

func environmentRules() []Rule {
	return []Rule{
		{ID: EnvSectionUnknown, Severity: source.SeverityError, Phase: Validate, Summary: "a top-level key of an environment file Heat does not know"},
		{ID: EnvSectionEmpty, Severity: source.SeverityError, Phase: Validate, Summary: "an environment section written with nothing after it (null)"},
		{ID: EnvSectionNotMapping, Severity: source.SeverityError, Phase: Validate, Summary: "parameters, parameter_defaults, resource_registry or parameter_merge_strategies is not a mapping"},
		{ID: EnvRegistryTargetInvalid, Severity: source.SeverityError, Phase: Validate, Summary: "a resource_registry entry whose target is not text"},
		{ID: EnvResourceOverrideInvalid, Severity: source.SeverityError, Phase: Validate, Summary: "a resource_registry.resources entry Heat cannot read (not a mapping of text, an unknown hook)"},
		{ID: EnvEncryptedParamNamesInvalid, Severity: source.SeverityWarning, Phase: None, Summary: "encrypted_param_names is not a list of names; Heat does not read it from users"},
		{ID: EnvMergeStrategyInvalid, Severity: source.SeverityWarning, Phase: None, Summary: "a merge strategy other than overwrite, merge or deep_merge; Heat silently uses the default instead"},
		{ID: EnvNotMapping, Severity: source.SeverityError, Phase: Validate, Summary: "an environment file given explicitly (check --env) whose top level is a list or a scalar, not a mapping of sections"},
		{ID: EnvEventSinksInvalid, Severity: source.SeverityError, Phase: Validate, Summary: "event_sinks is not a list of mappings"},
	}
}
