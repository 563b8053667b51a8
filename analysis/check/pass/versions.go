package pass

import "heat-ls/schema"

// DeclaredVersion is the template's HOT version, or nil when it is missing
// or unknown (the version rule reports that; version-gated rules then stay
// silent rather than guess).
func DeclaredVersion(p *Pass) *schema.Version {
	if p.T == nil || p.Schema == nil || p.T.VersionText == "" {
		return nil
	}
	v, _ := p.Schema.Version(p.T.VersionText)
	return v
}

// FirstVersion is the oldest version for which has is true, or nil.
func FirstVersion(s *schema.Schema, has func(*schema.Version) bool) *schema.Version {
	for _, v := range s.Versions() {
		if has(v) {
			return v
		}
	}
	return nil
}

// EntryVersion is the version the entry rules check against: the declared
// one, or the newest when the declaration is missing or unknown (the
// structure rules report that), so the other checks still run.
func EntryVersion(p *Pass) *schema.Version {
	if p.Schema == nil {
		return nil
	}
	if p.T != nil {
		if v, ok := p.Schema.Version(p.T.VersionText); ok {
			return v
		}
	}
	return p.Schema.Latest()
}
