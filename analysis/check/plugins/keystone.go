package plugins

import (
	"heat-ls/analysis/rules"
)

// keystoneRoles: each role a Keystone user or group is given (roles) is
// scoped to exactly one project or one domain; Heat's role assignment
// checks refuse an entry with both or neither at stack create. Heat tests
// for a missing value, and a key written null reaches it as empty text,
// so any key written counts (the oracle accepts project: null).
func keystoneRoles(pc pluginCtx) {
	for _, m := range literalMappings(pc.props, "roles") {
		project, domain := m.Lookup("project").Key != nil, m.Lookup("domain").Key != nil
		switch {
		case project && domain:
			pc.p.Reportf(m.Lookup("domain").Key.Span(), rules.ResourcePropertyConflict,
				"A role is given in one project or one domain, not both; Heat refuses this entry at stack create.")
		case !project && !domain:
			pc.p.Reportf(m.Span(), rules.ResourcePropertyConflict,
				"This role names neither a `project` nor a `domain` to apply in; Heat refuses it at stack create.")
		}
	}
}
