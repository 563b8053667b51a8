// Package edittest makes the seeded random edits the incremental-analysis
// tests replay: texts to start from and edits like typing, so the tests
// of the reparse (analysis/hot) and of the rules that reuse findings
// (analysis/check) compare incremental and full results on the same kind
// of input. Equal compares what holds syntax trees (reflect.DeepEqual
// cannot).
//
// May use: analysis/hot, analysis/syntax, analysis/syntax/synthtest, schema/refdata.
package edittest
