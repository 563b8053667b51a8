// Package workspace is heat-ls's multi-file view of a Heat project: the
// templates and environment files under the workspace folders, found by
// content, plus the documents open in the editor (whose text wins over the
// disk). On top of the file index it answers the questions a single file
// cannot: which template a resource type stands for (a relative path, or a
// type mapped by an environment's resource_registry), which environments
// set a parameter, whether a get_file path exists.
//
// Every file access goes through one Guard (guard.go): heat-ls never reads
// or shows a file outside the workspace folders and the directory tree of
// the document that refers to it, and never fetches URLs.
//
// The package is protocol-free: paths are plain absolute file paths, spans
// are byte offsets. Snapshots are immutable values, safe to share between
// goroutines; the Index swaps in new ones as files change.
//
// May use: analysis/check, analysis/feature, analysis/feature/completion, analysis/feature/cursor, analysis/feature/envfile, analysis/feature/hover, analysis/hot, analysis/limits, analysis/source, analysis/syntax, schema, schema/spell.
package workspace
