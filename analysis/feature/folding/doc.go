// Package folding computes the folding ranges of a HOT document: entries
// and list items whose value spans lines, block scalars, comment runs.
//
// Ranges computes them from the tree; RangesAfter reuses the ranges of
// the version an edit was spliced into, folding again only what the
// splice replaced (splice.go, and member.go for a member below an entry).
//
// May use: analysis/hot, analysis/syntax.
package folding
