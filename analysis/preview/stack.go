package preview

import (
	"heat-ls/analysis/eval"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/source"
)

// Stack is one previewed stack (the top one or a nested one).
type Stack struct {
	// Name is the stack's name: the given name for the top stack,
	// "<parent>-<resource>" for nested ones.
	Name string
	// Template is the template's path.
	Template   string
	Parameters []*Parameter
	Conditions []*Condition
	Resources  []*Resource
	// Excluded lists the resources a false condition leaves out.
	Excluded []string
	Outputs  []*Output
}

// Parameter is a parameter's effective value and where it came from.
type Parameter struct {
	Name, Type, Source string
	Value              eval.Value
	Hidden             bool
}

// Condition is a condition's truth (a Bool, or Unknown).
type Condition struct {
	Name  string
	Value eval.Value
}

// Resource is one resource of a stack.
type Resource struct {
	Name string
	// Type is the type as written; Implementation the template path or
	// type the registry maps it to ("" when it is a built-in type).
	Type, Implementation string
	// Condition is the condition's value when the resource has one (true,
	// or unknown: an unknown condition keeps the resource, marked).
	Condition      *eval.Value
	Properties     eval.Value
	Metadata       eval.Value
	DeletionPolicy string
	UpdatePolicy   eval.Value
	DependsOn      []string
	RequiredBy     []string
	// Nested is the nested stack (template resources and groups) when
	// expanded; NotExpanded says why it is not when it could be.
	Nested      *Stack
	NotExpanded string
	From        eval.Origin
}

// Output is one output's value.
type Output struct {
	Name, Description string
	Value             eval.Value
}

// Problem is something Heat would refuse, with the file it is in.
type Problem struct {
	File    string
	Span    source.Span
	Message string
}

// Result is a preview: the stack, the problems, and every document read
// (so callers can map problem spans to lines).
type Result struct {
	Stack    *Stack
	Problems []Problem
	Docs     map[string]*hot.Document
}
