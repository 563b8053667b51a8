package completion

import (
	"strings"

	"heat-ls/analysis/feature/cursor"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/source"
	"heat-ls/schema"
)

// The request, the items and what one request's completion keeps
// (completer), with the helpers every slot's completion shares.

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

func (c *completer) has(list []string, name string) bool {
	for _, s := range list {
		if s == name {
			return true
		}
	}
	return false
}

func (c *completer) booleans() {
	for _, b := range []string{"true", "false"} {
		c.add(0, Item{Label: b, Kind: CompleteValue, Detail: "boolean"})
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
