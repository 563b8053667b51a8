package parameters

import (
	"heat-ls/analysis/check/pass"
	"heat-ls/analysis/rules"
	"heat-ls/analysis/syntax"
	"heat-ls/schema"
)

// KnownCustomConstraints is every custom constraint name Heat registers:
// the names its resource types use (read from the schema, which also
// carries the user's own types) plus those only parameters use, which
// Heat's plugins register too. Built once per run, only when a parameter
// has a custom_constraint.
func KnownCustomConstraints(s *schema.Schema) map[string]bool {
	names := map[string]bool{}
	if s == nil {
		return names
	}
	for _, n := range s.CustomConstraints() {
		names[n] = true
	}
	for _, tn := range s.ResourceTypes() {
		rt, ok := s.ResourceType(tn)
		if !ok {
			continue
		}
		for _, prop := range rt.Properties() {
			collectCustomNames(prop, names, 0)
		}
	}
	return names
}

// isKnownCustomConstraint reports whether name is a known custom
// constraint. The release's own registrations are looked at first, so the
// full set (which walks every resource type's properties) is only built
// for other names.
func isKnownCustomConstraint(s *schema.Schema, name string, all func() map[string]bool) bool {
	return (s != nil && s.HasCustomConstraint(name)) || all()[name]
}

func collectCustomNames(p *schema.Property, names map[string]bool, depth int) {
	if p == nil || depth > 16 {
		return
	}
	for _, c := range p.Constraints {
		if c.Kind == schema.ConstraintCustom && c.Custom != "" {
			names[c.Custom] = true
		}
	}
	collectCustomNames(p.Item, names, depth+1)
	for _, f := range p.Fields {
		collectCustomNames(f, names, depth+1)
	}
}

// customConstraintGone reports a parameter's custom constraint that the
// target release does not register but another release does, and says
// whether it did.
func customConstraintGone(p *pass.Pass, arg *syntax.Node, param string) bool {
	if rel, ok := p.Schema.CustomConstraintRemoved(arg.Value); ok {
		p.Reportf(arg.Span(), rules.ParameterCustomConstraintRemoved,
			"%s removed the custom constraint `%s` with its retired service; heat-ls judges for %s, where any value for `%s` fails at stack create. Remove the constraint.",
			rel, arg.Value, p.Schema.HeatVersion(), param)
		return true
	}
	if rel, ok := p.Schema.CustomConstraintAdded(arg.Value); ok {
		p.Reportf(arg.Span(), rules.ParameterCustomConstraintTooNew,
			"The custom constraint `%s` arrives in %s; on %s, which heat-ls judges for, any value for `%s` fails at stack create.",
			arg.Value, rel, p.Schema.HeatVersion(), param)
		return true
	}
	return false
}
