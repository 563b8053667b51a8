package schema

import (
	"encoding/json"
	"sort"
	"strings"
	"sync"

	"heat-ls/schema/internal/wire"
)

// Status is a support status as Heat names it.
type Status string

// The support statuses Heat uses.
const (
	StatusSupported   Status = "SUPPORTED"
	StatusDeprecated  Status = "DEPRECATED"
	StatusUnsupported Status = "UNSUPPORTED"
	StatusHidden      Status = "HIDDEN"
)

// SupportStatus is a status with the Heat release it took effect in and
// the status before it. Version is empty when Heat does not say.
type SupportStatus struct {
	Status   Status
	Version  string
	Message  string
	Previous *SupportStatus
}

// Since is the Heat release in which the thing first appeared: the version
// of the oldest status in the history.
func (s *SupportStatus) Since() string {
	v := ""
	for cur, depth := s, 0; cur != nil && depth < 16; cur, depth = cur.Previous, depth+1 {
		if cur.Version != "" {
			v = strings.TrimSpace(cur.Version)
		}
	}
	return v
}

func convertSupport(w *wire.Support) *SupportStatus {
	if w == nil {
		return nil
	}
	s := &SupportStatus{Status: Status(w.Status), Version: strings.TrimSpace(w.Version), Message: w.Message}
	if s.Status == "" {
		s.Status = StatusSupported
	}
	s.Previous = convertSupport(w.Previous)
	return s
}

// ResourceType is one resource type. The header fields are set at load;
// properties and attributes are decoded on first use (safe concurrently).
type ResourceType struct {
	// Name is the canonical name, e.g. "OS::Nova::Server".
	Name string
	// Description says what the type is for: heat-ls's own sentence for
	// embedded types, the user's text for types from their schema files.
	Description string
	// Support is the type's support status; nil means supported.
	Support *SupportStatus
	// APIVisible: Heat lists the type (hidden types still work).
	APIVisible bool
	// RegistryKind is "class" for built-in types and "template" for types
	// Heat implements with a template of its own (TemplateURL).
	RegistryKind string
	TemplateURL  string
	// SnapshotDeletion: deletion_policy Snapshot is meaningful for the type.
	SnapshotDeletion bool
	// RequiredServiceExtension names a Neutron (or other) API extension the
	// cloud must offer for the type to be available.
	RequiredServiceExtension string
	// DynamicAttributes: get_attr may name attributes not in Attributes()
	// (outputs of nested stacks, "resource.N…" of groups, outputs of
	// software configs), so an unknown attribute name is not an error.
	DynamicAttributes bool
	// NoOp: in this release the type is a stub that creates nothing,
	// accepts any properties and answers null for every attribute (the
	// service behind it was retired, or OS::Heat::None).
	NoOp bool
	// AcceptsAnyProperties: the type ignores its properties (OS::Heat::None
	// stands in for any other type), so unknown ones are fine.
	AcceptsAnyProperties bool
	// UserFile is the schema file the type came from, empty if embedded.
	UserFile string

	body    []byte
	once    sync.Once
	decoded *typeBody
}

// typeBody is the lazily decoded part of a type.
type typeBody struct {
	props        map[string]*Property // visible and hidden, by name
	visibleNames []string
	attrs        map[string]*Attribute // visible and hidden
	attrNames    []string
	updatePolicy map[string]*Property
	propSupport  map[string]*SupportStatus
	err          error
}

// Hidden reports whether Heat hides the type (it still accepts it).
func (t *ResourceType) Hidden() bool {
	return !t.APIVisible || (t.Support != nil && t.Support.Status == StatusHidden)
}

// Deprecated reports whether the type is deprecated.
func (t *ResourceType) Deprecated() bool {
	return t.Support != nil && t.Support.Status == StatusDeprecated
}

// Unsupported reports whether Heat marks the type unsupported (experimental).
func (t *ResourceType) Unsupported() bool {
	return t.Support != nil && t.Support.Status == StatusUnsupported
}

// Since is the Heat release the type first appeared in, if known.
func (t *ResourceType) Since() string {
	if t.Support == nil {
		return ""
	}
	return t.Support.Since()
}

// Namespace is the type name without its last part ("OS::Nova").
func (t *ResourceType) Namespace() string { return NamespaceOf(t.Name) }

// NamespaceOf returns the namespace of a type name: all but the last
// "::"-separated part, or "" when there is none.
func NamespaceOf(typeName string) string {
	i := strings.LastIndex(typeName, "::")
	if i <= 0 {
		return ""
	}
	return typeName[:i]
}

func (t *ResourceType) get() *typeBody {
	t.once.Do(func() { t.decoded = decodeBody(t.body) })
	return t.decoded
}

// DecodeError reports a problem decoding the type's body; embedded data is
// tested, so this only matters for user schemas (which are checked at load).
func (t *ResourceType) DecodeError() error { return t.get().err }

