// Package limits holds the size limits every part of heat-ls applies to
// what it reads: the editor's documents, "heat-ls check", "heat-ls graph",
// the workspace index and the project file. They live in one place so that
// a file one part accepts is never refused by another; docs/limits.md
// lists them for users.
//
// It holds constants only and imports nothing, so every package may use
// it: analysis/config, analysis/graph, analysis/lint, analysis/workspace,
// lsp and lsp/store read their limits here. (The schema package, below
// analysis, keeps its own bound on user schema files.)
//
// May use: nothing.
package limits
