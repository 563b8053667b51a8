package completion

import (
	"fmt"
	"strings"

	"heat-ls/analysis/feature/cursor"
	"heat-ls/analysis/hot"
	"heat-ls/schema"
)

// propertiesOf completes at rest, the path below the properties of a
// definition of type rt.
func (c *completer) propertiesOf(rt *schema.ResourceType, rest []cursor.Step) {
	if len(rest) == 0 {
		if c.keySlot() {
			c.propertyNames(rt.Properties(), rt.PropertyNames(), rt.Name)
		}
		return
	}
	parts := make([]string, 0, len(rest))
	for _, s := range rest {
		if s.IsItem() {
			parts = append(parts, "*")
		} else {
			parts = append(parts, s.Key)
		}
	}
	p, ok := rt.PropertyAt(strings.Join(parts, "."))
	if !ok {
		return
	}
	if c.keySlot() && p.Type == "map" && len(p.Fields) > 0 {
		c.propertyNames(p.Fields, p.FieldNames(), "")
	}
	if c.scalarSlot() {
		c.propertyValues(p)
	}
}

// propertyNames proposes the properties not yet written, required first.
func (c *completer) propertyNames(props map[string]*schema.Property, names []string, typeName string) {
	for _, required := range []bool{true, false} {
		for _, name := range names {
			p := props[name]
			if p == nil || p.Hidden || p.Required != required || c.has(c.tc.Siblings, name) {
				continue
			}
			group := 1
			detail := p.Type
			if required {
				group = 0
				detail += ", required"
			}
			if p.Support != nil && p.Support.Status == schema.StatusDeprecated {
				detail += ", deprecated"
			}
			c.add(group, Item{Label: name, Kind: CompleteProperty, Detail: detail, Required: required,
				Doc: propertyDoc(p), Insert: keyInsert(name), Deprecated: p.Support != nil && p.Support.Status == schema.StatusDeprecated})
		}
	}
}

// propertyValues proposes allowed values and booleans.
func (c *completer) propertyValues(p *schema.Property) {
	for _, con := range p.Constraints {
		if con.Kind != schema.ConstraintAllowedValues {
			continue
		}
		for _, v := range con.AllowedValues {
			c.add(0, Item{Label: fmt.Sprint(v), Kind: CompleteValue, Detail: "allowed value"})
		}
	}
	if p.Type == "boolean" {
		c.booleans()
	}
}

// propertyDoc describes a property in heat-ls's words from its schema:
// type, whether required, default, constraints and what an update does.
func propertyDoc(p *schema.Property) string {
	var lines []string
	if p.Description != "" {
		lines = append(lines, p.Description, "")
	}
	kind := "Optional"
	if p.Required {
		kind = "Required"
	}
	lines = append(lines, fmt.Sprintf("%s %s property.", kind, p.Type))
	if p.HasDefault {
		lines = append(lines, fmt.Sprintf("Default: `%v`.", p.Default))
	}
	for _, con := range p.Constraints {
		if s := constraintSummary(con); s != "" {
			lines = append(lines, s)
		}
	}
	switch {
	case p.Immutable:
		lines = append(lines, "Cannot be changed once the resource exists.")
	case p.UpdateAllowed:
		lines = append(lines, "An update changes it in place.")
	default:
		lines = append(lines, "Changing it in an update replaces the resource.")
	}
	return strings.Join(lines, "\n")
}

// constraintSummary says what one property constraint demands.
func constraintSummary(con schema.Constraint) string {
	bounds := func() string {
		switch {
		case con.Min != nil && con.Max != nil:
			return fmt.Sprintf("from %v to %v", *con.Min, *con.Max)
		case con.Min != nil:
			return fmt.Sprintf("at least %v", *con.Min)
		case con.Max != nil:
			return fmt.Sprintf("at most %v", *con.Max)
		}
		return ""
	}
	switch con.Kind {
	case schema.ConstraintAllowedValues:
		vals := make([]string, len(con.AllowedValues))
		for i, v := range con.AllowedValues {
			vals[i] = fmt.Sprintf("`%v`", v)
		}
		return "One of " + strings.Join(vals, ", ") + "."
	case schema.ConstraintRange:
		return "Value " + bounds() + "."
	case schema.ConstraintLength:
		return "Length " + bounds() + "."
	case schema.ConstraintAllowedPattern:
		return "Must match `" + con.Pattern + "`."
	case schema.ConstraintCustom:
		return "Checked against the cloud as `" + con.Custom + "`."
	case schema.ConstraintModulo:
		if con.Step != nil && con.Offset != nil {
			return fmt.Sprintf("A multiple of %v plus %v.", *con.Step, *con.Offset)
		}
	}
	return ""
}

// entryType is the "type" written in the entry named name of a section
// (parameters or resources): the one holding the cursor when the name is
// defined twice. The tree is the tolerant parse of the current text, so an
// entry being written has its type as soon as its type line is whole.
func (c *completer) entryType(section, name string) string {
	if c.tpl == nil {
		return ""
	}
	var found *hot.Entry
	var typ string
	pick := func(e *hot.Entry, t string) {
		if e.Name != name {
			return
		}
		if found == nil || e.Key.Span().Start <= c.tc.Span.Start && c.tc.Span.Start <= max(e.Key.Span().End, e.Value.Span().End) {
			found, typ = e, t
		}
	}
	if section == "parameters" {
		for _, p := range c.tpl.Parameters {
			pick(&p.Entry, p.Type)
		}
	} else {
		for _, r := range c.tpl.Resources {
			pick(&r.Entry, r.Type)
		}
	}
	return typ
}
