package hot

import (
	"sync"

	"heat-ls/analysis/source"
	"heat-ls/analysis/syntax"
)

// Kind tells what a document is, decided by its content.
type Kind int

const (
	// KindOther is any YAML that is neither: heat-ls stays silent on it.
	KindOther Kind = iota
	// KindTemplate has a top-level heat_template_version.
	KindTemplate
	// KindEnvironment has only environment sections at its top level.
	KindEnvironment
)

// Document is one parsed text with everything derived from it. It is an
// immutable value: a new text gets a new Document.
type Document struct {
	Src    []byte
	Mapper *source.Mapper
	Syntax *syntax.File
	Kind   Kind
	// Template is set when Kind is KindTemplate.
	Template *Template
	// Env is set when Kind is KindEnvironment.
	Env *Environment
	// Jinja is true for a Jinja2 source (jinja.go): Syntax and the model
	// come from the text with its Jinja2 constructs blanked (same offsets),
	// and Syntax holds no problems.
	Jinja bool
	// Summary is true for a template's summary (see Summarize): it holds
	// the text and its outline, no syntax tree and no Template.
	Summary bool
	// outline is a summary's outline (see Outline).
	outline *Outline

	// derived holds answers computed from this document once (see
	// Derived): the document never changes, so neither do they.
	derived sync.Map
}

// Derived returns the answer compute gives for key, computed once per
// document and kept with it: whole-document answers (semantic tokens,
// folding ranges) that an editor asks for again and again between two
// edits then cost a look-up. key identifies the answer and every input
// besides the document (a comparable value of a type private to the
// caller's package, so answers of different packages never collide).
// Two callers racing on a new key may both compute; the first answer
// stored is the one every caller gets. The answer is shared: callers
// must not modify it.
func (d *Document) Derived(key any, compute func() any) any {
	if v, ok := d.derived.Load(key); ok {
		return v
	}
	v, _ := d.derived.LoadOrStore(key, compute())
	return v
}

// Known returns the answer kept for key, when one was computed.
func (d *Document) Known(key any) (any, bool) { return d.derived.Load(key) }

// Entry is one named entry of a section: a parameter, resource, output,
// condition, or a top-level section itself.
type Entry struct {
	Name  string
	Key   *syntax.Node // the name's key node (its span is the definition site)
	Value *syntax.Node // the entry's body, possibly null or not a mapping
}

// Field returns the pair for key in the entry's body when it is a mapping.
func (e *Entry) Field(key string) syntax.Pair {
	if e == nil {
		return syntax.Pair{}
	}
	return e.Value.Resolve().Lookup(key)
}

// Template is the model of a HOT template.
type Template struct {
	Root *syntax.Node
	// Version is the heat_template_version pair, nil when missing.
	Version syntax.Pair
	// VersionText is the version as written ("2018-08-31", "rocky"), empty
	// when missing or not a scalar.
	VersionText string
	// Sections are all top-level entries in source order, duplicates and
	// unknown ones included.
	Sections []*Entry

	Parameters      []*Parameter
	ParameterGroups []*ParameterGroup
	Resources       []*Resource
	Outputs         []*Output
	Conditions      []*Condition

	// Calls lists every intrinsic function call in the template in source
	// order, nested ones included (see Call); nil in a model made by
	// ParseForEvaluation.
	Calls []*Call

	params     map[string]*Parameter
	resources  map[string]*Resource
	outputs    map[string]*Output
	conditions map[string]*Condition
}

// Section returns the last top-level entry named name, or nil.
func (t *Template) Section(name string) *Entry {
	for i := len(t.Sections) - 1; i >= 0; i-- {
		if t.Sections[i].Name == name {
			return t.Sections[i]
		}
	}
	return nil
}

// Parameter looks a parameter up by name (the last definition wins, as in Heat).
func (t *Template) Parameter(name string) *Parameter {
	if t.params == nil {
		return lastNamed(t.Parameters, name, func(p *Parameter) string { return p.Name })
	}
	return t.params[name]
}

// Resource looks a resource up by name.
func (t *Template) Resource(name string) *Resource {
	if t.resources == nil {
		return lastNamed(t.Resources, name, func(r *Resource) string { return r.Name })
	}
	return t.resources[name]
}

// Output looks an output up by name.
func (t *Template) Output(name string) *Output {
	if t.outputs == nil {
		return lastNamed(t.Outputs, name, func(o *Output) string { return o.Name })
	}
	return t.outputs[name]
}

