package plugins

import "heat-ls/analysis/rules"

// cinderChecks are the checks of Cinder plugins' validate() beyond their
// property schemas (the volume's are in plugins.go).
func cinderChecks() map[string][]pluginCheck {
	return map[string][]pluginCheck{
		"OS::Cinder::VolumeType": {volumeTypeProjects},
		"OS::Cinder::Quota":      {quotaSetsSomething},
	}
}

// volumeTypeProjects: projects are for a private volume type; is_public
// is true unless the template says otherwise.
func volumeTypeProjects(pc pluginCtx) {
	r := pc.read(truthy("projects"))
	if r.certain(truthy("projects")) && pc.scalar("is_public").truthy() {
		pc.p.Reportf(r.key.Span(), rules.ResourcePropertyConflict,
			"`projects` is for a private volume type (`is_public: false`; it is public by default); Heat refuses it at stack create.")
	}
}
