package graph

import (
	"heat-ls/analysis/hot"
	"heat-ls/analysis/workspace"
)

// FromSnapshot is the Options.Nested the CLI and the server use: a type
// stands for the first template the workspace resolves it to (a path
// written as the type, or a resource_registry mapping).
func FromSnapshot(s *workspace.Snapshot) func(fromPath, resourceName, typeName string) (string, *hot.Document, bool) {
	return func(fromPath, resourceName, typeName string) (string, *hot.Document, bool) {
		if s == nil || fromPath == "" {
			return "", nil, false
		}
		res := s.Resolve(fromPath, resourceName, typeName)
		for _, c := range res.Candidates {
			if f := c.Template(); f != nil {
				return f.Path, s.Full(f).Doc, true // a summary has no resources to draw
			}
		}
		return "", nil, false
	}
}
