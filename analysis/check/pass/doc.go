// Package pass is what every rule shares: one run's state (Pass, and reports
// with the severity analysis/rules declares), the entry-local walks that
// let an edit judge one resource again, the answers a rule carries to the
// next version of a document (answers.go), the workspace view, and the
// look-ups rules share (the declared version, positions of entries and
// calls, suggestions, quieting), and the evaluator every rule asks what
// a value is (analysis/eval under the template's defaults). It judges
// nothing itself.
//
// May use: analysis/check/values, analysis/eval, analysis/hot, analysis/rules, analysis/source, analysis/syntax, schema, schema/spell.
package pass