// Property looks a top-level property up by name, including hidden ones
// Heat still accepts (check Property.Hidden).
func (t *ResourceType) Property(name string) (*Property, bool) {
	p, ok := t.get().props[name]
	return p, ok
}

// PropertyNames lists the visible top-level properties, sorted.
func (t *ResourceType) PropertyNames() []string { return t.get().visibleNames }

// Properties returns every top-level property, hidden ones included, by
// name. Do not modify the map.
func (t *ResourceType) Properties() map[string]*Property { return t.get().props }

// RequiredProperties lists the required top-level property names, sorted.
func (t *ResourceType) RequiredProperties() []string {
	var out []string
	for _, n := range t.get().visibleNames {
		if t.get().props[n].Required {
			out = append(out, n)
		}
	}
	return out
}

// Attribute looks an attribute up by name, hidden ones included.
func (t *ResourceType) Attribute(name string) (*Attribute, bool) {
	a, ok := t.get().attrs[name]
	return a, ok
}

// AttributeNames lists the visible attributes, sorted.
func (t *ResourceType) AttributeNames() []string { return t.get().attrNames }

// Attributes returns every attribute, hidden ones included. Do not modify.
func (t *ResourceType) Attributes() map[string]*Attribute { return t.get().attrs }

// UpdatePolicy is the schema of the resource's update_policy key (empty
// for most types).
func (t *ResourceType) UpdatePolicy() map[string]*Property { return t.get().updatePolicy }

// PropertySupport is the support status Heat records for a property path
// such as "networks" or "fixed_ips.*.subnet_id" ("*" is a list item).
func (t *ResourceType) PropertySupport(path string) (*SupportStatus, bool) {
	s, ok := t.get().propSupport[path]
	return s, ok
}

// PropertyAt resolves a dotted path ("networks.*.port") through nested
// schemas; a list item is "*" or a number.
func (t *ResourceType) PropertyAt(path string) (*Property, bool) {
	parts := strings.Split(path, ".")
	p, ok := t.Property(parts[0])
	for _, part := range parts[1:] {
		if !ok {
			return nil, false
		}
		p, ok = p.Child(part)
	}
	return p, ok
}

// Property is one property schema, possibly nested.
type Property struct {
	Name string
	// Type is string, number, integer, boolean, map, list or any.
	Type          string
	Description   string // only from user schemas
	Required      bool
	UpdateAllowed bool
	Immutable     bool
	// HasDefault tells a default of null/false/0 from none; Default is the
	// decoded JSON value (string, float64, bool, []any, map[string]any).
	HasDefault  bool
	Default     any
	Constraints []Constraint
	// Fields is the schema of a map's keys; Item the schema of a list's
	// items. Both nil when the value is free-form.
	Fields map[string]*Property
	Item   *Property
	// Support is this property's own status, if Heat records one.
	Support *SupportStatus
	// Hidden: Heat hides the property but still accepts it in templates.
	Hidden bool
	// Unimplemented: the type declares the property but has no code for
	// it; Heat refuses a template that sets it.
	Unimplemented bool
}

// Child returns the schema of a key of a map property or an item ("*" or
// an index) of a list property.
func (p *Property) Child(key string) (*Property, bool) {
	if p == nil {
		return nil, false
	}
	if p.Item != nil && (key == "*" || isIndex(key)) {
		return p.Item, true
	}
	c, ok := p.Fields[key]
	return c, ok
}

// FieldNames lists a map property's visible keys, sorted.
func (p *Property) FieldNames() []string {
	out := make([]string, 0, len(p.Fields))
	for n, f := range p.Fields {
		if !f.Hidden {
			out = append(out, n)
		}
	}
	sort.Strings(out)
	return out
}

