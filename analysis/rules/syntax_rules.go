package rules

import "heat-ls/analysis/source"

// Rule ids: The YAML reader's rules (analysis/syntax).
const (
	YAMLSyntax        = "yaml-syntax"
	DuplicateKey      = "duplicate-key"
	MultipleDocuments = "multiple-documents"
	YAMLAlias         = "yaml-alias"
	YAMLInternal      = "yaml-internal"
	YAMLTooLarge      = "yaml-too-large"
	YAMLUnknownTag    = "yaml-unknown-tag"
	YAMLUnhashableKey = "yaml-unhashable-key"
	YAMLAliasBudget   = "yaml-alias-budget"
	YAMLFlowKeyColon  = "yaml-flow-key-colon"
	YAMLMergeValue    = "yaml-merge-value"
)

func syntaxRules() []Rule {
	return []Rule{
		{ID: YAMLSyntax, Severity: source.SeverityError, Phase: Validate, Summary: "the text is not valid YAML"},
		{ID: DuplicateKey, Severity: source.SeverityWarning, Phase: None, Summary: "a mapping key given twice; Heat's reader keeps the last one silently"},
		{ID: MultipleDocuments, Severity: source.SeverityError, Phase: Validate, Summary: "more than one YAML document in the file (a second `---`)"},
		{ID: YAMLAlias, Severity: source.SeverityError, Phase: Validate, Summary: "an alias with no anchor before it, or one used inside the node it names"},
		{ID: YAMLInternal, Severity: source.SeverityWarning, Phase: None, Summary: "heat-ls's YAML reader failed on this text; no verdict on it"},
		{ID: YAMLTooLarge, Severity: source.SeverityError, Phase: Validate, Summary: "the file is larger than Heat's template size limit"},
		{ID: YAMLUnknownTag, Severity: source.SeverityError, Phase: Validate, Summary: "an explicit YAML tag Heat's safe loader cannot build (`!Ref`, `!!python/...`)"},
		{ID: YAMLUnhashableKey, Severity: source.SeverityError, Phase: Validate, Summary: "a list or mapping used as a mapping key, which Heat's YAML loader cannot build"},
		{ID: YAMLFlowKeyColon, Severity: source.SeverityError, Phase: Validate, Summary: "a plain key in `{...}` or `[...]` whose colon is followed at once by `,`, `}` or `]`, which Heat's YAML reader (libyaml) cannot scan"},
		{ID: YAMLMergeValue, Severity: source.SeverityError, Phase: Validate, Summary: "a merge key (`<<`) whose value is no mapping or list of mappings, which Heat's YAML loader cannot merge"},
		{ID: YAMLAliasBudget, Severity: source.SeverityInfo, Phase: None, Summary: "so many alias expansions that heat-ls stops following them"},
	}
}
