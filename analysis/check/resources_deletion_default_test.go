package check

import (
	"testing"

	"heat-ls/analysis/rules"
	"heat-ls/analysis/source"
)

// TestDeletionPolicyDefault: a deletion_policy taken from a parameter's
// default is judged as that default, in the version's policies; a
// parameter without a default, or one an environment may set, is not.
func TestDeletionPolicyDefault(t *testing.T) {
	const E = source.SeverityError
	tmpl := func(version, param string) string {
		return "heat_template_version: " + version + "\nparameters:\n  dp: " + param + "\nresources:\n  s:\n    type: OS::Heat::None\n    deletion_policy: {get_param: dp}\n"
	}
	code := rules.ResourceDeletionPolicyInvalid
	runEntryCases(t, []entryCase{
		{"no policy", tmpl("2018-08-31", "{type: string, default: Keep}"), code, E, "{get_param: dp}", nil},
		{"empty", tmpl("2018-08-31", "{type: string, default: ''}"), code, E, "{get_param: dp}", nil},
		{"a number", tmpl("2018-08-31", "{type: number, default: 1}"), code, E, "{get_param: dp}", nil},
		{"lowercase before 2016-10-14", tmpl("2015-04-30", "{type: string, default: retain}"), code, E, "{get_param: dp}", nil},
		{"lowercase from 2016-10-14", tmpl("2018-08-31", "{type: string, default: retain}"), "", E, "", []string{code}},
		{"a policy", tmpl("2018-08-31", "{type: string, default: Retain}"), "", E, "", []string{code}},
		{"no default", tmpl("2018-08-31", "{type: string}"), "", E, "", []string{code}},
	})
}
