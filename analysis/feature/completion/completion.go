package completion

import (
	"bytes"
	"strings"
	"unicode/utf8"

	"heat-ls/analysis/feature/cursor"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/syntax"
	"heat-ls/schema"
)

// Complete proposes what may be typed at req.Offset. It works on broken
// text: the position comes from cursor.ReadContext, names from the
// current parse when it is good, else from the last good one, else from a
// parse of the text with the cursor line blanked. It never panics.
func Complete(req Request) (items []Item) {
	defer func() {
		if recover() != nil {
			items = nil
		}
	}()
	if req.Doc == nil || req.Schema == nil {
		return nil
	}
	src := req.Doc.Src
	if req.Offset < 0 || req.Offset > len(src) {
		return nil
	}
	pos := req.Offset
	for pos > 0 && pos < len(src) && !utf8.RuneStart(src[pos]) {
		pos--
	}
	ahead, ok := TextAhead(src, pos)
	if !ok {
		return nil
	}
	defer func() {
		for i := range items {
			items[i].Edit.End = max(items[i].Edit.End, ahead)
		}
	}()
	tc := cursor.ReadContext(req.Doc, req.Offset)
	if tc == nil {
		return nil
	}
	if tc.Prefix == "-" && strings.TrimSpace(string(src[bytes.LastIndexByte(src[:tc.Span.Start], '\n')+1:tc.Span.Start])) == "" {
		return completeBareDash(req, tc.Span.Start) // a list item marker without its space yet
	}
	if tc.Slot != cursor.SlotScalar && strings.HasSuffix(tc.Prefix, ":") && !strings.HasSuffix(tc.Prefix, "::") {
		// A key just closed by its colon ("allocation_pools:|"): replacing
		// it would drop or re-parent the value below; the value's own
		// completion starts after the space.
		return nil
	}
	if insideText(req.Doc, src, tc) {
		return nil
	}
	c := &completer{req: req, s: req.Schema, tc: tc}
	if isEnvironment(req) {
		if len(tc.Path) == 0 && c.keySlot() {
			for _, name := range schema.EnvironmentSections() {
				if !c.has(tc.Siblings, name) {
					c.add(0, c.blockKey(Item{Label: name, Kind: CompleteKey, Detail: "environment section", Doc: schema.KeyDoc(schema.ContextEnvironment, name), Insert: keyInsert(name)}))
				}
			}
		}
		return c.items
	}
	c.tpl = namesTemplate(req)
	c.v = c.version(src)
	if c.v == nil {
		return nil
	}
	c.complete()
	return c.items
}

// isEnvironment reports whether the document is a Heat environment file
// (by its current parse, else its last good one).
func isEnvironment(req Request) bool {
	if req.Doc.Kind == hot.KindEnvironment {
		return true
	}
	return req.Doc.Kind == hot.KindOther && req.LastGood != nil && req.LastGood.Kind == hot.KindEnvironment
}

// namesTemplate picks the template that names come from.
func namesTemplate(req Request) *hot.Template {
	if d := req.Doc; d.Template != nil && (d.Syntax == nil || d.Syntax.HasTree()) {
		return d.Template // parsed, or recovered from the current text
	}
	if req.LastGood != nil && req.LastGood.Template != nil {
		return req.LastGood.Template
	}
	return req.Doc.Template
}

func (c *completer) complete() {
	k := c.tc.Keys()
	n := len(k)
	if n == 0 {
		if c.keySlot() {
			c.sections()
		}
		return
	}
	if !c.versionKnown && c.tpl == nil && k[0] != "heat_template_version" {
		return
	}
	if start, cond := functionRegion(k); start > 0 {
		c.inRegion(start, cond)
		return
	}
	switch k[0] {
	case "heat_template_version":
		if n == 1 && c.scalarSlot() {
			c.versions()
		}
	case "parameters":
		c.inParameters(k)
	case "parameter_groups":
		if n == 2 && k[1] == "-" && c.keySlot() {
			c.keys(schema.ParameterGroupKeys(), schema.ContextParameterGroup)
		}
		if (n == 3 || n == 4 && k[3] == "-") && k[1] == "-" && k[2] == "parameters" && c.scalarSlot() {
			c.parameterNames(false)
		}
	case "resources":
		c.inResources(k)
	case "outputs":
		if n == 2 && c.keySlot() {
			c.keys(c.v.OutputKeys, schema.ContextOutput)
		}
		if n == 3 && k[2] == "condition" && c.scalarSlot() {
			c.conditionNames()
		}
	}
}

// functionRegion finds where intrinsic functions are resolved: the index
// of the path's first step inside such a value (0 when the path is not in
// one) and whether it is the conditions section.
func functionRegion(k []string) (start int, conditions bool) {
	switch {
	case len(k) >= 3 && k[0] == "resources" && (k[2] == "properties" || k[2] == "metadata"):
		return 3, false
	case len(k) >= 3 && k[0] == "outputs" && k[2] == "value":
		return 3, false
	case len(k) >= 2 && k[0] == "conditions":
		return 2, true
	}
	return 0, false
}

