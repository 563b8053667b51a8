package preview

import (
	"slices"

	"heat-ls/analysis/eval"
)

// typeTranslations are the translation rules of particular types that
// move one property's value into another before Heat's preview shows the
// properties, beyond the renames of hidden properties that translate
// follows for every type. Each takes and returns the resource's
// properties with the type's schema applied.
var typeTranslations = map[string]func(eval.Value) eval.Value{
	"OS::Neutron::Router":   routerAgents,
	"OS::Mistral::Workflow": mistralPolicies,
	"OS::Sahara::Cluster":   saharaImage,
}

// translateType applies the type's own translation rules, if it has any.
func translateType(typeName string, props eval.Value) eval.Value {
	if rule, ok := typeTranslations[typeName]; ok && props.Kind == eval.Map {
		return rule(props)
	}
	return props
}

// withKey returns a copy of a map with key set to v, added at the end if
// the map lacks it.
func withKey(m eval.Value, key string, v eval.Value) eval.Value {
	keys, vals := slices.Clone(m.Keys), slices.Clone(m.Vals)
	if i := slices.Index(keys, key); i >= 0 {
		vals[i] = v
	} else {
		keys, vals = append(keys, key), append(vals, v)
	}
	return eval.MapValue(keys, vals).At(m.From)
}

// routerAgents: a router's l3_agent_id, when set, is added to its
// l3_agent_ids and cleared.
func routerAgents(props eval.Value) eval.Value {
	id, _ := props.Get("l3_agent_id")
	if !id.IsKnown() || !id.Truthy() {
		return props
	}
	ids, _ := props.Get("l3_agent_ids")
	switch ids.Kind {
	case eval.Null:
		ids = eval.ListValue([]eval.Value{id})
	case eval.List:
		ids = eval.ListValue(append(slices.Clone(ids.Items), id))
	default:
		return props
	}
	return withKey(withKey(props, "l3_agent_ids", ids), "l3_agent_id", eval.NullValue())
}

// mistralPolicyKeys are the settings a Mistral task may give in its
// policies instead of on the task itself.
var mistralPolicyKeys = []string{"pause_before", "wait_after", "wait_before", "timeout", "concurrency", "retry"}

// mistralPolicies: each setting in a workflow task's policies replaces
// the task's own (when not null), and policies is cleared.
func mistralPolicies(props eval.Value) eval.Value {
	tasks, _ := props.Get("tasks")
	if tasks.Kind != eval.List {
		return props
	}
	out := make([]eval.Value, len(tasks.Items))
	for i, task := range tasks.Items {
		out[i] = task
		if task.Kind != eval.Map {
			continue
		}
		policies, ok := task.Get("policies")
		if !ok || !policies.IsKnown() {
			continue
		}
		for _, k := range mistralPolicyKeys {
			if v, ok := policies.Get(k); ok && v.Kind != eval.Null {
				out[i] = withKey(out[i], k, v)
			}
		}
		out[i] = withKey(out[i], "policies", eval.NullValue())
	}
	return withKey(props, "tasks", eval.ListValue(out).At(tasks.From))
}

// saharaImage: a Sahara cluster's image, when set, becomes its
// default_image_id and is cleared (setting both is refused, which check
// reports).
func saharaImage(props eval.Value) eval.Value {
	image, _ := props.Get("image")
	if image.Kind == eval.Null || image.Kind == eval.Unknown || image.Kind == eval.Invalid {
		return props
	}
	return withKey(withKey(props, "default_image_id", image), "image", eval.NullValue())
}
