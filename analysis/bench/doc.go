// Package bench holds heat-ls's end-to-end speed benchmarks and the helper
// that measures the floor they are compared with: the bare yaml.v3 parse of
// the same text. Every benchmark reports its cost as a multiple of that
// floor ("x-parse"), so the overhead heat-ls adds on top of reading YAML at
// all is visible on any machine. The benchmarks themselves live in the
// _test.go files of this package (analysis-level: diagnostics at several
// sizes, hover and completion latency), in lsp (open and change through
// the document store, memory with many documents open), in analysis/lint
// (heat-ls check over a tree), and in cmd/heat-ls, end to end against the
// built binary over pipes (typing latency, heat-ls check, resident memory
// of an indexed workspace).
//
// Run them with
//
//	go test -run '^$' -bench . -benchtime 20x ./analysis/bench ./analysis/lint ./lsp
//
// May use: nothing.
package bench
