package completion

import (
	"bytes"
	"strings"
	"unicode/utf8"

	"heat-ls/analysis/feature"

	"heat-ls/analysis/feature/cursor"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/source"
	"heat-ls/analysis/syntax"
	"heat-ls/schema"
)

// Kind says what a completion item names, so the editor can pick
// an icon.
type Kind int

const (
	CompleteFunction  Kind = iota + 1 // an intrinsic function
	CompleteKey                       // a section or key name
	CompleteReference                 // a parameter, resource or condition name
	CompleteProperty                  // a resource property or map key
	CompleteAttribute                 // a resource attribute
	CompleteType                      // a resource or parameter type
	CompleteValue                     // an allowed value, version, policy, boolean
)

// Item is one proposal. Edit is the span of the typed prefix the
// item replaces (byte offsets in the current text).
type Item struct {
	Label string
	Kind  Kind
	// Detail is a one-line summary (a type, "parameter", a version).
	Detail string
	// Required marks a property the resource must have.
	Required bool
	// Doc is Markdown documentation in heat-ls's own words, may be empty.
	Doc string
	// Insert replaces Edit; it uses LSP snippet syntax when Snippet.
	Insert  string
	Snippet bool
	Edit    source.Span
	// FilterText is what the editor matches the typed prefix against,
	// set when Insert does not start with the label.
	FilterText string
	// SortText keeps the order heat-ls chose (required first, newest
	// version first...).
	SortText   string
	Deprecated bool
}

// Request is everything completion needs.
type Request struct {
	// Doc is the parse of the current text; LastGood the last parse whose
	// YAML was fine (may be Doc itself, or nil).
	Doc, LastGood *hot.Document
	Offset        int
	Schema        *schema.Schema
	// Snippets: the client accepts snippet syntax.
	Snippets bool
	// MoreAttributes, when set, lists extra get_attr attribute names for a
	// resource, such as the outputs of a nested template the workspace
	// knows; the schema's attributes come first.
	MoreAttributes func(r *hot.Resource) []string
}

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

// completer gathers the items for one request.
type completer struct {
	req   Request
	s     *schema.Schema
	v     *schema.Version
	tc    *cursor.TextContext
	tpl   *hot.Template
	items []Item
	// versionKnown: the text declares a version heat-ls knows.
	versionKnown bool
}

// version reads heat_template_version from the text (so a version being
// edited counts at once), then from the parse. A text without one only
// gets top-level proposals (it may be a template being started).
func (c *completer) version(src []byte) *schema.Version {
	if name, ok := declaredVersion(src); ok {
		if v, ok := c.s.Version(name); ok {
			c.versionKnown = true
			return v
		}
		return c.s.Latest()
	}
	if c.tpl != nil {
		if v, ok := c.s.Version(c.tpl.VersionText); ok {
			c.versionKnown = true
			return v
		}
		return c.s.Latest()
	}
	if len(c.tc.Path) == 0 {
		return c.s.Latest()
	}
	return nil
}

// declaredVersion finds a top-level "heat_template_version:" line.
func declaredVersion(src []byte) (string, bool) {
	const key = "heat_template_version:"
	for i := 0; i < len(src); {
		end := i
		for end < len(src) && src[end] != '\n' {
			end++
		}
		line := src[i:end]
		if len(line) >= len(key) && string(line[:len(key)]) == key {
			v := strings.TrimSpace(cursor.StripComment(line[len(key):]))
			return cursor.UnquoteText(v), true
		}
		i = end + 1
	}
	return "", false
}

// add appends an item, giving it the typed prefix's span and a sort key
// that keeps the insertion order within its group.
func (c *completer) add(group int, it Item) {
	it.Edit = c.tc.Span
	if it.Insert == "" {
		it.Insert = it.Label
	}
	if !strings.HasPrefix(it.Insert, it.Label) {
		it.FilterText = it.Label
	}
	it.SortText = sortKey(group, len(c.items))
	c.items = append(c.items, it)
}

// keySlot reports whether the token may be a mapping key.
func (c *completer) keySlot() bool { return c.tc.Slot != cursor.SlotScalar }

// scalarSlot reports whether the token may be a scalar value.
func (c *completer) scalarSlot() bool { return c.tc.Slot != cursor.SlotKey }

// keyInsert is what a key item inserts: "name: " (the value follows).
func keyInsert(name string) string { return name + ": " }

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

func (c *completer) has(list []string, name string) bool {
	for _, s := range list {
		if s == name {
			return true
		}
	}
	return false
}

// keys proposes names not yet present among the token's siblings.
func (c *completer) keys(names []string, ctx schema.Context) {
	for _, name := range names {
		if c.has(c.tc.Siblings, name) {
			continue
		}
		c.add(0, c.blockKey(Item{Label: name, Kind: CompleteKey, Doc: schema.KeyDoc(ctx, name), Insert: keyInsert(name)}))
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

func (c *completer) booleans() {
	for _, b := range []string{"true", "false"} {
		c.add(0, Item{Label: b, Kind: CompleteValue, Detail: "boolean"})
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

// parameterNames lists the template's parameters, then pseudo parameters.
func (c *completer) parameterNames(pseudo bool) {
	if c.tpl != nil {
		for _, p := range c.tpl.Parameters {
			if !c.settled(feature.NamespaceParameter, &p.Entry) {
				continue
			}
			detail := "parameter"
			if p.Type != "" {
				detail += " (" + p.Type + ")"
			}
			c.add(0, Item{Label: p.Name, Kind: CompleteReference, Detail: detail, Doc: entryScalar(&p.Entry, "description")})
		}
	}
	if pseudo {
		for _, name := range c.v.PseudoParameters {
			c.add(1, Item{Label: name, Kind: CompleteReference, Detail: "pseudo parameter", Doc: schema.KeyDoc(schema.ContextPseudoParameter, name)})
		}
	}
}

// resourceNames lists the template's resources except one (depends_on
// cannot name its own resource).
func (c *completer) resourceNames(except string) {
	if c.tpl == nil {
		return
	}
	for _, r := range c.tpl.Resources {
		if r.Name == except || !c.settled(feature.NamespaceResource, &r.Entry) {
			continue
		}
		c.add(0, Item{Label: r.Name, Kind: CompleteReference, Detail: r.Type, Doc: entryScalar(&r.Entry, "description")})
	}
}

func (c *completer) conditionNames() {
	if c.tpl == nil {
		return
	}
	for _, cd := range c.tpl.Conditions {
		if !c.settled(feature.NamespaceCondition, &cd.Entry) {
			continue
		}
		c.add(0, Item{Label: cd.Name, Kind: CompleteReference, Detail: "condition"})
	}
}

// entryScalar is the scalar text under key in an entry's body, or "".
func entryScalar(e *hot.Entry, key string) string {
	if p := e.Field(key); p.Key != nil && p.Value.IsScalar() && !p.Value.IsNull() {
		return p.Value.Value
	}
	return ""
}

// sortKey is a fixed-width key: the group digit, then the position.
func sortKey(group, n int) string {
	var b [6]byte
	b[0] = byte('0' + group%10)
	for i := 5; i >= 1; i-- {
		b[i] = byte('0' + n%10)
		n /= 10
	}
	return string(b[:])
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