// Condition looks a condition up by name.
func (t *Template) Condition(name string) *Condition {
	if t.conditions == nil {
		return lastNamed(t.Conditions, name, func(c *Condition) string { return c.Name })
	}
	return t.conditions[name]
}

// lastNamed is the lookup of a section without its map (a summary's short
// sections, see Summarize): the last entry of that name, as the map holds.
func lastNamed[T any](list []*T, name string, nameOf func(*T) string) *T {
	for i := len(list) - 1; i >= 0; i-- {
		if nameOf(list[i]) == name {
			return list[i]
		}
	}
	return nil
}

// Parameter is one entry of the parameters section.
type Parameter struct {
	Entry
	// Type is the "type" value as written, empty when missing.
	Type string
}

// ParameterGroup is one item of parameter_groups.
type ParameterGroup struct {
	Node  *syntax.Node   // the item (normally a mapping with label/description/parameters)
	Label string         // its label, if a scalar
	Names []*syntax.Node // scalar items of its "parameters" list
}

// Resource is one entry of the resources section.
type Resource struct {
	Entry
	// Type is the "type" value as written (a type name or a template
	// path), empty when missing or not a scalar.
	Type     string
	TypeNode *syntax.Node
	// Properties is the "properties" value, nil when absent.
	Properties *syntax.Node
	// DependsOn holds the scalar names under depends_on (one string or a
	// list of strings).
	DependsOn []*syntax.Node
	// ConditionRef is the value of the "condition" key (a name, a boolean
	// or an expression), nil when absent.
	ConditionRef *syntax.Node
}

// Output is one entry of the outputs section.
type Output struct {
	Entry
	ConditionRef *syntax.Node
}

// Condition is one entry of the conditions section; Value is its expression.
type Condition struct {
	Entry
}

// Context says which part of a template a call sits in, because Heat
// allows different functions in different places.
type Context int

const (
	InResource  Context = iota + 1 // resource definition (properties, metadata, policies, ...)
	InOutput                       // output value or other output key
	InCondition                    // conditions section
	InParameter                    // parameters section (Heat does not resolve functions here)
	InOther                        // anywhere else
)

// Call is an intrinsic function call: a mapping with exactly one key whose
// name is a function or condition function of some HOT version (any
// version: the check package decides what the declared version accepts).
// Near misses such as "get_parm" are not calls; checks look for them.
type Call struct {
	Name    string       // the function name as written
	Map     *syntax.Node // the one-entry mapping
	Key     *syntax.Node // the name key
	Args    *syntax.Node // the argument value
	Context Context
	// Owner is the entry the call belongs to (a resource, output or
	// condition), nil elsewhere.
	Owner *Entry
	// Parent is the enclosing call, nil at the top.
	Parent *Call
}

// Environment is the model of a Heat environment file.
type Environment struct {
	Root     *syntax.Node
	Sections []*Entry
	// Parameters and ParameterDefaults are the entries of those sections.
	Parameters        []*Entry
	ParameterDefaults []*Entry
	// Registry holds resource_registry mappings of a type name (or glob)
	// to a target (a template path, URL or another type name).
	Registry []*RegistryEntry
	// ResourceOverrides holds resource_registry.resources.<name>.<type>
	// entries: per-resource mappings.
	ResourceOverrides   []*ResourceOverride
	EncryptedParamNames []*syntax.Node
	MergeStrategies     []*Entry
	EventSinks          *syntax.Node
}

// RegistryEntry maps a type name (possibly a glob) to a target.
type RegistryEntry struct {
	Name   string
	Key    *syntax.Node
	Target *syntax.Node
}

// ResourceOverride is a registry entry scoped to one resource name.
type ResourceOverride struct {
	Resource    string
	ResourceKey *syntax.Node
	Entries     []*RegistryEntry // type mappings, plus hooks such as "hooks"
	Body        *syntax.Node
}

// IsEnvironmentSection reports whether name is a top-level key an
// environment file may have.
func IsEnvironmentSection(name string) bool {
	for _, s := range environmentSections() {
		if s == name {
			return true
		}
	}
	return false
}

// EnvironmentSections lists the top-level keys of an environment file.
func EnvironmentSections() []string { return environmentSections() }

func environmentSections() []string {
	return []string{"parameters", "parameter_defaults", "resource_registry",
		"encrypted_param_names", "event_sinks", "parameter_merge_strategies"}
}
