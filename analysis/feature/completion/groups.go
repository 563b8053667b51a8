package completion

import (
	"heat-ls/analysis/feature/cursor"
	"heat-ls/analysis/hot"
	"heat-ls/schema"
)

// This file completes inside the member definition that group resources
// embed: OS::Heat::ResourceGroup's resource_def and
// OS::Heat::AutoScalingGroup's resource hold a type and its properties,
// and OS::Heat::ResourceChain's resources list names types. There the
// member type's own properties are proposed, not the group's. Members
// whose type is a nested template get their parameters from the workspace
// (analysis/workspace Complete), not from here.

// memberDefinitionKey is the property of a group type that holds its
// member's definition, "" for other types.
func memberDefinitionKey(groupType string) string {
	switch groupType {
	case "OS::Heat::ResourceGroup":
		return "resource_def"
	case "OS::Heat::AutoScalingGroup":
		return "resource"
	}
	return ""
}

// memberDefinition completes at rest (the path below the properties of
// resource res, of type rt) when it lies in a member definition. It
// reports whether it did, so the group's own schema is not used there.
func (c *completer) memberDefinition(rt *schema.ResourceType, res string, rest []cursor.Step) bool {
	if rt.Name == "OS::Heat::ResourceChain" {
		if len(rest) == 2 && rest[0].Key == "resources" && rest[1].IsItem() && c.scalarSlot() {
			c.resourceTypes()
			return true
		}
		if len(rest) > 0 && rest[0].Key == "resource_properties" {
			c.chainProperties(res, rest[1:])
			return true
		}
		return false
	}
	key := memberDefinitionKey(rt.Name)
	if key == "" || len(rest) == 0 || rest[0].Key != key {
		return false
	}
	switch {
	case len(rest) == 1:
		if c.keySlot() {
			c.keys([]string{"type", "properties", "metadata"}, schema.ContextResource)
		}
		return true
	case len(rest) == 2 && rest[1].Key == "type":
		if c.scalarSlot() {
			c.resourceTypes()
		}
		return true
	case rest[1].Key == "properties":
		inner := ""
		if c.tpl != nil {
			inner = memberType(c.tpl.Resource(res), key)
		}
		if irt, ok := c.s.ResourceType(inner); ok {
			c.propertiesOf(irt, rest[2:])
		}
		return true
	}
	return true // metadata and unknown keys: free-form
}

// chainProperties completes inside a ResourceChain's resource_properties,
// which Heat hands to every resource of the chain: the properties of the
// types its resources list names, each once.
func (c *completer) chainProperties(res string, rest []cursor.Step) {
	if c.tpl == nil {
		return
	}
	r := c.tpl.Resource(res)
	if r == nil {
		return
	}
	before := len(c.items)
	seen := map[string]bool{}
	for _, t := range r.Properties.Resolve().Get("resources").Resolve().Items() {
		t = t.Resolve()
		if !t.IsScalar() || t.IsNull() || seen[t.Value] {
			continue
		}
		seen[t.Value] = true
		if rt, ok := c.s.ResourceType(t.Value); ok {
			c.propertiesOf(rt, rest)
		}
	}
	// Types sharing a property name propose it once.
	labels := map[string]bool{}
	kept := c.items[:before]
	for _, it := range c.items[before:] {
		if !labels[it.Label] {
			labels[it.Label] = true
			kept = append(kept, it)
		}
	}
	c.items = kept
}

// memberType is the type written in the member definition under key of
// a group resource, "" when it is not a plain string.
func memberType(r *hot.Resource, key string) string {
	if r == nil {
		return ""
	}
	if t := r.Properties.Resolve().Get(key).Resolve().Get("type").Resolve(); t.IsScalar() && !t.IsNull() {
		return t.Value
	}
	return ""
}
