package main

import (
	"context"
	"path/filepath"
	"slices"

	"heat-ls/analysis/check"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/lint"
	"heat-ls/analysis/preview"
	"heat-ls/analysis/source"
	"heat-ls/analysis/workspace"
	"heat-ls/schema"
)

// previewCheck returns the hook with which the preview runs heat-ls
// check's rules on the files it read, with the environments applied,
// keeping the errors (what Heat refuses). The files are checked on the
// preview's own parses: none is read or parsed a second time.
func previewCheck(envPaths []string) func(*schema.Schema, map[string]*hot.Document) []preview.CheckProblem {
	return func(sc *schema.Schema, docs map[string]*hot.Document) []preview.CheckProblem {
		paths := make([]string, 0, len(docs))
		var parsed []*workspace.File
		for p, d := range docs {
			paths = append(paths, p)
			parsed = append(parsed, workspace.OpenFile(p, d))
		}
		slices.Sort(paths)
		var envs []*workspace.File
		for _, e := range envPaths {
			abs, err := filepath.Abs(e)
			if d := docs[abs]; err == nil && d != nil && d.Kind == hot.KindEnvironment {
				envs = append(envs, workspace.OpenFile(abs, d))
			}
		}
		rep := lint.Check(context.Background(), lint.Options{
			Paths:     paths,
			Schema:    sc,
			Workspace: func(files []string) check.WorkspaceView { return workspace.CLIViewOf(files, envs, parsed) },
			Parsed:    func(abs string) *hot.Document { return docs[abs] },
		})
		var out []preview.CheckProblem
		for _, p := range rep.Problems {
			if p.Severity == source.SeverityError {
				out = append(out, preview.CheckProblem{Path: p.Path, Line: p.Line, Column: p.Column, Message: p.Message, Rule: p.Rule})
			}
		}
		return out
	}
}