func isIndex(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// ConstraintKind names the kind of a property constraint.
type ConstraintKind string

// The property constraint kinds.
const (
	ConstraintAllowedValues  ConstraintKind = "allowed_values"
	ConstraintRange          ConstraintKind = "range"
	ConstraintLength         ConstraintKind = "length"
	ConstraintModulo         ConstraintKind = "modulo"
	ConstraintAllowedPattern ConstraintKind = "allowed_pattern"
	ConstraintCustom         ConstraintKind = "custom_constraint"
)

// Constraint is one property constraint. Min/Max serve range and length;
// Step/Offset serve modulo.
type Constraint struct {
	Kind          ConstraintKind
	Description   string
	AllowedValues []any
	Min, Max      *float64
	Step, Offset  *float64
	Pattern       string
	// Custom names a custom constraint such as "nova.flavor"; it needs a
	// live cloud to check.
	Custom string
}

// Attribute is one attribute of a resource type.
type Attribute struct {
	Name        string
	Type        string // string, map, list, integer, boolean, or "" if unsaid
	Description string // only from user schemas
	Support     *SupportStatus
	// Hidden: Heat hides the attribute but get_attr still returns it.
	Hidden bool
}

func decodeBody(raw []byte) *typeBody {
	var w wire.Body
	tb := &typeBody{}
	if err := json.Unmarshal(raw, &w); err != nil {
		tb.err = err
	}
	return buildBody(&w, tb)
}

func buildBody(w *wire.Body, tb *typeBody) *typeBody {
	tb.props = make(map[string]*Property, len(w.Properties)+len(w.HiddenProperties))
	for n, wp := range w.Properties {
		tb.props[n] = convertProperty(n, wp, 0)
		tb.visibleNames = append(tb.visibleNames, n)
	}
	for n, wp := range w.HiddenProperties {
		if _, dup := tb.props[n]; dup {
			continue
		}
		p := convertProperty(n, wp, 0)
		p.Hidden = true
		tb.props[n] = p
	}
	sort.Strings(tb.visibleNames)
	tb.propSupport = make(map[string]*SupportStatus, len(w.PropertySupport))
	for path, ws := range w.PropertySupport {
		st := convertSupport(ws)
		tb.propSupport[path] = st
		if p, ok := propertyAt(tb.props, path); ok {
			p.Support = st
			if st.Status == StatusHidden {
				p.Hidden = true
			}
		}
	}
	tb.attrs = make(map[string]*Attribute, len(w.Attributes)+len(w.HiddenAttributes))
	for n, wa := range w.Attributes {
		tb.attrs[n] = &Attribute{Name: n, Type: wa.Type, Description: wa.Description, Support: convertSupport(wa.SupportStatus)}
		tb.attrNames = append(tb.attrNames, n)
	}
	sort.Strings(tb.attrNames)
	for n, wa := range w.HiddenAttributes {
		if _, dup := tb.attrs[n]; dup {
			continue
		}
		tb.attrs[n] = &Attribute{Name: n, Type: wa.Type, Description: wa.Description, Support: convertSupport(wa.SupportStatus), Hidden: true}
	}
	for n, ws := range w.AttributeSupport {
		if a, ok := tb.attrs[n]; ok && a.Support == nil {
			a.Support = convertSupport(ws)
		}
	}
	tb.updatePolicy = make(map[string]*Property, len(w.UpdatePolicy))
	for n, wp := range w.UpdatePolicy {
		tb.updatePolicy[n] = convertProperty(n, wp, 0)
	}
	return tb
}

func propertyAt(props map[string]*Property, path string) (*Property, bool) {
	parts := strings.Split(path, ".")
	p, ok := props[parts[0]]
	for _, part := range parts[1:] {
		if !ok {
			return nil, false
		}
		p, ok = p.Child(part)
	}
	return p, ok
}

// maxNesting bounds recursion through nested schemas (user files are
// untrusted); Heat's deepest is four levels.
const maxNesting = 32

func convertProperty(name string, w *wire.Property, depth int) *Property {
	if w == nil {
		return &Property{Name: name}
	}
	p := &Property{
		Name: name, Type: w.Type, Description: w.Description, Required: w.Required,
		UpdateAllowed: w.UpdateAllowed, Immutable: w.Immutable,
		Support: convertSupport(w.SupportStatus),
	}
	if len(w.Default) > 0 && string(w.Default) != "null" {
		var v any
		if json.Unmarshal(w.Default, &v) == nil {
			p.HasDefault, p.Default = true, v
		}
	}
	if p.Support != nil && p.Support.Status == StatusHidden {
		p.Hidden = true
	}
	p.Unimplemented = w.Implemented != nil && !*w.Implemented
	for _, c := range w.Constraints {
		p.Constraints = append(p.Constraints, convertConstraint(c))
	}
	if depth < maxNesting && len(w.Schema) > 0 {
		if item, ok := w.Schema["*"]; ok && (p.Type == "list" || len(w.Schema) == 1) {
			p.Item = convertProperty("*", item, depth+1)
		} else {
			p.Fields = make(map[string]*Property, len(w.Schema))
			for n, c := range w.Schema {
				p.Fields[n] = convertProperty(n, c, depth+1)
			}
		}
	}
	return p
}

func convertConstraint(w wire.Constraint) Constraint {
	c := Constraint{Description: w.Description}
	switch {
	case w.AllowedValues != nil:
		c.Kind = ConstraintAllowedValues
		for _, raw := range w.AllowedValues {
			var v any
			if json.Unmarshal(raw, &v) == nil {
				c.AllowedValues = append(c.AllowedValues, v)
			}
		}
	case w.Range != nil:
		c.Kind, c.Min, c.Max = ConstraintRange, w.Range.Min, w.Range.Max
	case w.Length != nil:
		c.Kind, c.Min, c.Max = ConstraintLength, w.Length.Min, w.Length.Max
	case w.Modulo != nil:
		c.Kind, c.Step, c.Offset = ConstraintModulo, w.Modulo.Step, w.Modulo.Offset
	case w.AllowedPattern != nil:
		c.Kind, c.Pattern = ConstraintAllowedPattern, *w.AllowedPattern
	case w.CustomConstraint != nil:
		c.Kind, c.Custom = ConstraintCustom, *w.CustomConstraint
	}
	return c
}
