package completion

import (
	"strings"

	"heat-ls/analysis/feature/cursor"
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
