package feature

import (
	"heat-ls/analysis/hot"
	"heat-ls/analysis/source"
	"heat-ls/analysis/syntax"
	"heat-ls/schema"
)

// TargetKind says what kind of thing sits under the cursor.
type TargetKind int

// The kinds Locate distinguishes.
const (
	TargetNone TargetKind = iota
	// TargetReference is a name that points at a definition: get_param's
	// parameter, get_resource / get_attr / depends_on resource names,
	// condition names (condition:, if, not, and, or), parameter_groups
	// entries, and Ref's target.
	TargetReference
	// TargetDefinition is the name key of a parameter, resource, output or
	// condition.
	TargetDefinition
	// TargetFunction is the name key of an intrinsic function call.
	TargetFunction
	// TargetKey is a section or field key; Context says where.
	TargetKey
	// TargetResourceType is a resource's type: value.
	TargetResourceType
	// TargetProperty is a key inside a resource's properties (nested keys
	// included); PropertyPath is its dotted schema path.
	TargetProperty
	// TargetAttribute is get_attr's attribute item (the second item).
	TargetAttribute
	// TargetVersion is the heat_template_version value.
	TargetVersion
)

func (k TargetKind) String() string {
	switch k {
	case TargetReference:
		return "reference"
	case TargetDefinition:
		return "definition"
	case TargetFunction:
		return "function"
	case TargetKey:
		return "key"
	case TargetResourceType:
		return "resource-type"
	case TargetProperty:
		return "property"
	case TargetAttribute:
		return "attribute"
	case TargetVersion:
		return "version"
	}
	return "none"
}

// Namespace is the kind of name a reference or definition belongs to.
type Namespace int

// Name spaces of a template.
const (
	NamespaceNone Namespace = iota
	NamespaceParameter
	NamespaceResource
	NamespaceCondition
	NamespaceOutput
)

func (n Namespace) String() string {
	switch n {
	case NamespaceParameter:
		return "parameter"
	case NamespaceResource:
		return "resource"
	case NamespaceCondition:
		return "condition"
	case NamespaceOutput:
		return "output"
	}
	return "none"
}

// Target is what Locate found under an offset.
type Target struct {
	Kind TargetKind
	// Node is the scalar under the cursor (a key or a value).
	Node *syntax.Node
	// Span is the token's full span (quotes included); NameSpan its inner
	// text (quotes excluded), which is what rename replaces.
	Span, NameSpan source.Span
	// Name is the token's text: the name, key, function, type or version.
	Name string
	// Namespace is set for references and definitions.
	Namespace Namespace
	// Context is where a TargetKey sits (top level, parameter body, ...).
	Context schema.Context
	// Call is the innermost call the token belongs to (for references,
	// attributes and function names), nil otherwise.
	Call *hot.Call
	// Resource is the resource concerned: the one whose type, property or
	// body key is under the cursor, or for an attribute the resource
	// get_attr names (nil when that resource does not exist).
	Resource *hot.Resource
	// PropertyPath is the dotted schema path of a property key, list items
	// written as "*" (e.g. "networks.*.port").
	PropertyPath string
	// Entry is the parameter, resource, output or condition whose body (or
	// name key) holds the cursor, nil elsewhere.
	Entry *hot.Entry
}

// InnerSpan is a scalar's span without its quotes.
func InnerSpan(n *syntax.Node) source.Span {
	s := n.Span()
	if (n.Style == syntax.SingleQuoted || n.Style == syntax.DoubleQuoted) && s.Len() >= 2 {
		return source.Span{Start: s.Start + 1, End: s.End - 1}
	}
	return s
}

// IsPseudo reports whether name is one of Heat's pseudo parameters in
// some HOT version (the version decides which; the check package says so).
func IsPseudo(name string) bool {
	switch name {
	case "OS::stack_name", "OS::stack_id", "OS::project_id", "OS::region":
		return true
	}
	return false
}
