package check

import (
	"heat-ls/analysis/check/pass"
	"heat-ls/analysis/check/references"
	"heat-ls/analysis/hot"
	"heat-ls/schema"
)

// What callers of Run name: the options and the workspace view are
// declared in analysis/check/pass, where the rules read them; these
// aliases keep them at the entrance.
type (
	Options          = pass.Options
	WorkspaceView    = pass.WorkspaceView
	FileState        = pass.FileState
	AppliedParameter = pass.AppliedParameter
	NestedTypes      = pass.NestedTypes
	NestedTemplate   = pass.NestedTemplate
	Definition       = pass.Definition
)

// The states of a referenced file (see pass.FileState).
const (
	FileFound     = pass.FileFound
	FileMissing   = pass.FileMissing
	FileOutside   = pass.FileOutside
	FileRemote    = pass.FileRemote
	FileUnknown   = pass.FileUnknown
	FileDirectory = pass.FileDirectory
)

// ResourceDefinitions returns r's own definition followed by the member
// definitions it embeds (see pass.ResourceDefinitions).
func ResourceDefinitions(r *hot.Resource) []Definition { return pass.ResourceDefinitions(r) }

// DependencyLoops returns the resources of t that depend on each other in
// loops (see references.DependencyLoops).
func DependencyLoops(t *hot.Template, sc *schema.Schema) [][]string {
	return references.DependencyLoops(t, sc)
}
