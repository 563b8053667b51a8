package envfile

import (
	"heat-ls/analysis/hot"
	"heat-ls/analysis/source"
)

// Index is what the environment-file answers of this package know about
// the other files of the workspace. The workspace index implements it;
// features never read files themselves.
type Index interface {
	// MappedTypes lists the custom type names environments of the
	// workspace map (patterns excluded), sorted.
	MappedTypes() []string
	// TemplateFiles lists the absolute paths of the workspace templates.
	TemplateFiles() []string
	// ParameterDecls lists the workspace template parameters named name,
	// or all of them when name is "".
	ParameterDecls(name string) []Param
	// Template returns the parsed template at path as the environment at
	// fromPath may see it (nil when missing, not a template, or outside
	// the folders heat-ls may read).
	Template(path, fromPath string) *hot.Document
	// Resolve turns a registry target written in the environment at
	// fromPath into an absolute path ("" for URLs and type names).
	Resolve(fromPath, ref string) string
}

// Param is one template parameter declaration.
type Param struct {
	Name, Type, Description string
	// Default is the default's source text, HasDefault whether there is one.
	Default    string
	HasDefault bool
	// Path and Key locate the declaration; Doc is the template.
	Path string
	Key  source.Span
	Doc  *hot.Document
}

// FileLocation is a place in some file; Doc is set when the file is a
// parsed template or environment (for position mapping).
type FileLocation struct {
	Path string
	Span source.Span
	Doc  *hot.Document
}
