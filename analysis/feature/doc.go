// Package feature answers the editor's questions about one HOT document:
// what is under the cursor (Locate), hover text, definitions, references,
// rename edits, symbols, completion and quick fixes; where the cursor
// stands while text is being typed comes from analysis/feature/cursor.
// Everything works on byte offsets and spans of a *hot.Document and
// returns this package's own result types; the lsp layer converts them to
// the protocol.
//
// May use: analysis/check, analysis/feature/cursor, analysis/hot, analysis/rules, analysis/source, analysis/syntax, schema.
package feature
