package completion

import (
	"strings"

	"heat-ls/schema"
)

// What the judged release offers: its resource types (resourceTypes) and
// its custom constraints.

// customConstraints proposes the custom constraint names the judged
// release registers (those of retired services are gone from it).
func (c *completer) customConstraints() {
	detail := "custom constraint"
	if r := c.s.Release(); r != nil {
		detail += " (Heat " + r.Name + ")"
	}
	for _, name := range c.s.CustomConstraints() {
		c.add(0, Item{Label: name, Kind: CompleteValue, Detail: detail})
	}
}

// resourceTypes lists the types Heat shows, filtered by the typed prefix
// (which may hold colons: "OS::Nova::").
func (c *completer) resourceTypes() {
	prefix := strings.ToLower(c.tc.Prefix)
	var matched, contained []*schema.ResourceType
	for _, name := range c.s.ResourceTypes() {
		rt, ok := c.s.ResourceType(name)
		if !ok || rt.Hidden() || rt.Name != name {
			continue
		}
		low := strings.ToLower(name)
		switch {
		case strings.HasPrefix(low, prefix):
			matched = append(matched, rt)
		case strings.Contains(low, prefix):
			contained = append(contained, rt)
		}
	}
	for i, group := range [][]*schema.ResourceType{matched, contained} {
		for _, rt := range group {
			detail := "resource type"
			switch {
			case rt.Deprecated():
				detail = "deprecated resource type"
			case rt.Unsupported():
				detail = "experimental resource type"
			}
			c.add(i, Item{Label: rt.Name, Kind: CompleteType, Detail: detail, Doc: rt.Description, Deprecated: rt.Deprecated()})
		}
	}
}
