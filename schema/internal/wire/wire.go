// Package wire defines the compact JSON forms that the generator writes into
// schema/data and that the schema package reads back. Keeping both sides on
// the same Go types means the embedded files cannot drift from the decoder.
//
// The resource type body deliberately uses the same field names as
// `openstack orchestration resource type show TYPE -f json`, so a user's own
// schema file decodes with the very same types.
package wire

import "encoding/json"

// Versions is the whole of data/versions.json.
type Versions struct {
	HeatVersion string    `json:"heat_version"`
	Versions    []Version `json:"versions"`
}

// Version holds Heat's exact sets for one HOT template version, in Heat's order.
type Version struct {
	Name                     string            `json:"version"`
	Aliases                  []string          `json:"aliases,omitempty"`
	Functions                []string          `json:"functions"`
	RemovedFunctions         []string          `json:"removed_functions,omitempty"`
	ConditionFunctions       []string          `json:"condition_functions,omitempty"`
	InvalidInConditions      []string          `json:"invalid_in_conditions,omitempty"`
	RemovedInConditions      []string          `json:"removed_in_conditions,omitempty"`
	Sections                 []string          `json:"sections"`
	UndefinedSectionAccepted bool              `json:"undefined_section_accepted,omitempty"`
	ResourceKeys             []string          `json:"resource_keys"`
	OutputKeys               []string          `json:"output_keys"`
	DeletionPolicies         []string          `json:"deletion_policies"`
	ParameterKeys            []string          `json:"parameter_keys"`
	ParameterTypes           []string          `json:"parameter_types"`
	ConstraintKeys           []string          `json:"constraint_keys"`
	ConstraintKinds          []string          `json:"constraint_kinds"`
	RejectedConstraintKinds  map[string]string `json:"rejected_constraint_kinds,omitempty"`
	PseudoParameters         []string          `json:"pseudo_parameters"`
	HasConditions            bool              `json:"has_conditions,omitempty"`
}

// Index is data/types_index.json: every type's header plus where its body
// lies in data/types_body.json, so bodies are decoded only when asked for.
type Index struct {
	HeatVersion string            `json:"heat_version"`
	Aliases     map[string]string `json:"aliases"`
	Globs       []Glob            `json:"globs"`
	Types       []Header          `json:"types"`
}

// Glob rewrites a name prefix: OS::Quantum… → OS::Neutron….
type Glob struct {
	Prefix string `json:"prefix"`
	Target string `json:"target"`
}

// Header is what Load needs eagerly for a type.
type Header struct {
	Name                     string   `json:"n"`
	Support                  *Support `json:"s,omitempty"`
	APIVisible               bool     `json:"v,omitempty"`
	RegistryKind             string   `json:"k,omitempty"`
	TemplateURL              string   `json:"u,omitempty"`
	SnapshotDeletion         bool     `json:"snap,omitempty"`
	RequiredServiceExtension string   `json:"ext,omitempty"`
	// NoOp: the release replaced the type with a stub that accepts any
	// properties, creates nothing and answers null for every attribute.
	NoOp   bool `json:"noop,omitempty"`
	Offset int  `json:"o"`
	Length int  `json:"l"`
}

// Body is one resource type's schema; the first five fields are the shape
// of `openstack orchestration resource type show -f json`, the rest are the
// facts Heat's API hides but a checker needs.
type Body struct {
	ResourceType     string                `json:"resource_type,omitempty"`
	Description      string                `json:"description,omitempty"`
	Properties       map[string]*Property  `json:"properties,omitempty"`
	Attributes       map[string]*Attribute `json:"attributes,omitempty"`
	SupportStatus    *Support              `json:"support_status,omitempty"`
	HiddenProperties map[string]*Property  `json:"hidden_properties,omitempty"`
	HiddenAttributes map[string]*Attribute `json:"hidden_attributes,omitempty"`
	PropertySupport  map[string]*Support   `json:"property_support_status,omitempty"`
	AttributeSupport map[string]*Support   `json:"attribute_support_status,omitempty"`
	UpdatePolicy     map[string]*Property  `json:"update_policy_schema,omitempty"`
}

// Property is one property schema (also used for update policies).
type Property struct {
	Type          string               `json:"type,omitempty"`
	Description   string               `json:"description,omitempty"`
	Required      bool                 `json:"required,omitempty"`
	UpdateAllowed bool                 `json:"update_allowed,omitempty"`
	Immutable     bool                 `json:"immutable,omitempty"`
	Default       json.RawMessage      `json:"default,omitempty"`
	Constraints   []Constraint         `json:"constraints,omitempty"`
	Schema        map[string]*Property `json:"schema,omitempty"`
	SupportStatus *Support             `json:"support_status,omitempty"`
	Implemented   *bool                `json:"implemented,omitempty"`
}

// Attribute is one attribute schema.
type Attribute struct {
	Type          string   `json:"type,omitempty"`
	Description   string   `json:"description,omitempty"`
	SupportStatus *Support `json:"support_status,omitempty"`
}

// Constraint is one property constraint; exactly one kind field is set.
type Constraint struct {
	Description      string            `json:"description,omitempty"`
	AllowedValues    []json.RawMessage `json:"allowed_values,omitempty"`
	Range            *Bounds           `json:"range,omitempty"`
	Length           *Bounds           `json:"length,omitempty"`
	Modulo           *Modulo           `json:"modulo,omitempty"`
	AllowedPattern   *string           `json:"allowed_pattern,omitempty"`
	CustomConstraint *string           `json:"custom_constraint,omitempty"`
}

// Bounds is an inclusive range; either end may be absent.
type Bounds struct {
	Min *float64 `json:"min,omitempty"`
	Max *float64 `json:"max,omitempty"`
}

// Modulo says a number must equal Offset modulo Step.
type Modulo struct {
	Step   *float64 `json:"step,omitempty"`
	Offset *float64 `json:"offset,omitempty"`
}

// Support is a support status with its history.
type Support struct {
	Status   string   `json:"status,omitempty"`
	Version  string   `json:"version,omitempty"`
	Message  string   `json:"message,omitempty"`
	Previous *Support `json:"previous_status,omitempty"`
}

// Releases is data/releases.json: every Heat release heat-ls knows, oldest
// first, each as its differences from the one before it (the first from
// the base in types_index.json). Bodies of changed types lie in
// data/releases_body.json at their header's offset.
type Releases struct {
	// Constraints are the custom constraint names the base release's
	// plugins register.
	Constraints []string  `json:"constraints"`
	Releases    []Release `json:"releases"`
}

// Release is one Heat release and what changed in it.
type Release struct {
	Name        string `json:"name"`     // "2025.1"
	Codename    string `json:"codename"` // "Epoxy"; empty when not yet named
	Heat        int    `json:"heat"`     // Heat's major version, 24
	HeatVersion string `json:"heat_version"`
	// Development: not released yet (Heat's development branch).
	Development bool `json:"development,omitempty"`
	// Types are the types new or changed in this release, full headers.
	Types              []Header `json:"types,omitempty"`
	ConstraintsAdded   []string `json:"constraints_added,omitempty"`
	ConstraintsRemoved []string `json:"constraints_removed,omitempty"`
}
