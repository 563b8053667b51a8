// Package feature says what a position of a HOT document names (Locate)
// and answers what follows straight from it: definitions, references...
//
// On Locate stand definitions, references, rename, symbols, selection
// ranges, code lenses, inlay hints and signature help. It is also the
// base the other feature packages build on: View (which parse a query
// reads while the text is broken or in flux), Target and Namespace, the
// occurrences of a name, Edit. Beside it, under analysis/feature, stand a
// package per feature that needs more than the base: completion (what
// may be typed), hover (explanations), envfile (environment files, with
// the workspace), codeaction (quick fixes), folding and semantic (tokens
// for highlighting); where the cursor stands while text is typed comes
// from cursor. Everything works on byte offsets and spans of a
// *hot.Document and returns the packages' own result types; the lsp layer
// converts them to the protocol.
//
// May use: analysis/feature/cursor, analysis/hot, analysis/source, analysis/syntax, schema.
package feature
