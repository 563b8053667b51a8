// Package codeaction offers the quick fixes for a document's diagnostics,
// from a spelling suggestion to a parameter to declare.
//
// The fixes also add required properties, replace a removed function or
// raise the template version. QuickFixes reads the rule ids and data the
// checks attach (analysis/rules) and answers with edits in
// analysis/feature's Edit type; codeaction.go holds the dispatch,
// fixer.go what every fix shares, each other file one kind of fix.
//
// May use: analysis/feature, analysis/hot, analysis/rules, analysis/source, analysis/syntax, schema.
package codeaction