func (c *completer) sections() {
	vs := c.v.Sections
	for _, name := range vs {
		if c.has(c.tc.Siblings, name) {
			continue
		}
		c.add(0, c.blockKey(Item{Label: name, Kind: CompleteKey, Detail: "section", Doc: schema.KeyDoc(schema.ContextTopLevel, name), Insert: keyInsert(name)}))
	}
}

// values proposes plain values.
func (c *completer) values(names []string, ctx schema.Context, detail string) {
	for _, name := range names {
		c.add(0, Item{Label: name, Kind: CompleteValue, Detail: detail, Doc: schema.KeyDoc(ctx, name)})
	}
}

// versions lists version dates and aliases, newest first.
func (c *completer) versions() {
	all := c.s.Versions()
	for i := len(all) - 1; i >= 0; i-- {
		v := all[i]
		detail := "HOT version"
		if len(v.Aliases) > 0 {
			detail += " (" + strings.Join(v.Aliases, ", ") + ")"
		}
		c.add(0, Item{Label: v.Name, Kind: CompleteValue, Detail: detail, Doc: v.Description})
		for _, a := range v.Aliases {
			c.add(0, Item{Label: a, Kind: CompleteValue, Detail: "HOT version " + v.Name, Doc: v.Description})
		}
	}
}

func (c *completer) inParameters(k []string) {
	n := len(k)
	switch {
	case n == 2 && c.keySlot():
		c.keys(c.v.ParameterKeys, schema.ContextParameter)
	case n == 3 && k[2] == "type" && c.scalarSlot():
		c.values(c.v.ParameterTypes, schema.ContextParameterType, "parameter type")
	case n == 3 && (k[2] == "hidden" || k[2] == "immutable") && c.scalarSlot():
		c.booleans()
	case n == 3 && k[2] == "default" && c.scalarSlot():
		c.parameterDefault(k[1])
	case n == 5 && k[2] == "constraints" && k[3] == "-" && k[4] == "custom_constraint" && c.scalarSlot():
		c.customConstraints()
	case n == 5 && k[2] == "constraints" && k[3] == "-" && c.keySlot():
		c.constraintBounds(k[4])
	case n == 4 && k[2] == "constraints" && k[3] == "-" && c.keySlot():
		var names []string
		names = append(names, c.v.ConstraintKinds...)
		for _, key := range c.v.ConstraintKeys {
			if !c.has(names, key) {
				names = append(names, key)
			}
		}
		c.keys(names, schema.ContextConstraint)
	}
}

func (c *completer) inResources(k []string) {
	n := len(k)
	switch {
	case n == 2 && c.keySlot():
		c.keys(c.v.ResourceKeys, schema.ContextResource)
	case n == 3 && k[2] == "type" && c.scalarSlot():
		c.resourceTypes()
	case n == 3 && k[2] == "deletion_policy" && c.scalarSlot():
		c.values(c.v.DeletionPolicies, schema.ContextDeletionPolicy, "deletion policy")
	case (n == 3 || n == 4 && k[3] == "-") && k[2] == "depends_on" && c.scalarSlot():
		c.resourceNames(k[1])
	case n == 3 && k[2] == "condition" && c.scalarSlot():
		c.conditionNames()
	case n >= 3 && k[2] == "update_policy":
		c.updatePolicy(k)
	}
}

// insideText reports a cursor that is inside text rather than at the start
// of a node: after a block scalar header ("template: |"), on a line of a
// block scalar (blank lines included, which the text alone cannot tell),
// or after the first word of a plain scalar ("description: Scale up if |").
// Any item there would replace or split the text.
func insideText(doc *hot.Document, src []byte, tc *cursor.TextContext) bool {
	if strings.HasPrefix(tc.Prefix, "|") || strings.HasPrefix(tc.Prefix, ">") {
		return true
	}
	if doc != nil && doc.Syntax != nil {
		path := doc.Syntax.NodeAt(tc.Span.Start)
		if len(path) > 0 {
			n := path[len(path)-1]
			body := bytes.TrimRight(src[n.Span().Start:min(n.Span().End, len(src))], " \t\r\n")
			if (n.Style == syntax.Literal || n.Style == syntax.Folded) && tc.Span.Start < n.Span().Start+len(body) {
				return true
			}
		}
	}
	if tc.Slot != cursor.SlotScalar || tc.Flow {
		return false
	}
	lineStart := bytes.LastIndexByte(src[:tc.Span.Start], '\n') + 1
	line := string(src[lineStart:tc.Span.Start])
	_, value, ok := strings.Cut(line, ": ")
	if !ok {
		return false
	}
	value = strings.TrimSpace(value)
	return value != "" && value != "'" && value != `"`
}
