package environment

import (
	"strings"

	"heat-ls/analysis/check/pass"
	"heat-ls/analysis/check/values"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/rules"
	"heat-ls/analysis/syntax"
)

// envSectionNames are the top-level keys of an environment file.
func envSectionNames() []string { return hot.EnvironmentSections() }

// CheckEnvSections checks the top-level keys and the sections that must
// be mappings, and the merge strategy values.
func CheckEnvSections(p *pass.Pass) {
	if p.Env == nil {
		return
	}
	for _, s := range p.Env.Sections {
		if s.Key.Kind != syntax.ScalarNode || !hot.IsEnvironmentSection(s.Name) {
			near := pass.NearestNames(s.Name, envSectionNames(), 3)
			d := p.Reportf(s.Key.Span(), rules.EnvSectionUnknown,
				"`%s` is not a section of an environment file; Heat knows %s.%s", s.Key.Value, strings.Join(envSectionNames(), ", "), pass.SuggestText(near))
			d.Suggestions = near
			continue
		}
		if s.Value.Resolve().IsNull() {
			// Heat refuses any section written with nothing after it
			// (a section it reads as null), as each file is loaded.
			p.Reportf(s.Key.Span(), rules.EnvSectionEmpty,
				"`%s` is empty; Heat refuses an environment section without a value. Write `%s: {}` or remove the line.", s.Name, s.Name)
			continue
		}
		switch s.Name {
		case "parameters", "parameter_defaults", "resource_registry", "parameter_merge_strategies":
			if v := s.Value.Resolve(); !v.IsNull() && !v.IsMapping() {
				p.Reportf(values.ValueSpan(s.Value, s.Key), rules.EnvSectionNotMapping,
					"`%s` must be a mapping of names to values, not %s.", s.Name, values.DescribeNode(v))
			}
		}
	}
	strategies := []string{"overwrite", "merge", "deep_merge"}
	for _, e := range p.Env.MergeStrategies {
		v := e.Value.Resolve()
		if v.IsScalar() && !v.IsNull() {
			ok := false
			for _, s := range strategies {
				ok = ok || s == v.Value
			}
			if ok {
				continue
			}
		}
		near := pass.NearestNames(v.Value, strategies, 2)
		d := p.Reportf(values.ValueSpan(e.Value, e.Key), rules.EnvMergeStrategyInvalid,
			"The merge strategy for `%s` should be overwrite, merge or deep_merge, not %s; Heat ignores it and uses the default.%s", e.Name, values.QuoteValue(v), pass.SuggestText(near))
		d.Suggestions = near
	}
}

// CheckEnvRegistry checks resource_registry: each type mapping has a
// text target; per-resource overrides are mappings of text (or lists for
// hooks). Whether target files exist is the workspace's question.
func CheckEnvRegistry(p *pass.Pass) {
	if p.Env == nil {
		return
	}
	for _, e := range p.Env.Registry {
		checkRegistryTarget(p, e, rules.EnvRegistryTargetInvalid)
	}
	for _, o := range p.Env.ResourceOverrides {
		body := o.Body.Resolve()
		if body.IsNull() {
			continue
		}
		if !body.IsMapping() {
			p.Reportf(values.ValueSpan(o.Body, o.ResourceKey), rules.EnvResourceOverrideInvalid,
				"The registry entry for resource `%s` must be a mapping (type names to targets, or hooks), not %s.", o.Resource, values.DescribeNode(body))
			continue
		}
		for _, e := range o.Entries {
			switch e.Name {
			case "hooks", "restricted_actions":
				v := e.Target.Resolve()
				if v.IsNull() {
					continue
				}
				if v.IsScalar() {
					checkHookName(p, e.Name, v)
					continue
				}
				if v.IsSequence() {
					for _, it := range v.Items() {
						if n := it.Resolve(); !n.IsScalar() {
							p.Reportf(it.Span(), rules.EnvResourceOverrideInvalid, "`%s` lists names as text; %s is not one.", e.Name, values.DescribeNode(it))
						} else {
							checkHookName(p, e.Name, n)
						}
					}
					continue
				}
				p.Reportf(v.Span(), rules.EnvResourceOverrideInvalid, "`%s` must be a name or a list of names, not %s.", e.Name, values.DescribeNode(v))
			default:
				if v := e.Target.Resolve(); v.IsMapping() {
					// A resource of the nested stack this resource creates:
					// Heat drills down (hooks on resources of nested stacks).
					checkNestedOverride(p, v, 0)
					continue
				}
				checkRegistryTarget(p, e, rules.EnvResourceOverrideInvalid)
			}
		}
	}
}

