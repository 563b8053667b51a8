package pass

import (
	"heat-ls/analysis/hot"
	"heat-ls/analysis/source"
	"heat-ls/analysis/syntax"
)

// WorkspaceView is what rules may ask about the files around the checked
// document: environments, nested templates, files named by get_file. The
// workspace package implements it (check never imports workspace, so the
// dependency stays one way). Options.Workspace is nil when a document is
// checked alone; every workspace rule is then silent.
type WorkspaceView interface {
	// TypeMapped reports whether an environment that applies maps the
	// resource type name (exactly, by a pattern, or per resource).
	TypeMapped(typeName string) bool
	// NestedTemplates says what a resource type written in the template
	// at fromPath (inside resource resourceName) stands for. While
	// TypeMapped(typeName) is false, the answer does not depend on
	// resourceName (no per-resource entry maps the type), and it is the
	// zero NestedTypes unless the type is a template path.
	NestedTemplates(fromPath, resourceName, typeName string) NestedTypes
	// FileState says whether a file reference (a get_file path, a
	// template path) written in the document at fromPath can be found.
	FileState(fromPath, ref string) FileState
	// ParameterDefaulted reports whether an applying environment sets
	// name under parameter_defaults, which Heat passes down to every
	// nested stack.
	ParameterDefaulted(name string) bool
	// AppliedParameters lists the values set under "parameters" and
	// "parameter_defaults" by environment files applied explicitly to the
	// checked template (as with "openstack stack create -e"), in the order
	// they apply; nil when none are applied, as in the editor, where an
	// environment's target template is unknown.
	AppliedParameters() []AppliedParameter
	// EnvironmentsApplied reports whether environments were applied
	// explicitly (check --env): the view then knows everything that
	// applies, and missing values are certain rather than likely.
	EnvironmentsApplied() bool
	// TemplateParameters lists the parameter names the templates of the
	// workspace declare; nil when no template is known (then environment
	// entries are not compared with templates).
	TemplateParameters() []string
	// TopLevelParameters lists the parameter names declared by the
	// workspace templates that no other template nests (the ones an
	// environment's "parameters" can reach); nil when there is none.
	TopLevelParameters() []string
	// UsedAsNested reports whether some template of the workspace uses
	// the template at path as a resource type (directly or through an
	// environment's resource_registry), so it runs as a nested stack.
	UsedAsNested(path string) bool
}

// AppliedParameter is one parameters / parameter_defaults entry of an
// applied environment.
type AppliedParameter struct {
	Name string
	// Defaults is true for parameter_defaults entries.
	Defaults bool
	// Env is the environment file's path, Span the entry key's span in it,
	// Value the value node (in the environment's syntax tree).
	Env   string
	Span  source.Span
	Value *syntax.Node
}

// NestedTypes is what a resource type stands for. When several
// environments map a type differently, there is one template per distinct
// target; rules report only what is wrong for all of them.
type NestedTypes struct {
	// Mapped: the type is a template path or an environment maps it.
	Mapped bool
	// Templates are the readable nested templates the type stands for.
	Templates []NestedTemplate
	// Opaque is true when some meaning of the type cannot be checked (a
	// plain type, a URL, a missing or unreadable file): rules that would
	// report unknown properties or attributes stay silent.
	Opaque bool
	// MissingPath is the resolved path when the type itself is a template
	// path that does not exist; Outside is true when the path leaves the
	// workspace and the template's directory tree.
	MissingPath string
	Outside     bool
}

// zero reports whether n is the answer for a type that stands for no
// template: nothing mapped, nothing to read.
func (n NestedTypes) zero() bool {
	return !n.Mapped && !n.Opaque && !n.Outside && n.MissingPath == "" && len(n.Templates) == 0
}

// NestedTemplate is one template a resource type stands for.
type NestedTemplate struct {
	Path string
	// Outline is what the rules read of the template (the workspace
	// keeps no syntax tree of a file that is not open).
	Outline *hot.Outline
	// Full parses the template on demand, for the few rules that judge
	// its resources (a value handed down that its properties refuse);
	// nil when the view cannot give a parse.
	Full func() *hot.Document
	// Src is the template's text, which a rule may search before it asks
	// for the full parse; nil when the view does not give it.
	Src []byte
	// Via is the environment file that maps the type, "" when the type is
	// the template's path itself.
	Via string
}

// FileState is the outcome of looking a file reference up.
type FileState int

const (
	// FileFound: the file exists inside the allowed folders.
	FileFound FileState = iota
	// FileMissing: a local path that does not exist.
	FileMissing
	// FileOutside: a local path outside the workspace folders and the
	// document's own directory tree; heat-ls does not look at it.
	FileOutside
	// FileRemote: a URL, never fetched.
	FileRemote
	// FileUnknown: the document has no path (an unsaved buffer), so
	// relative references cannot be resolved.
	FileUnknown
	// FileDirectory: the path names a directory, not a file.
	FileDirectory
)
