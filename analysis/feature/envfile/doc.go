// Package envfile answers the editor's questions about an environment
// file that need the other files of the workspace: completion, hover and
// definition on registry keys and targets and on parameter names.
//
// The workspace is reached only through Index, which analysis/workspace
// implements; this package reads no file itself. Hover on an
// environment's own sections needs no other file and is
// analysis/feature/hover's.
//
// May use: analysis/feature/completion, analysis/feature/cursor, analysis/feature/hover, analysis/hot, analysis/source, analysis/syntax, schema.
package envfile