// maxOverrideDepth bounds the walk into nested-stack overrides.
const maxOverrideDepth = 16

// checkNestedOverride checks the body of an override for a resource of a
// nested stack: hooks and restricted_actions name known values, type
// mappings have text targets, deeper mappings go one stack further down.
func checkNestedOverride(p *pass.Pass, body *syntax.Node, depth int) {
	if depth > maxOverrideDepth {
		return
	}
	for _, pr := range body.Pairs() {
		if pr.Key == nil || pr.Key.Kind != syntax.ScalarNode {
			continue
		}
		v := pr.Value.Resolve()
		switch {
		case v.IsNull():
		case pr.Key.Value == "hooks" || pr.Key.Value == "restricted_actions":
			if v.IsScalar() {
				checkHookName(p, pr.Key.Value, v)
				continue
			}
			if v.IsSequence() {
				for _, it := range v.Items() {
					if n := it.Resolve(); n.IsScalar() {
						checkHookName(p, pr.Key.Value, n)
					}
				}
			}
		case v.IsMapping():
			checkNestedOverride(p, v, depth+1)
		case v.IsSequence():
			p.Reportf(v.Span(), rules.EnvResourceOverrideInvalid,
				"`%s` must map to a template path, a URL or another type name as text, not %s.", pr.Key.Value, values.DescribeNode(v))
		}
	}
}

// checkHookName checks one hook type (hooks) or action (restricted_actions)
// against the names Heat knows; Heat refuses the environment for any
// other name.
func checkHookName(p *pass.Pass, key string, n *syntax.Node) {
	known := []string{"pre-create", "pre-update", "pre-delete", "post-create", "post-update", "post-delete"}
	what := "hook"
	if key == "restricted_actions" {
		known, what = []string{"update", "replace"}, "restricted action"
	}
	for _, k := range known {
		if n.Value == k {
			return
		}
	}
	cands := pass.ClosestNames(n.Value, known, 1, 3)
	d := p.Reportf(n.Span(), rules.EnvResourceOverrideInvalid,
		"`%s` is not a %s Heat knows; use one of %s.%s", n.Value, what, strings.Join(known, ", "), pass.SuggestText(cands))
	d.Suggestions = cands
}

func checkRegistryTarget(p *pass.Pass, e *hot.RegistryEntry, code string) {
	v := e.Target.Resolve()
	if v.IsMapping() || v.IsSequence() {
		p.Errorf(v.Span(), code,
			"`%s` must map to a template path, a URL or another type name as text, not %s.", e.Name, values.DescribeNode(v))
	}
}

// CheckEnvLists checks encrypted_param_names (names) and event_sinks
// (mappings).
func CheckEnvLists(p *pass.Pass) {
	if p.Env == nil {
		return
	}
	for _, s := range p.Env.Sections {
		v := s.Value.Resolve()
		switch s.Name {
		case "encrypted_param_names":
			if v.IsNull() {
				continue
			}
			if !v.IsSequence() {
				p.Reportf(values.ValueSpan(s.Value, s.Key), rules.EnvEncryptedParamNamesInvalid,
					"`encrypted_param_names` must be a list of parameter names, not %s.", values.DescribeNode(v))
				continue
			}
			for _, it := range v.Items() {
				if n := it.Resolve(); !n.IsScalar() || n.IsNull() {
					p.Reportf(it.Span(), rules.EnvEncryptedParamNamesInvalid, "`encrypted_param_names` lists names as text; %s is not one.", values.DescribeNode(n))
				}
			}
		case "event_sinks":
			if v.IsNull() {
				continue
			}
			if !v.IsSequence() {
				p.Reportf(values.ValueSpan(s.Value, s.Key), rules.EnvEventSinksInvalid,
					"`event_sinks` must be a list of sinks, each a mapping such as `{type: zaqar-queue, target: myqueue}`, not %s.", values.DescribeNode(v))
				continue
			}
			for _, it := range v.Items() {
				if n := it.Resolve(); !n.IsMapping() {
					p.Reportf(it.Span(), rules.EnvEventSinksInvalid, "Each event sink must be a mapping with `type` and `target`, not %s.", values.DescribeNode(n))
				}
			}
		}
	}
}
