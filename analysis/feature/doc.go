// Package feature answers the editor's questions about one HOT document:
// what is under the cursor (Locate), hover text, definitions, references,
// rename edits, symbols and quick fixes. Everything works on byte offsets
// and spans of a *hot.Document and returns this package's own result
// types; the lsp layer converts them to the protocol.
//
// May use: analysis/check, analysis/hot, analysis/rules, analysis/source, analysis/syntax, schema.
package feature
