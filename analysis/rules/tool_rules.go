package rules

import "heat-ls/analysis/source"

// Rule ids: heat-ls's own limits and settings; no Heat verdict.
const (
	InternalError    = "internal-error"
	TooManyProblems  = "too-many-problems"
	DocumentTooLarge = "document-too-large"
	InvalidConfig    = "invalid-config"
	UnknownRuleID    = "config-unknown-rule"
	JinjaSource      = "jinja2-source"
)

func toolRules() []Rule {
	return []Rule{
		{ID: InternalError, Severity: source.SeverityWarning, Phase: None, Summary: "heat-ls failed while checking this file; the other checks still ran", Contexts: []Context{{Where: "check's own output for an unreadable file", Severity: source.SeverityError, Phase: Tool}}},
		{ID: TooManyProblems, Severity: source.SeverityInfo, Phase: None, Summary: "more problems than heat-ls lists for one document"},
		{ID: DocumentTooLarge, Severity: source.SeverityInfo, Phase: None, Summary: "a document too large for heat-ls to analyse in the editor"},
		{ID: JinjaSource, Severity: source.SeverityInfo, Phase: None, Summary: "a Jinja2 source: not HOT until rendered, so heat-ls checks nothing else in it"},
		{ID: UnknownRuleID, Severity: source.SeverityWarning, Phase: Tool, Summary: "heat-ls's settings file (.heat-ls.yaml) names a rule id heat-ls does not have, so that entry changes nothing"},
		{ID: InvalidConfig, Severity: source.SeverityError, Phase: Tool, Summary: "heat-ls's settings file (.heat-ls.yaml) cannot be read", Contexts: []Context{{Where: "in the editor", Severity: source.SeverityWarning, Phase: Tool}}},
	}
}
