package completion

import (
	"fmt"
	"sort"
	"strings"

	"heat-ls/schema"
)

// This file completes a resource's update_policy from its type's update
// policy schema (ResourceGroup's rolling_update and batch_create, the
// deployment groups', the AWS-style groups'): the policy names, their
// keys (max_batch_size, pause_time...) and the values those allow.

// updatePolicy completes at path k, which starts
// resources/NAME/update_policy.
func (c *completer) updatePolicy(k []string) {
	rt, ok := c.s.ResourceType(c.resourceType(k[1]))
	if !ok {
		return
	}
	policies := rt.UpdatePolicy()
	if len(policies) == 0 {
		return
	}
	if len(k) == 3 {
		if c.keySlot() {
			c.policyKeys(policies)
		}
		return
	}
	p := policies[k[3]]
	for _, step := range k[4:] {
		if p = childOf(p, step); p == nil {
			return
		}
	}
	if p == nil {
		return
	}
	if c.keySlot() && len(p.Fields) > 0 {
		c.policyKeys(p.Fields)
	}
	if c.scalarSlot() {
		c.propertyValues(p)
	}
}

// childOf is p's schema for a map key or a list item ("-").
func childOf(p *schema.Property, step string) *schema.Property {
	if step == "-" {
		step = "*"
	}
	child, ok := p.Child(step)
	if !ok {
		return nil
	}
	return child
}

// policyKeys proposes the update policy keys not written yet, sorted.
func (c *completer) policyKeys(fields map[string]*schema.Property) {
	names := make([]string, 0, len(fields))
	for name, p := range fields {
		if !p.Hidden {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	for _, name := range names {
		if c.has(c.tc.Siblings, name) {
			continue
		}
		p := fields[name]
		c.add(0, Item{Label: name, Kind: CompleteProperty, Detail: p.Type, Doc: policyDoc(p), Insert: keyInsert(name)})
	}
}

// policyDoc describes an update policy key: its type, default and
// constraints (an update policy is read at update time, so the in-place
// or replace wording of properties does not apply).
func policyDoc(p *schema.Property) string {
	var lines []string
	if p.Description != "" {
		lines = append(lines, p.Description, "")
	}
	lines = append(lines, fmt.Sprintf("Update policy setting (%s).", p.Type))
	if p.HasDefault {
		lines = append(lines, fmt.Sprintf("Default: `%v`.", p.Default))
	}
	for _, con := range p.Constraints {
		if s := constraintSummary(con); s != "" {
			lines = append(lines, s)
		}
	}
	return strings.Join(lines, "\n")
}

// resourceType is the type of resource name.
func (c *completer) resourceType(name string) string { return c.entryType("resources", name) }
