package main

import (
	"context"

	"heat-ls/analysis/check"
	"heat-ls/analysis/lint"
	"heat-ls/analysis/preview"
	"heat-ls/analysis/source"
	"heat-ls/analysis/workspace"
	"heat-ls/schema"
)

// previewCheck returns the hook with which the preview runs heat-ls
// check's rules on the files it read, with the environments applied,
// keeping the errors (what Heat refuses).
func previewCheck(sc *schema.Schema, envPaths []string) (func([]string) []preview.CheckProblem, error) {
	envs, err := workspace.ReadEnvironments(envPaths)
	if err != nil {
		return nil, err
	}
	return func(paths []string) []preview.CheckProblem {
		rep := lint.Check(context.Background(), lint.Options{
			Paths:     paths,
			Schema:    sc,
			Workspace: func(files []string) check.WorkspaceView { return workspace.CLIView(files, envs) },
		})
		var out []preview.CheckProblem
		for _, p := range rep.Problems {
			if p.Severity == source.SeverityError {
				out = append(out, preview.CheckProblem{Path: p.Path, Line: p.Line, Column: p.Column, Message: p.Message, Rule: p.Rule})
			}
		}
		return out
	}, nil
}
