// Package feature answers the editor's questions about one HOT document
// that follow from what is under the cursor: Locate, and on it hover,
// definitions, references, rename, symbols, hints and the views.
//
// It is also the base the other feature packages build on: View (which
// parse a query reads while the text is broken or in flux), Target and
// Namespace (what a position names) and the occurrences of a name.
// Beside it stand analysis/feature/completion (what may be typed) and
// analysis/feature/envfile (environment files, with the workspace);
// where the cursor stands while text is typed comes from
// analysis/feature/cursor. Everything works on byte offsets and spans of
// a *hot.Document and returns this package's own result types; the lsp
// layer converts them to the protocol.
//
// May use: analysis/check, analysis/feature/cursor, analysis/hot, analysis/rules, analysis/source, analysis/syntax, schema.
package feature
