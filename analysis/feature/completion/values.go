package completion

import (
	"fmt"
	"strings"

	"heat-ls/analysis/feature/cursor"
	"heat-ls/analysis/hot"
	"heat-ls/schema"
)

// This file completes inside values Heat resolves: resource properties
// and metadata, output values and the conditions section. There functions
// apply, function arguments name parameters, resources, attributes and
// conditions, and property schemas give keys and values.

// inRegion completes a path that enters a function-resolving value at
// index start of the path.
func (c *completer) inRegion(start int, conditions bool) {
	path := c.tc.Path
	fn := -1
	for i := start; i < len(path); i++ {
		if !path[i].IsItem() && c.isFunction(path[i].Key, conditions) {
			fn = i
		}
	}
	if fn >= 0 && c.functionArgument(path[fn].Key, path[fn+1:], conditions) {
		return
	}
	if fn < 0 && !conditions && c.tc.Path[0].Key == "resources" && c.tc.Path[2].Key == "properties" {
		c.properties()
		if len(path) == 3 {
			// The properties map itself: Heat reads it as a mapping
			// before resolving anything, so a call in its place fails.
			return
		}
	}
	c.functions(conditions, 2)
}

// isFunction reports whether name is a function of any version (the
// version's own list decides what is proposed, not what is recognised).
func (c *completer) isFunction(name string, conditions bool) bool {
	f, ok := c.s.Function(name)
	if !ok {
		return false
	}
	return conditions || !f.ConditionOnly
}

// functionArgument completes the argument of function name at the
// remaining path args. It reports false when the argument is an ordinary
// value (where any function may start).
func (c *completer) functionArgument(name string, args []cursor.Step, conditions bool) bool {
	scalar := c.scalarSlot()
	first := len(args) == 1 && args[0].Index == 0
	switch name {
	case "get_param":
		if len(args) == 0 && scalar || first {
			c.parameterNames(true)
		}
		return true
	case "get_resource":
		if len(args) == 0 && scalar {
			c.resourceNames("")
		}
		return true
	case "get_attr":
		switch {
		case len(args) == 0 && scalar || first:
			c.resourceNames("")
		case len(args) == 1 && args[0].Index == 1 && len(args[0].Prev) > 0:
			c.attributes(args[0].Prev[0])
		case len(args) == 1 && args[0].Index >= 2 && len(args[0].Prev) >= args[0].Index && c.tpl != nil:
			r := c.tpl.Resource(args[0].Prev[0])
			if args[0].Index == 2 {
				c.groupAttributePath(r, args[0].Prev[1])
			}
			c.attributePath(r, args[0].Prev[1], args[0].Prev[2:args[0].Index])
		}
		return true
	case "if":
		if first {
			c.conditionNames()
			return true
		}
		return false
	case "not":
		if len(args) == 0 && conditions {
			c.conditionNames()
			c.functions(true, 1)
			return true
		}
	case "and", "or":
		if len(args) == 1 && args[0].IsItem() && conditions {
			c.conditionNames()
			c.functions(true, 1)
			return true
		}
	}
	return false
}

// functions proposes the function names valid here: the version's
// condition functions inside conditions, its other functions elsewhere.
// A key slot inserts "name: args"; a value after "key: " inserts the flow
// form "{name: args}".
func (c *completer) functions(conditions bool, group int) {
	names := c.v.Functions
	if conditions {
		names = c.v.ConditionFunctions
	}
	for _, name := range names {
		f, ok := c.s.Function(name)
		if !ok || (!conditions && f.ConditionOnly) {
			continue
		}
		arg := "$0"
		if f.Snippet != "" {
			arg = f.Snippet
		}
		if c.tc.Flow || !c.keySlot() {
			// Inside a flow collection, or after "key: ", a block
			// argument would not parse: use its flow form.
			arg = flowSnippet(arg)
		}
		insert, snippet := name+": ", false
		if c.req.Snippets {
			insert, snippet = name+": "+arg, true
			if strings.HasPrefix(arg, "\n") {
				insert = name + ":" + arg // no trailing blank before the block
			}
		}
		if !c.keySlot() {
			if c.tc.Slot != cursor.SlotScalar {
				continue
			}
			insert = "{" + insert + "}"
			if !snippet {
				insert = "{" + name + ": }"
			}
		}
		detail := "function"
		if len(f.Forms) > 0 {
			detail = f.Forms[0]
		}
		c.add(group, Item{Label: name, Kind: CompleteFunction, Detail: detail, Doc: functionDoc(f), Insert: insert, Snippet: snippet})
	}
}

// functionDoc is a function's completion documentation.
func functionDoc(f *schema.Function) string {
	var b strings.Builder
	b.WriteString(f.Description)
	if len(f.Forms) > 0 {
		b.WriteString("\n\n```yaml\n" + strings.Join(f.Forms, "\n") + "\n```")
	}
	return b.String()
}

// attributes lists the attributes of the resource named res.
func (c *completer) attributes(res string) {
	if c.tpl == nil {
		return
	}
	r := c.tpl.Resource(res)
	if r == nil {
		return
	}
	if c.memberDotted(r) {
		return
	}
	seen := map[string]bool{}
	if rt, ok := c.s.ResourceType(r.Type); ok {
		for _, name := range rt.AttributeNames() {
			a, _ := rt.Attribute(name)
			if a == nil || a.Hidden {
				continue
			}
			seen[name] = true
			detail := "attribute"
			if a.Type != "" {
				detail += " (" + a.Type + ")"
			}
			c.add(0, Item{Label: name, Kind: CompleteAttribute, Detail: detail, Doc: a.Description})
		}
	}
	c.groupAttributes(r, seen)
	if c.req.MoreAttributes != nil {
		for _, name := range c.req.MoreAttributes(r) {
			if !seen[name] {
				seen[name] = true
				c.add(1, Item{Label: name, Kind: CompleteAttribute, Detail: "attribute"})
			}
		}
	}
}

// properties completes under a resource's properties: property names,
// keys of map properties, allowed values and booleans.
func (c *completer) properties() {
	path := c.tc.Path
	typeName := c.entryType("resources", path[1].Key)
	rt, ok := c.s.ResourceType(typeName)
	if !ok {
		return
	}
	if c.memberDefinition(rt, path[1].Key, path[3:]) {
		return
	}
	c.propertiesOf(rt, path[3:])
}

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
