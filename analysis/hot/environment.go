package hot

import "heat-ls/analysis/syntax"

// buildEnvironment indexes a Heat environment file.
func buildEnvironment(root *syntax.Node) *Environment {
	env := &Environment{Root: root}
	for _, p := range root.Pairs() {
		name := ""
		if p.Key.Kind == syntax.ScalarNode {
			name = p.Key.Value
		}
		env.Sections = append(env.Sections, &Entry{Name: name, Key: p.Key, Value: p.Value})
	}
	collect := func(section string) []*Entry {
		var out []*Entry
		for _, s := range env.Sections {
			if s.Name == section {
				eachEntry(s.Value, func(e Entry) { out = append(out, &e) })
			}
		}
		return out
	}
	env.Parameters = collect("parameters")
	env.ParameterDefaults = collect("parameter_defaults")
	env.MergeStrategies = collect("parameter_merge_strategies")
	for _, s := range env.Sections {
		switch s.Name {
		case "resource_registry":
			buildRegistry(env, s.Value)
		case "encrypted_param_names":
			if v := s.Value.Resolve(); v.IsSequence() {
				env.EncryptedParamNames = append(env.EncryptedParamNames, v.Items()...)
			}
		case "event_sinks":
			env.EventSinks = s.Value
		}
	}
	return env
}

// buildRegistry splits resource_registry into global type mappings and the
// per-resource overrides under its "resources" key.
func buildRegistry(env *Environment, reg *syntax.Node) {
	eachEntry(reg, func(e Entry) {
		if e.Name != "resources" {
			env.Registry = append(env.Registry, &RegistryEntry{Name: e.Name, Key: e.Key, Target: e.Value})
			return
		}
		eachEntry(e.Value, func(res Entry) {
			o := &ResourceOverride{Resource: res.Name, ResourceKey: res.Key, Body: res.Value}
			eachEntry(res.Value, func(m Entry) {
				o.Entries = append(o.Entries, &RegistryEntry{Name: m.Name, Key: m.Key, Target: m.Value})
			})
			env.ResourceOverrides = append(env.ResourceOverrides, o)
		})
	})
}
